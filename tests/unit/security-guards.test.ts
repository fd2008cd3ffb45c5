import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";

import { parseForm, submittedForm } from "~/forms/form-data.server";
import { bodyLimit, crossSiteRefusal, MAX_FORM_BYTES, MAX_UPLOAD_BYTES } from "../../server/request-guards";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe("form field names that could reach Object.prototype", () => {
  const prototypeNames = Object.getOwnPropertyNames(Object.prototype);
  const snapshot = () =>
    Object.getOwnPropertyNames(Object.prototype).map((name) => [name, Object.prototype[name as keyof object]]);

  const post = (entries: [string, string][]) =>
    new Request("http://panel.test/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(entries).toString(),
    });

  it.each(prototypeNames.flatMap((name) => [name, `${name}.call`, `${name}.x.y`, `a.${name}`, `items[${name}]`]))(
    "refuses %s with a 400 before any value is built",
    async (name) => {
      const thrown = await submittedForm(
        post([
          ["email", "a@b.test"],
          [name, "1"],
        ]),
      ).catch((error: unknown) => error);
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(400);
    },
  );

  it("builds values as flat own properties and leaves Object.prototype untouched", () => {
    const before = snapshot();
    const hostile = prototypeNames.flatMap((name): [string, string][] => [
      [name, "1"],
      [`${name}.call`, "1"],
    ]);
    const result = parseForm(formOf([["email", "a@b.test"], ...hostile]), z.object({ email: z.string() }));
    expect(result).toEqual({ ok: true, data: { email: "a@b.test" }, values: { email: "a@b.test" } });
    expect(snapshot()).toEqual(before);
  });

  it("keeps a repeated name as a list (the tier form's features)", () => {
    const result = parseForm(
      formOf([
        ["features", "a"],
        ["features", "b"],
        ["constructorName", "kept out: not in the schema"],
      ]),
      z.object({ features: z.array(z.string()) }),
    );
    expect(result).toEqual({ ok: true, data: { features: ["a", "b"] }, values: { features: ["a", "b"] } });
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

  it("allows 1 MB forms, and 20 MB multipart posts only to the forms that take a file", () => {
    expect(bodyLimit("application/x-www-form-urlencoded", "/memberships/create")).toBe(MAX_FORM_BYTES);
    expect(bodyLimit("multipart/form-data; boundary=x", "/memberships/create")).toBe(MAX_UPLOAD_BYTES);
    expect(bodyLimit("multipart/form-data; boundary=x", "/memberships/edit/3")).toBe(MAX_UPLOAD_BYTES);
    expect(bodyLimit("multipart/form-data; boundary=x", "/login")).toBe(MAX_FORM_BYTES);
    expect(bodyLimit("multipart/form-data; boundary=x", "/memberships/create/../../login")).toBe(MAX_FORM_BYTES);
    expect(bodyLimit(undefined)).toBe(MAX_FORM_BYTES);
  });
});
