/**
 * Security suite: hostile form bodies. One anonymous post must never hurt the process for the
 * next request: field names that reach Object.prototype, names no form has, bodies that are not
 * forms, too many fields, paths that are not UTF-8. Real panel and demo API over real HTTP.
 */
import { describe, expect, it } from "vitest";

import { recordedRequests } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** Every form route the panel has (each exports an action), with a field set it accepts. */
async function formRoutes(admin: PanelClient): Promise<{ path: string; signedIn: boolean }[]> {
  const plans = await (await admin.get("/memberships")).text();
  const planId = /\/memberships\/edit\/([\w-]+)/.exec(plans)?.[1];
  if (!planId) throw new Error("no plan on /memberships");
  return [
    { path: "/login", signedIn: false },
    { path: "/logout", signedIn: false },
    { path: "/forgot-password", signedIn: false },
    { path: "/reset-password?token=x", signedIn: false },
    { path: "/delete-account", signedIn: false },
    { path: "/resources/sidebar", signedIn: false },
    { path: "/", signedIn: true },
    { path: "/users", signedIn: true },
    { path: "/users/5", signedIn: true },
    { path: "/badge-requests", signedIn: true },
    { path: "/posts", signedIn: true },
    { path: "/announcements", signedIn: true },
    { path: "/memberships", signedIn: true },
    { path: "/memberships/create", signedIn: true },
    { path: `/memberships/edit/${planId}`, signedIn: true },
    { path: `/memberships/view/${planId}`, signedIn: true },
    { path: "/account/sessions", signedIn: true },
  ];
}

/** Every screen an admin or a visitor can open; each must still render after the attacks. */
const SCREENS = [
  "/",
  "/users",
  "/users/5",
  "/badge-requests",
  "/posts",
  "/announcements",
  "/memberships",
  "/memberships/create",
  "/account/sessions",
];
const PUBLIC_SCREENS = ["/login", "/forgot-password", "/reset-password?token=x", "/delete-account", "/no-such-page"];

/** The names of Object.prototype's own members: the segments a dotted-name expansion must never write through. */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

function multipart(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

async function postMultipart(client: PanelClient, path: string, fields: [string, string][]): Promise<Response> {
  return fetch(new URL(path, client.baseUrl), {
    method: "POST",
    body: multipart(fields),
    headers: { cookie: client.cookieHeader() },
    redirect: "manual",
  });
}

async function postRaw(client: PanelClient, path: string, body: string, contentType?: string): Promise<Response> {
  const headers: Record<string, string> = { cookie: client.cookieHeader() };
  if (contentType) headers["content-type"] = contentType;
  return fetch(new URL(path, client.baseUrl), { method: "POST", body, headers, redirect: "manual" });
}

async function expectEveryScreenRenders(admin: PanelClient) {
  for (const path of SCREENS) {
    const response = await admin.get(path);
    expect(response.status, path).toBe(200);
    expect(await response.text(), path).toContain("</html>");
  }
  const visitor = new PanelClient(stack.panel.url);
  for (const path of PUBLIC_SCREENS) {
    const response = await visitor.get(path);
    expect(response.status, path).toBe(path === "/no-such-page" ? 404 : 200);
    expect(await response.text(), path).toContain("</html>");
  }
  expect((await fetch(`${stack.panel.url}/readyz`)).status).toBe(200);
}

describe("field names that reach Object.prototype", () => {
  it("answers 400 to each, on every form route, urlencoded and multipart, and every screen still renders", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const visitor = new PanelClient(stack.panel.url);
    const routes = await formRoutes(admin);
    const before = (await recordedRequests(stack.demo.url)).length;
    const failures: string[] = [];
    // One route at a time, its attacks at once: about 1,200 posts in all.
    for (const { path, signedIn } of routes) {
      const client = signedIn ? admin : visitor;
      const attacks = PROTOTYPE_NAMES.flatMap((name) => [name, `${name}.call`, `${name}.x`]).map(async (field) => {
        const fields: [string, string][] = [
          ["email", "admin@example.com"],
          [field, "1"],
        ];
        const urlencoded = await client.post(path, fields);
        if (urlencoded.status !== 400) failures.push(`${path} ${field} urlencoded: ${urlencoded.status}`);
        const formData = await postMultipart(client, path, fields);
        if (formData.status !== 400) failures.push(`${path} ${field} multipart: ${formData.status}`);
      });
      await Promise.all(attacks);
    }
    expect(failures).toEqual([]);
    // None of them reached the upstream.
    expect((await recordedRequests(stack.demo.url)).length).toBe(before);
    await expectEveryScreenRenders(admin);
  }, 180_000);
});

describe("bodies that are not the forms the panel serves", () => {
  it.each([
    ["a dotted name beside its plain name", "email=a%40b.test&email.x=1", "application/x-www-form-urlencoded"],
    ["an indexed password", "email=a%40b.test&password.0=secret", "application/x-www-form-urlencoded"],
    ["a bracketed name", "email=a%40b.test&password[0]=secret", "application/x-www-form-urlencoded"],
    ["a JSON body", JSON.stringify({ email: "a@b.test", password: "x" }), "application/json"],
    ["a body without a content type", "email=a%40b.test", undefined],
    ["a text body", "email=a@b.test", "text/plain"],
    [
      "a malformed multipart body",
      "--X\r\nContent-Disposition: form-data\r\n\r\nbroken",
      "multipart/form-data; boundary=X",
    ],
    ["a multipart body without a boundary", "--X\r\n", "multipart/form-data"],
  ])("answers 400 to %s, and the next request is served", async (_what, body, contentType) => {
    const visitor = new PanelClient(stack.panel.url);
    for (const path of ["/login", "/forgot-password", "/reset-password?token=x"]) {
      const response = await postRaw(visitor, path, body, contentType);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).not.toMatch(/at .+\.js:\d+/);
    }
    const admin = await PanelClient.signedIn(stack.panel.url);
    const response = await postRaw(admin, "/posts", body, contentType);
    expect(response.status).toBe(400);
    expect((await admin.get("/posts")).status).toBe(200);
  });

  it("refuses a form with more fields than any form has (413) without reading it into the page", async () => {
    const fields = new URLSearchParams();
    for (let i = 0; i < 100_000; i++) fields.append(`f${i}`, "x");
    const response = await postRaw(
      new PanelClient(stack.panel.url),
      "/reset-password?token=x",
      fields.toString(),
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text.length).toBeLessThan(20_000);
    expect(text).not.toContain("f99999");
  });

  it("echoes back only the fields the form has", async () => {
    const response = await new PanelClient(stack.panel.url).post("/forgot-password", {
      email: "not-an-email",
      injected: "<b>echo-me</b>",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("not-an-email");
    expect(html).not.toContain("echo-me");
  });
});

describe("paths that are not UTF-8", () => {
  it.each(["/%ff", "/users/%C0%AE", "/%E0%A4%A", "/login/%ff"])(
    "answers %s with 400 and no stack trace",
    async (path) => {
      const response = await fetch(`${stack.panel.url}${path}`);
      expect(response.status).toBe(400);
      expect(await response.text()).not.toMatch(/at .+:\d+:\d+/);
      expect(stack.panel.output()).not.toMatch(/"level":"error"[^\n]*URIError/);
      expect((await fetch(`${stack.panel.url}/login`)).status).toBe(200);
    },
  );
});
