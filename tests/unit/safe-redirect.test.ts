import { describe, expect, it } from "vitest";

import { safeRedirect } from "~/session/safe-redirect";

import { HOSTILE_REDIRECTS } from "../support/hostile-redirects";

describe("safeRedirect", () => {
  it.each(HOSTILE_REDIRECTS)("keeps %j on the panel", (target) => {
    const result = safeRedirect(target);
    // Whatever comes back resolves to the panel and is not read as protocol-relative.
    expect(new URL(result, "https://panel.test").origin).toBe("https://panel.test");
    expect(result).toMatch(/^\/(?![/\\])/);
    // eslint-disable-next-line no-control-regex -- no control character may get through
    expect(result).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  });

  it.each([
    ["/.//evil.test", "/"],
    ["/..//evil.test", "/"],
    ["/%2e//evil.test", "/"],
    ["//evil.test", "/"],
    ["/\\evil.test", "/"],
    ["/\t/evil.test", "/"],
    ["https://evil.test", "/"],
    ["javascript:alert(1)", "/"],
    ["/%2f%2fevil.test", "/"],
  ])("answers the fallback for %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it("keeps a path on the panel with its query and hash", () => {
    expect(safeRedirect("/users?page=2&search=ann")).toBe("/users?page=2&search=ann");
    expect(safeRedirect("/users/5?status=approved#invitees")).toBe("/users/5?status=approved#invitees");
    expect(safeRedirect("/")).toBe("/");
  });

  it("sends the resolved path, never the raw input", () => {
    expect(safeRedirect("/users/../posts")).toBe("/posts");
    expect(safeRedirect("/users/./5")).toBe("/users/5");
    expect(safeRedirect("/users?search=a b")).toBe("/users?search=a%20b");
  });

  it("keeps an encoded search value, which is data, not a path", () => {
    expect(safeRedirect("/users?search=%2F%2Fevil.test")).toBe("/users?search=%2F%2Fevil.test");
  });

  it("uses the fallback for a missing target", () => {
    expect(safeRedirect(undefined, "/login")).toBe("/login");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(42)).toBe("/");
    expect(safeRedirect(["/users"])).toBe("/");
  });
});
