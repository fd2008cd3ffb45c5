/**
 * The security suite (issue 8): requests from elsewhere, cookies and identity, redirects,
 * headers, bad input, upstream faults, abuse and the audit trail. Real panel and demo API over
 * real HTTP; `npm run test:security` runs it with the CSP check in the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clearRecordedRequests, holdCalls, injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type RunningServer, startPanel } from "../support/servers";
import { useStack } from "../support/use-stack";

// Failed sign-ins are one audit line per address and second here (SIGN_IN_AUDIT_SECONDS; a minute in the product).
const stack = useStack({ SIGN_IN_AUDIT_SECONDS: "1" });
/** A second panel on the same demo API: behind a TLS proxy, with the real rate limit. */
let proxied: RunningServer;

beforeAll(async () => {
  proxied = await startPanel(`${stack.demo.url}/api`, {
    TRUST_PROXY: "loopback",
    AUTH_RATE_LIMIT_PER_MINUTE: "10",
    LOGIN_FAILURES_PER_ACCOUNT: "10",
  });
});
afterAll(async () => {
  await proxied?.stop();
});

/** A signed-in admin, with the request log cleared after the sign-in. */
async function admin() {
  const panel = await PanelClient.signedIn(stack.panel.url);
  await clearRecordedRequests(stack.demo.url);
  return panel;
}

const EVIL = "https://evil.test";

describe("requests from elsewhere", () => {
  const writes: [string, Record<string, string>][] = [
    ["/login", { email: "admin@example.com", password: "Admin12345" }],
    ["/logout", {}],
    ["/posts", { intent: "delete", id: "30" }],
    ["/posts.data", { intent: "delete", id: "30" }],
    ["/users", { intent: "ban", id: "12" }],
    ["/badge-requests.data", { intent: "approve", id: "9" }],
    ["/announcements", { intent: "delete", id: "3" }],
    ["/resources/sidebar", { expanded: "false", redirectTo: "/" }],
    ["/delete-account", { intent: "generate-key", email: "member@example.com" }],
  ];

  it.each(writes)("refuses a cross-site POST to %s and calls nothing upstream", async (path, fields) => {
    const panel = await admin();
    const attempts: Record<string, string>[] = [
      { origin: EVIL },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
      { origin: EVIL, "sec-fetch-site": "same-site" },
    ];
    for (const headers of attempts) {
      const response = await panel.post(path, fields, headers);
      expect([400, 403]).toContain(response.status);
    }
    expect(await recordedRequests(stack.demo.url)).toEqual([]);
  });

  it("lets a same-origin browser POST through", async () => {
    const panel = await admin();
    const response = await panel.post(
      "/posts",
      { intent: "delete", id: "30" },
      { origin: stack.panel.url, "sec-fetch-site": "same-origin" },
    );
    expect(response.status).toBe(302);
  });

  it("lets a plain POST without Origin through (test clients)", async () => {
    const response = await new PanelClient(stack.panel.url).post("/login", {
      email: "admin@example.com",
      password: "Admin12345",
    });
    expect(response.status).toBe(302);
  });

  it("works behind a TLS proxy: same-origin POSTs pass, cookies are Secure, HSTS is sent", async () => {
    const host = new URL(proxied.url).host;
    const panel = new PanelClient(proxied.url);
    const viaProxy = { "x-forwarded-proto": "https", origin: `https://${host}`, "sec-fetch-site": "same-origin" };
    const response = await panel.post("/login", { email: "admin@example.com", password: "Admin12345" }, viaProxy);
    expect(response.status).toBe(302);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    for (const line of response.headers.getSetCookie()) expect(line).toMatch(/; Secure/);
    const refused = await panel.post("/logout", {}, { ...viaProxy, origin: `http://${host}` });
    expect(refused.status).toBe(403);
  });
});

describe("cookies and identity", () => {
  /** Every cookie the panel sets in a short session: sign-in, a toast, the sidebar, account deletion. */
  async function cookiesOfASession(baseUrl: string, headers: Record<string, string> = {}) {
    const panel = new PanelClient(baseUrl);
    const lines: string[] = [];
    const keep = (response: Response) => lines.push(...response.headers.getSetCookie());
    keep(await panel.post("/login", { email: "admin@example.com", password: "Admin12345" }, headers));
    keep(await panel.post("/resources/sidebar", { expanded: "false", redirectTo: "/" }, headers));
    keep(await panel.post("/posts", { intent: "delete", id: "31" }, headers));
    keep(await panel.post("/delete-account", { intent: "generate-key", email: "member@example.com" }, headers));
    return new Map(lines.map((line) => [line.split("=")[0]!, line]));
  }

  it("sets SameSite on every cookie, HttpOnly and a signature on all but sidebar_state", async () => {
    const cookies = await cookiesOfASession(stack.panel.url);
    expect([...cookies.keys()].sort()).toEqual([
      "account_deletion",
      "panel_device",
      "session",
      "sidebar_state",
      "toast",
      "user",
    ]);
    for (const [name, line] of cookies) {
      expect(line, name).toMatch(/; SameSite=(Lax|Strict)/i);
      if (name === "sidebar_state") continue;
      expect(line, name).toMatch(/; HttpOnly/i);
      const value = decodeURIComponent(line.split(";")[0]!.slice(name.length + 1));
      expect(value, name).toMatch(/\.[A-Za-z0-9_+/=-]{20,}$/);
    }
  });

  it("marks every cookie but sidebar_state Secure over HTTPS", async () => {
    const host = new URL(proxied.url).host;
    const cookies = await cookiesOfASession(proxied.url, { "x-forwarded-proto": "https", origin: `https://${host}` });
    for (const [name, line] of cookies) expect(line, name).toMatch(/; Secure/);
  });

  it("grants nothing to a user cookie forged with role ADMIN", async () => {
    const forged = new PanelClient(stack.panel.url);
    const payload = Buffer.from(
      JSON.stringify({ role: "ADMIN", userName: "Mallory", username: null, email: "m@evil.test", avatar: null }),
    ).toString("base64");
    forged.setCookie("user", encodeURIComponent(`${payload}.forged-signature`));
    forged.setCookie("session", "stolen-token.forged-signature");
    const response = await forged.get("/users");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login/);
    expect(await recordedRequests(stack.demo.url, "/users")).toEqual([]);
  });

  it("sends an admin whose session the upstream no longer accepts to sign in again", async () => {
    const panel = await admin();
    await injectFault(stack.demo.url, { method: "GET", path: "/users", status: 401, times: 1 });
    const response = await panel.get("/users?page=2");
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fusers%3Fpage%3D2&expired=1");
    expect(panel.cookie("user")).toBeUndefined();
  });

  it("shows the forbidden view once the upstream refuses the admin (a role changed upstream)", async () => {
    const panel = await admin();
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 403, body: { message: "Forbidden" } });
    const response = await panel.get("/posts");
    expect(response.status).toBe(403);
    expect(decodeEntities(await response.text())).toContain("You do not have access to this page");
  });
});

describe("redirects", () => {
  const targets = [
    "//evil.test",
    "/\\evil.test",
    "/\t/evil.test",
    "/%09/evil.test",
    "https://evil.test",
    "javascript:alert(1)",
  ];

  it.each(targets)("keeps redirectTo=%j on the panel at sign-in and on the sidebar toggle", async (redirectTo) => {
    const panel = new PanelClient(stack.panel.url);
    const login = await panel.post("/login", { email: "admin@example.com", password: "Admin12345", redirectTo });
    expect(login.headers.get("location")).toBe("/");
    const sidebar = await panel.post("/resources/sidebar", { expanded: "true", redirectTo });
    expect(sidebar.headers.get("location")).toBe("/");
  });
});

describe("headers", () => {
  it("sends a fresh CSP nonce per response and the strict directives", async () => {
    const [first, second] = await Promise.all([fetch(`${stack.panel.url}/login`), fetch(`${stack.panel.url}/login`)]);
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    const csp = first.headers.get("content-security-policy")!;
    expect(nonceOf(csp)).toBeTruthy();
    expect(nonceOf(csp)).not.toBe(nonceOf(second.headers.get("content-security-policy")!));
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(directive);
    expect(/connect-src ([^;]+)/.exec(csp)![1]!.trim()).toBe(`'self' ${new URL(stack.demo.url).origin}`);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(csp)}"`);
  });

  it("sends nosniff and a Referrer-Policy, and no X-Powered-By", async () => {
    const response = await fetch(`${stack.panel.url}/login`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it.each([
    "/",
    "/users",
    "/users/12",
    "/posts",
    "/announcements",
    "/badge-requests",
    "/memberships",
    "/posts.data",
    "/_.data",
  ])("never lets a cache store the signed-in page %s", async (path) => {
    const panel = await admin();
    const response = await panel.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });
});

describe("bad input", () => {
  it.each([
    "__proto__",
    "constructor",
    "prototype",
    "__proto__.polluted",
    "a.constructor.prototype",
    "features.__proto__",
  ])("refuses a field named %s with a 400", async (name) => {
    const panel = await admin();
    for (const path of ["/login", "/posts", "/users", "/announcements", "/resources/sidebar"]) {
      const response = await panel.post(path, [
        ["intent", "delete"],
        ["id", "30"],
        [name, "yes"],
      ]);
      expect(response.status, path).toBe(400);
    }
    expect(await recordedRequests(stack.demo.url, "/posts/")).toEqual([]);
  });

  it("refuses a form over 1 MB and a multipart body over the 5 MB image plus margin with 413", async () => {
    const panel = await admin();
    const big = await panel.post("/announcements", {
      intent: "create",
      title: "x",
      description: "y".repeat(1024 * 1024 + 10),
    });
    expect(big.status).toBe(413);
    const multipart = new FormData();
    multipart.set("intent", "create");
    multipart.set("image", new Blob([new Uint8Array(20 * 1024 * 1024 + 1)], { type: "image/png" }), "huge.png");
    const huge = await fetch(`${stack.panel.url}/memberships/create`, {
      method: "POST",
      body: multipart,
      headers: { cookie: panel.cookieHeader() },
    });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toMatch(/too large/i);
  });

  it.each([
    "/users/..%2F..%2Fadmin",
    "/users/12%20OR%201=1",
    "/users/view-invites/%3Cscript%3E",
    "/memberships/view/1;drop",
    "/memberships/edit/%00",
  ])("answers a malformed id in %s with 404 and no upstream call", async (path) => {
    const panel = await admin();
    const response = await panel.get(path);
    expect(response.status).toBe(404);
    expect((await recordedRequests(stack.demo.url)).filter((call) => call.path !== "/auth/signin")).toEqual([]);
  });
});

describe("upstream faults", () => {
  it.each([
    ["/users", "/users", "Some error occurred while fetching data"],
    ["/posts", "/posts", "Some error occurred while fetching data"],
    ["/announcements", "/announcements", "Some error occurred while fetching data"],
    ["/memberships", "/membership-plan/get-all", "Error loading memberships. Please try again."],
    ["/users/12", "/users/12", "User not found or some error occurred while fetching data"],
  ])("maps 500/502/503 on %s to the spec's error text", async (page, upstreamPath, text) => {
    const panel = await admin();
    for (const status of [500, 502, 503]) {
      await injectFault(stack.demo.url, { method: "GET", path: upstreamPath, status });
      const html = decodeEntities(await (await panel.get(page)).text());
      expect(html, `${status}`).toContain(text);
      await fetch(`${stack.demo.url}/__demo/faults`, { method: "DELETE" });
    }
  });

  it("maps a 404 to the screen's not-found text", async () => {
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/users/999999")).text());
    expect(html).toContain("User not found or some error occurred while fetching data");
  });

  it("puts 400/422 field errors on the form", async () => {
    const panel = await admin();
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/announcements",
      status: 422,
      body: { message: "Validation failed", errors: [{ field: "body.title", message: "Title is already taken" }] },
    });
    const response = await panel.post("/announcements?new", {
      intent: "create",
      title: "Duplicate",
      description: "Text",
      date: "2026-01-15T10:00",
      isActive: "on",
    });
    expect(response.status).toBe(422);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("title: Title is already taken");
    expect(html).toContain('value="Duplicate"');
  });

  it("shows the error text once UPSTREAM_TIMEOUT_MS runs out, while the upstream still hangs", async () => {
    const panel = await admin();
    // Held until the next test's reset: only the panel's own timeout can end the page's wait.
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/posts" });
    const html = decodeEntities(await (await panel.get("/posts")).text());
    expect(html).toContain("Some error occurred while fetching data");
    expect(await held.holding()).toBe(1);
  });

  it("never sends a mutation twice, even when it fails with 503", async () => {
    const panel = await admin();
    await injectFault(stack.demo.url, { method: "POST", path: "/users/verify/*", status: 503 });
    await panel.post("/users", { intent: "verify", id: "12" });
    expect(await recordedRequests(stack.demo.url, "/users/verify")).toHaveLength(1);
  });
});

describe("abuse", () => {
  // What the limit counts: sign-in failures per account (decision 035), the other forms per address.
  const otherAccount = { email: "member@example.com", password: "wrong-password" };
  const otherAddress = { "x-forwarded-for": "198.51.100.7" };
  type Unaffected = { fields?: Record<string, string>; headers?: Record<string, string> };
  it.each<[string, Record<string, string>, Unaffected]>([
    ["/login", { email: "admin@example.com", password: "wrong-password" }, { fields: otherAccount }],
    ["/forgot-password", { email: "nobody@example.com" }, { headers: otherAddress }],
    ["/delete-account", { intent: "generate-key", email: "nobody@example.com" }, { headers: otherAddress }],
  ])("refuses the eleventh %s within a minute with 429 and Retry-After", async (path, fields, unaffected) => {
    // Each case comes from its own address, as a proxy would say (TRUST_PROXY=loopback).
    const client = new PanelClient(proxied.url);
    const from = { "x-forwarded-for": `203.0.113.${path.length}` };
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await client.post(path, fields, from)).status, `attempt ${attempt}`).not.toBe(429);
    }
    const refused = await client.post(path, fields, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(toastMessage(await refused.text())).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    const notCounted = await client.post(path, unaffected.fields ?? fields, unaffected.headers ?? from);
    expect(notCounted.status).not.toBe(429);
  });
});

describe("audit trail", () => {
  function auditLines(output: string) {
    return output
      .split("\n")
      .filter((line) => line.includes('"msg":"audit"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("writes one JSON line per admin action, without secrets", async () => {
    const panel = await admin();
    const before = auditLines(stack.panel.output()).length;
    await panel.post("/users", { intent: "ban", id: "12" });
    // A delete the upstream refuses (a missing post is checked first and sends nothing).
    await injectFault(stack.demo.url, { method: "DELETE", path: "/posts/*", status: 500, times: 1 });
    await panel.post("/posts", { intent: "delete", id: "30" });
    await new PanelClient(stack.panel.url).post("/login", {
      email: "admin@example.com",
      password: "Secret-Password-1",
    });
    await expect.poll(() => auditLines(stack.panel.output()).length).toBe(before + 3);
    const [ban, failed, signIn] = auditLines(stack.panel.output()).slice(before);
    expect(ban).toMatchObject({
      admin: "admin@example.com",
      action: "banned",
      target: { kind: "user", id: "12" },
      // The server's answer, as the admin was told it.
      detail: "User banned successfully",
      status: 200,
      result: "done",
    });
    expect(typeof ban!.time).toBe("string");
    expect(failed).toMatchObject({
      action: "deleted",
      target: { kind: "post", id: "30" },
      status: 500,
      result: "failed",
    });
    // Gathered with the other failures from its address (security-sign-in-audit.test.ts): one account alone, named.
    expect(signIn).toMatchObject({ action: "signed in", admin: "admin@example.com", result: "failed", status: 401 });
    expect(stack.panel.output()).not.toContain("Secret-Password-1");
    expect(stack.panel.output()).not.toContain("Admin12345");
  });
});
