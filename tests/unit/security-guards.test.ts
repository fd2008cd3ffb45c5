import { generateFormData } from "remix-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";

import { auditEntry } from "~/session/audit.server";
import { parseForm } from "~/forms/form-data.server";
import { bodyLimit, crossSiteRefusal, MAX_FORM_BYTES, MAX_MULTIPART_BYTES } from "../../server/request-guards";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe("prototype pollution through form field names", () => {
  it("is a real trap in remix-hook-form's form parser", () => {
    generateFormData(formOf([["__proto__.polluted", "yes"]]));
    expect(({} as Record<string, unknown>).polluted).toBe("yes");
  });

  it.each([
    "__proto__",
    "constructor",
    "prototype",
    "__proto__.polluted",
    "a.constructor.prototype",
    "items[__proto__]",
  ])("is refused by parseForm for %s, and Object.prototype stays clean", (name) => {
    let thrown: unknown;
    try {
      parseForm(formOf([[name, "yes"]]), z.object({}));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps ordinary nested names working", () => {
    const result = parseForm(
      formOf([
        ["features.0", "a"],
        ["constructorName", "b"],
      ]),
      z.object({ features: z.array(z.string()) }),
    );
    expect(result.ok && result.data.features).toEqual(["a"]);
  });
});

describe("cross-site writes", () => {
  const own = "https://panel.example.com";
  it("lets same-origin and header-less requests through", () => {
    expect(crossSiteRefusal({ origin: own, secFetchSite: "same-origin" }, own)).toBeNull();
    expect(crossSiteRefusal({}, own)).toBeNull();
    expect(crossSiteRefusal({ secFetchSite: "none" }, own)).toBeNull();
  });

  it("refuses other sites, sibling subdomains and opaque origins", () => {
    expect(crossSiteRefusal({ secFetchSite: "cross-site" }, own)).toMatch(/cross-site/);
    expect(crossSiteRefusal({ secFetchSite: "same-site" }, own)).toMatch(/same-site/);
    expect(crossSiteRefusal({ origin: "https://evil.test" }, own)).toMatch(/foreign origin/);
    expect(crossSiteRefusal({ origin: "null" }, own)).toMatch(/foreign origin/);
    expect(crossSiteRefusal({ origin: "http://panel.example.com" }, own)).toMatch(/foreign origin/);
  });

  it("allows 1 MB forms and 6 MB multipart uploads", () => {
    expect(bodyLimit("application/x-www-form-urlencoded")).toBe(MAX_FORM_BYTES);
    expect(bodyLimit("multipart/form-data; boundary=x")).toBe(MAX_MULTIPART_BYTES);
    expect(bodyLimit(undefined)).toBe(MAX_FORM_BYTES);
  });
});

describe("auditEntry", () => {
  it("names the action, its target and the upstream call that carried it out", () => {
    const calls = [
      { method: "GET", path: "/users/12", status: 200 },
      { method: "GET", path: "/users/ban/12", status: 200 },
    ];
    expect(auditEntry({ admin: "admin@example.com", intent: "ban", target: "12" }, calls)).toEqual({
      msg: "admin action",
      admin: "admin@example.com",
      action: "ban",
      target: "12",
      upstream: "GET /users/ban/12",
      status: 200,
      result: "ok",
    });
  });

  it("says when nothing was sent or the upstream refused", () => {
    expect(auditEntry({ admin: null, intent: "promote", target: null }, [])).toMatchObject({
      result: "not sent",
      status: null,
    });
    expect(
      auditEntry({ admin: "a@b.c", intent: "delete", target: "9" }, [
        { method: "DELETE", path: "/posts/9", status: 404 },
      ]),
    ).toMatchObject({
      result: "failed",
      status: 404,
    });
  });
});
