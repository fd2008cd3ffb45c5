import { describe, expect, it } from "vitest";

import { safeRedirect } from "~/session/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "//evil.test",
    "/\\evil.test",
    "/\t/evil.test",
    "/%09/evil.test",
    "https://evil.test",
    "javascript:alert(1)",
    "/%5Cevil.test",
    "/\n/evil.test",
    "",
    "users",
  ])("keeps %j on the panel", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });

  it("keeps a path on the panel with its query", () => {
    expect(safeRedirect("/users?page=2&search=ann")).toBe("/users?page=2&search=ann");
  });

  it("uses the fallback for a missing target", () => {
    expect(safeRedirect(undefined, "/login")).toBe("/login");
    expect(safeRedirect(null)).toBe("/");
  });
});
