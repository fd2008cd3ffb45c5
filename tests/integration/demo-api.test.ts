/**
 * The demo API over real HTTP: auth, both error shapes, faults, reset, outbox, request log,
 * uploads, user filters and persistence. Answers are also parsed with the contract schemas,
 * so the demo API and the panel's upstream client cannot drift apart.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AnnouncementListAnswerSchema,
  AnnouncementStatsAnswerSchema,
  InviteListAnswerSchema,
  PendingBadgesAnswerSchema,
  PlanAnswerSchema,
  PlanListAnswerSchema,
  PostListAnswerSchema,
  SigninAnswerSchema,
  storedFileKey,
  UPSTREAM_SESSION_COOKIE,
  UserDetailsAnswerSchema,
  UserInvitesAnswerSchema,
  UserListAnswerSchema,
  ValidationErrorBodySchema,
} from "~/upstream/contract/index.ts";
import { createDemoApi, type DemoApi } from "../../demo-api/server.ts";

const ADMIN = { email: "admin@example.com", password: "Admin12345" };
const MODERATOR = { email: "moderator@example.com", password: "Moderator12345" };
const MEMBER = { email: "member@example.com", password: "Member12345" };

let api: DemoApi;
let base: string;
let admin: string;

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of every shape; each test reads what it checks
  body: any;
  ms: number;
}

async function call(
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined = options.raw;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON answers stay text.
  }
  return { status: res.status, headers: res.headers, body: parsed, ms: performance.now() - started };
}

/** Signs in and returns the Cookie header value of the upstream session. */
async function signIn(account: { email: string; password: string }, role = "ADMIN"): Promise<string> {
  const answer = await call("POST", "/api/auth/signin", { json: { ...account, role } });
  expect(answer.status).toBe(200);
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${UPSTREAM_SESSION_COOKIE}=`));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

beforeAll(async () => {
  api = createDemoApi({ dataFile: "" });
  base = (await api.listen(0)).url;
});

afterAll(async () => {
  await api.close();
});

beforeEach(async () => {
  expect((await call("POST", "/__demo/reset")).status).toBe(200);
  admin = await signIn(ADMIN);
});

describe("auth", () => {
  it("signs in with an opaque session cookie and the user the panel stores", async () => {
    const answer = await call("POST", "/api/auth/signin", {
      json: { email: "Admin@Example.com", password: ADMIN.password, role: "ADMIN" },
    });
    expect(answer.status).toBe(200);
    const parsed = SigninAnswerSchema.parse(answer.body);
    expect(parsed.data.user).toMatchObject({ role: "admin", email: "admin@example.com" });
    const cookie = answer.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{20,};/);
    for (const attribute of ["Path=/", "HttpOnly", "SameSite=None", "Secure", "Max-Age=604800"]) {
      expect(cookie).toContain(attribute);
    }
  });

  it("answers 401 without a session and for a logged-out one", async () => {
    expect(await call("GET", "/api/users")).toMatchObject({ status: 401, body: { message: "Unauthorized" } });
    const session = await signIn(ADMIN);
    const logout = await call("GET", "/api/auth/logout", { cookie: session });
    expect(logout.body).toEqual({ message: "Logged out successfully" });
    expect(logout.headers.getSetCookie()[0]).toContain("Max-Age=0");
    expect((await call("GET", "/api/users", { cookie: session })).status).toBe(401);
  });

  it("refuses wrong credentials, missing fields and members asking for ADMIN", async () => {
    expect(
      await call("POST", "/api/auth/signin", { json: { ...ADMIN, password: "nope", role: "ADMIN" } }),
    ).toMatchObject({
      status: 401,
      body: { message: "Invalid email or password" },
    });
    const missing = await call("POST", "/api/auth/signin", { json: { role: "ADMIN" } });
    expect(missing.status).toBe(400);
    expect(ValidationErrorBodySchema.parse(missing.body).errors).toEqual([
      { field: "body.email", message: "Email is required" },
      { field: "body.password", message: "Password is required" },
    ]);
    expect(await call("POST", "/api/auth/signin", { json: { ...MEMBER, role: "ADMIN" } })).toMatchObject({
      status: 403,
      body: { message: "Access denied. Admins only." },
    });
  });

  it("lets a moderator read but not mutate, and a member only see active plans", async () => {
    const moderator = await signIn(MODERATOR);
    expect((await call("GET", "/api/users", { cookie: moderator })).status).toBe(200);
    expect((await call("GET", "/api/membership-plan/get-active", { cookie: moderator })).status).toBe(200);
    expect(await call("DELETE", "/api/posts/1", { cookie: moderator })).toMatchObject({
      status: 403,
      body: { message: "Forbidden" },
    });
    expect((await call("GET", "/api/membership-plan/get-all", { cookie: moderator })).status).toBe(403);
    expect((await call("GET", "/api/users/ban/10", { cookie: moderator })).status).toBe(403);

    // A member session exists only through the app's sign-in (no ADMIN role asked).
    const member = await signIn(MEMBER, "USER");
    expect((await call("GET", "/api/users", { cookie: member })).status).toBe(403);
    expect((await call("GET", "/api/membership-plan/get-active", { cookie: member })).status).toBe(200);
  });
});

describe("errors", () => {
  it("answers a 300-character title with an errors array on body.title", async () => {
    const answer = await call("POST", "/api/announcements", {
      cookie: admin,
      json: {
        title: "x".repeat(300),
        description: "Body",
        date: "2026-02-01T10:00:00.000Z",
        isActive: true,
        isPinned: false,
      },
    });
    expect(answer.status).toBe(400);
    const body = ValidationErrorBodySchema.parse(answer.body);
    expect(body.errors).toContainEqual({ field: "body.title", message: "Title must be less than 255 characters" });
  });

  it("answers unknown ids and routes with 404 messages, bad JSON with 400, big bodies with 413", async () => {
    expect(await call("GET", "/api/users/99999", { cookie: admin })).toMatchObject({
      status: 404,
      body: { message: "User not found" },
    });
    expect(await call("DELETE", "/api/posts/99999", { cookie: admin })).toMatchObject({
      status: 404,
      body: { message: "Post not found" },
    });
    expect(await call("GET", "/api/nothing-here", { cookie: admin })).toMatchObject({
      status: 404,
      body: { message: "Not found" },
    });
    const malformed = await call("POST", "/api/announcements", {
      cookie: admin,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const huge = await call("POST", "/api/announcements", {
      cookie: admin,
      raw: JSON.stringify({ title: "t", description: "d".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
  });
});

describe("fault injection", () => {
  it("injects a status once, then answers normally", async () => {
    const created = await call("POST", "/__demo/faults", { json: { path: "/users", status: 503, times: 1 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ path: "/users", status: 503, times: 1 });
    expect(await call("GET", "/api/users", { cookie: admin })).toMatchObject({
      status: 503,
      body: { message: "Injected fault" },
    });
    expect((await call("GET", "/api/users", { cookie: admin })).status).toBe(200);
    expect((await call("GET", "/__demo/faults")).body.data).toEqual([]);
  });

  it("delays with delayMs, matches prefixes, and DELETE clears everything", async () => {
    // eslint-disable-next-line no-restricted-syntax -- the test of the delay itself (a lower bound only)
    await call("POST", "/__demo/faults", { json: { method: "GET", path: "/posts*", delayMs: 300 } });
    const slow = await call("GET", "/api/posts", { cookie: admin });
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(280);
    await call("POST", "/__demo/faults", { json: { path: "/announcements", status: 500, body: { message: "Boom" } } });
    expect(await call("GET", "/api/announcements", { cookie: admin })).toMatchObject({
      status: 500,
      body: { message: "Boom" },
    });
    expect((await call("GET", "/__demo/faults")).body.data).toHaveLength(2);
    expect((await call("DELETE", "/__demo/faults")).status).toBe(200);
    expect((await call("GET", "/api/posts", { cookie: admin })).status).toBe(200);
    // The request log names the fault each call met: the first /posts call one, the last none.
    const posts = (await call("GET", "/__demo/requests?path=/posts")).body.data;
    expect(posts[0].faultId).toEqual(expect.any(Number));
    expect(posts.at(-1).faultId).toBeNull();
    expect((await call("GET", "/api/announcements", { cookie: admin })).status).toBe(200);
  });

  it("with afterCall runs the call, then answers the fault's status and body instead", async () => {
    await call("POST", "/__demo/faults", {
      json: { method: "DELETE", path: "/posts/2", status: 204, afterCall: true, times: 1 },
    });
    const deleted = await call("DELETE", "/api/posts/2", { cookie: admin });
    expect(deleted.status).toBe(204);
    const after = PostListAnswerSchema.parse((await call("GET", "/api/posts", { cookie: admin })).body);
    expect(after.data.data.map((post) => post.id)).not.toContain("2");
    // Without afterCall the fault answers instead of the call: the post stays.
    await call("POST", "/__demo/faults", { json: { method: "DELETE", path: "/posts/3", status: 200, times: 1 } });
    expect((await call("DELETE", "/api/posts/3", { cookie: admin })).status).toBe(200);
    const kept = PostListAnswerSchema.parse((await call("GET", "/api/posts", { cookie: admin })).body);
    expect(kept.data.data.map((post) => post.id)).toContain("3");
  });
});

describe("held calls", () => {
  /** Registers a hold fault and returns its id. */
  async function hold(fault: Record<string, unknown>): Promise<number> {
    const created = await call("POST", "/__demo/faults", { json: { ...fault, hold: true } });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }
  const postIds = async () =>
    PostListAnswerSchema.parse((await call("GET", "/api/posts", { cookie: admin })).body).data.data.map(
      (post) => post.id,
    );
  const logged = async (path: string) => (await call("GET", `/__demo/requests?path=${path}`)).body.data;

  it("keeps a call waiting, before it runs, until it is released; the release answers once it has been answered", async () => {
    const id = await hold({ method: "DELETE", path: "/posts/2", times: 1 });
    const pending = call("DELETE", "/api/posts/2", { cookie: admin });

    const arrived = await call("GET", `/__demo/faults/${id}/arrived`);
    expect(arrived).toMatchObject({ status: 200, body: { data: { id, hold: true, held: 1, arrived: 1, hits: 1 } } });
    // Held before it ran: the post is still there, and nothing is logged until the call is answered.
    expect(await postIds()).toContain("2");
    expect(await logged("/posts/2")).toEqual([]);

    expect(await call("POST", `/__demo/faults/${id}/release`)).toMatchObject({
      status: 200,
      body: { data: { released: 1 } },
    });
    expect(await logged("/posts/2")).toEqual([expect.objectContaining({ method: "DELETE", status: 200, faultId: id })]);
    expect((await pending).status).toBe(200);
    expect(await postIds()).not.toContain("2");
    // A release removes the fault: nothing is held any more.
    expect((await call("GET", `/__demo/faults/${id}`)).status).toBe(404);
  });

  it("holds every matching call until the release, then lets later ones pass", async () => {
    const id = await hold({ method: "GET", path: "/users*" });
    const pending = [call("GET", "/api/users", { cookie: admin }), call("GET", "/api/users/2", { cookie: admin })];
    expect((await call("GET", `/__demo/faults/${id}/arrived?count=2`)).body.data).toMatchObject({ held: 2 });
    expect((await call("GET", "/__demo/faults")).body.data).toEqual([expect.objectContaining({ id, held: 2 })]);

    expect((await call("POST", `/__demo/faults/${id}/release`)).body.data).toEqual({ released: 2 });
    expect((await Promise.all(pending)).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await call("GET", "/api/users", { cookie: admin })).status).toBe(200);
    expect((await call("GET", "/__demo/faults")).body.data).toEqual([]);
  });

  it("stays listed with times used up while it still holds a call", async () => {
    const id = await hold({ method: "GET", path: "/users", times: 1 });
    const pending = call("GET", "/api/users", { cookie: admin });
    await call("GET", `/__demo/faults/${id}/arrived`);
    // The second call is past the fault's times: it passes while the first is still held.
    expect((await call("GET", "/api/users", { cookie: admin })).status).toBe(200);
    expect((await call("GET", `/__demo/faults/${id}`)).body.data).toMatchObject({ remaining: 0, held: 1 });
    await call("POST", `/__demo/faults/${id}/release`);
    expect((await pending).status).toBe(200);
  });

  it("drops held calls unrun when the fault is removed, and on a reset; a wait for arrivals then ends", async () => {
    const removed = await hold({ method: "DELETE", path: "/posts/2" });
    const dropped = call("DELETE", "/api/posts/2", { cookie: admin });
    await call("GET", `/__demo/faults/${removed}/arrived`);
    expect((await call("DELETE", `/__demo/faults/${removed}`)).status).toBe(200);
    expect(await dropped).toMatchObject({ status: 503, body: { message: "Held call dropped: its fault was removed" } });
    expect(await postIds()).toContain("2");

    const reset = await hold({ method: "DELETE", path: "/posts/3" });
    const droppedByReset = call("DELETE", "/api/posts/3", { cookie: admin });
    await call("GET", `/__demo/faults/${reset}/arrived`);
    const waitingForTwo = call("GET", `/__demo/faults/${reset}/arrived?count=2`);
    expect((await call("POST", "/__demo/reset")).status).toBe(200);
    expect((await droppedByReset).status).toBe(503);
    expect((await waitingForTwo).status).toBe(409);
    // The dropped call was answered before the reset emptied the log: it leaves nothing behind.
    expect(await logged("/posts")).toEqual([]);
  });

  it("answers 404 for a fault that holds nothing and 400 for a count below 1", async () => {
    const created = await call("POST", "/__demo/faults", { json: { path: "/users", status: 503 } });
    expect((await call("POST", `/__demo/faults/${created.body.data.id}/release`)).status).toBe(404);
    expect((await call("GET", `/__demo/faults/${created.body.data.id}/arrived`)).status).toBe(404);
    expect((await call("POST", "/__demo/faults/9999/release")).status).toBe(404);
    const id = await hold({ path: "/users" });
    expect((await call("GET", `/__demo/faults/${id}/arrived?count=0`)).status).toBe(400);
  });

  it("answers the calls it holds when the server stops", async () => {
    const own = createDemoApi({ dataFile: "" });
    const url = (await own.listen(0)).url;
    const held = await fetch(`${url}/__demo/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/auth/logout", hold: true }),
    });
    const { data } = (await held.json()) as { data: { id: number } };
    const pending = fetch(`${url}/api/auth/logout`);
    const waiting = fetch(`${url}/__demo/faults/${data.id}/arrived?count=2`);
    await fetch(`${url}/__demo/faults/${data.id}/arrived`);

    await own.close();

    expect((await pending).status).toBe(503);
    expect((await waiting).status).toBe(409);
  });
});

describe("reset", () => {
  it("restores the seed: a deleted post comes back", async () => {
    expect(await call("DELETE", "/api/posts/1", { cookie: admin })).toMatchObject({
      status: 200,
      body: { message: "Post deleted successfully" },
    });
    const after = PostListAnswerSchema.parse((await call("GET", "/api/posts", { cookie: admin })).body);
    expect(after.data.data.map((post) => post.id)).not.toContain("1");
    await call("POST", "/__demo/reset");
    const session = await signIn(ADMIN);
    const restored = PostListAnswerSchema.parse((await call("GET", "/api/posts", { cookie: session })).body);
    expect(restored.data.data.map((post) => post.id)).toContain("1");
  });
});

describe("outbox", () => {
  it("mails a reset link whose token sets a new password, once", async () => {
    const forgot = await call("POST", "/api/auth/forgot-password", {
      json: { email: "MODERATOR@example.com" },
      headers: { "x-panel-origin": "http://panel.test:3000" },
    });
    expect(forgot.body).toEqual({
      message: "If an account with that email exists, a password reset link has been sent to your email.",
    });
    const outbox = await call("GET", "/__demo/outbox?to=moderator@example.com");
    const mail = outbox.body.data.at(-1);
    expect(mail).toMatchObject({ kind: "email", to: "moderator@example.com" });
    expect(mail.links[0]).toBe(`http://panel.test:3000/reset-password?token=${encodeURIComponent(mail.token)}`);

    expect(
      await call("POST", "/api/auth/reset-password", { json: { token: mail.token, password: "short" } }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ field: "body.password", message: "Password must be at least 8 characters" }] },
    });
    expect(
      (await call("POST", "/api/auth/reset-password", { json: { token: mail.token, password: "NewSecret123" } }))
        .status,
    ).toBe(200);
    expect(
      await call("POST", "/api/auth/reset-password", { json: { token: mail.token, password: "NewSecret123" } }),
    ).toMatchObject({
      status: 400,
      body: { message: "Invalid or expired reset token" },
    });
    expect((await call("POST", "/api/auth/signin", { json: { ...MODERATOR, role: "ADMIN" } })).status).toBe(401);
    await signIn({ email: MODERATOR.email, password: "NewSecret123" });
  });

  it("records nothing for an unknown account but answers the same", async () => {
    const before = (await call("GET", "/__demo/outbox")).body.data.length;
    const answer = await call("POST", "/api/auth/forgot-password", { json: { email: "nobody@example.com" } });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: "If an account with that email exists, a password reset link has been sent to your email." },
    });
    expect((await call("GET", "/__demo/outbox")).body.data).toHaveLength(before);
  });

  it("holds seeded verification links that verify an email", async () => {
    const mails = (await call("GET", "/__demo/outbox")).body.data as { to: string; token?: string; links: string[] }[];
    const mail = mails.find((candidate) => candidate.links[0]?.includes("/verify?token="));
    expect(mail?.token).toBeTruthy();
    const path = `/api/auth/verify-email/?token=${encodeURIComponent(mail!.token!)}`;
    expect(await call("GET", path)).toMatchObject({ status: 200, body: { message: "Email verified successfully" } });
    expect(await call("GET", path)).toMatchObject({
      status: 400,
      body: { message: "Verification link is invalid or has expired" },
    });
  });

  it("records pushes and security keys", async () => {
    expect(
      await call("POST", "/api/fcm/send-notification-to-user", {
        cookie: admin,
        json: { email: MEMBER.email, title: "Hello", body: "World" },
      }),
    ).toMatchObject({ status: 200, body: { message: "Notification sent successfully" } });
    const pushes = (await call("GET", `/__demo/outbox?to=${MEMBER.email}&kind=push`)).body.data;
    expect(pushes.at(-1)).toMatchObject({ kind: "push", subject: "Hello", text: "World" });

    expect((await call("POST", "/api/users/generate-key", { json: { email: MEMBER.email } })).status).toBe(200);
    const key = (await call("GET", `/__demo/outbox?to=${MEMBER.email}`)).body.data.at(-1).securityKey as string;
    expect(key).toMatch(/^\d{6}$/);
    const wrong = key === "000000" ? "111111" : "000000";
    expect(
      await call("POST", "/api/users/delete-user", { json: { email: MEMBER.email, securityKey: wrong } }),
    ).toMatchObject({
      status: 400,
      body: { message: "Invalid security key" },
    });
    expect(
      await call("POST", "/api/users/delete-user", { json: { email: MEMBER.email, securityKey: key } }),
    ).toMatchObject({
      status: 200,
      body: { message: "Your account has been deleted successfully" },
    });
    expect((await call("GET", "/api/users/5", { cookie: admin })).status).toBe(404);
  });
});

describe("request log", () => {
  it("records method, path, query, body (passwords redacted) and session presence", async () => {
    await call("DELETE", "/__demo/requests");
    await call("GET", "/api/users?page=2&limit=5", { cookie: admin });
    await call("POST", "/api/auth/signin", {
      json: { email: "nobody@example.com", password: "secret-value", role: "ADMIN" },
    });
    await call("PATCH", "/api/membership-plan/1/active", { cookie: admin, json: { isActive: false } });
    const all = (await call("GET", "/__demo/requests")).body.data;
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({
      method: "GET",
      path: "/users",
      query: { page: "2", limit: "5" },
      body: null,
      hasSession: true,
      status: 200,
    });
    expect(all[1]).toMatchObject({
      method: "POST",
      path: "/auth/signin",
      body: { email: "nobody@example.com", password: "[redacted]", role: "ADMIN" },
      hasSession: false,
      status: 401,
    });
    expect(all[2]).toMatchObject({ method: "PATCH", body: { isActive: false }, status: 200 });
    const filtered = (await call("GET", "/__demo/requests?path=/membership-plan")).body.data;
    expect(filtered.map((entry: { path: string }) => entry.path)).toEqual(["/membership-plan/1/active"]);
  });
});

describe("uploads", () => {
  it("hands out a presigned URL that takes a PUT and serves the file back", async () => {
    const generated = await call("POST", "/api/file/generate-upload-url/admin", {
      cookie: admin,
      json: { fileName: "My Logo (1).png", fileType: "image/png" },
    });
    expect(generated.status).toBe(200);
    const url = generated.body.url as string;
    expect(url.startsWith(`${base}/uploads/membership/`)).toBe(true);
    expect(url).toMatch(/-My-Logo-1-\.png\?X-Demo-Signature=[0-9a-f]{64}&X-Demo-Expires=\d+$/);

    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PUT");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");

    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    const put = await fetch(url, { method: "PUT", headers: { "content-type": "image/png" }, body: bytes });
    expect(put.status).toBe(200);
    const key = storedFileKey(url);
    const got = await fetch(`${base}/${key}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const tampered = url.replace(
      /X-Demo-Signature=([0-9a-f])/,
      (_m, c: string) => `X-Demo-Signature=${c === "0" ? "1" : "0"}`,
    );
    expect((await fetch(tampered, { method: "PUT", body: bytes })).status).toBe(403);
    expect((await fetch(`${base}/${key}`, { method: "PUT", body: bytes })).status).toBe(403);
  });

  it("serves the seeded passport and certificate PDFs", async () => {
    const user = UserDetailsAnswerSchema.parse((await call("GET", "/api/users/5", { cookie: admin })).body).data;
    const pdf = await fetch(user.passport!);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const pending = PendingBadgesAnswerSchema.parse(
      (await call("GET", "/api/users/pending-badges", { cookie: admin })).body,
    ).data.data;
    const id = pending[0]!.id;
    expect(await call("POST", `/api/users/badges/${id}`, { cookie: admin, json: { approved: "2" } })).toMatchObject({
      status: 400,
    });
    expect(await call("POST", `/api/users/badges/${id}`, { cookie: admin, json: { approved: 2 } })).toMatchObject({
      status: 200,
      body: { message: "Badge request approved successfully" },
    });
    const approved = UserDetailsAnswerSchema.parse(
      (await call("GET", `/api/users/${id}`, { cookie: admin })).body,
    ).data;
    expect(approved.badgeRequestStatus).toBe(2);
    expect((await fetch(approved.badgeFileName!)).status).toBe(200);
  });
});

describe("users list", () => {
  it("pages with defaults and caps the limit; admins come first", async () => {
    const first = UserListAnswerSchema.parse((await call("GET", "/api/users", { cookie: admin })).body);
    expect(first.data).toHaveLength(10);
    expect(first.pagination.page).toBe(1);
    expect(first.pagination.limit).toBe(10);
    expect(first.pagination.totalPages).toBe(Math.ceil(first.pagination.total / 10));
    expect(first.pagination.total).toBeGreaterThanOrEqual(120);
    const capped = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?page=1&limit=500", { cookie: admin })).body,
    );
    expect(capped.pagination.limit).toBe(100);
    expect(capped.data.filter((user) => user.role === "admin")).toHaveLength(3);
    const last = UserListAnswerSchema.parse(
      (await call("GET", `/api/users?page=${first.pagination.totalPages}&limit=10`, { cookie: admin })).body,
    );
    expect(last.data.length).toBe(first.pagination.total - (first.pagination.totalPages - 1) * 10);
  });

  it("searches case-insensitively and filters banned, verified and badge status", async () => {
    const search = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?search=SITE%20ADMIN", { cookie: admin })).body,
    );
    expect(search.data.map((user) => user.email)).toEqual(["admin@example.com"]);
    const byPhone = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?search=555%200105", { cookie: admin })).body,
    );
    expect(byPhone.data.map((user) => user.email)).toEqual([MEMBER.email]);

    const banned = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?status=banned&limit=100", { cookie: admin })).body,
    );
    expect(banned.data.length).toBeGreaterThan(0);
    expect(banned.data.every((user) => user.isBanned)).toBe(true);
    const verified = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?status=1&limit=100", { cookie: admin })).body,
    );
    expect(verified.data.every((user) => user.status === "verified" && !user.isBanned)).toBe(true);
    const pending = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?status=0&limit=100", { cookie: admin })).body,
    );
    expect(pending.data.every((user) => user.status !== "verified" && !user.isBanned)).toBe(true);
    const all = UserListAnswerSchema.parse((await call("GET", "/api/users?limit=1", { cookie: admin })).body);
    expect(banned.pagination.total + verified.pagination.total + pending.pagination.total).toBe(all.pagination.total);

    const badges = UserListAnswerSchema.parse(
      (await call("GET", "/api/users?badgeRequestStatus=1&limit=100", { cookie: admin })).body,
    );
    expect(badges.pagination.total).toBeGreaterThanOrEqual(8);
    expect(badges.data.every((user) => user.badgeRequestStatus === 1)).toBe(true);
  });

  it("bans and un-bans idempotently", async () => {
    const target = "10";
    for (let i = 0; i < 2; i++) {
      expect(await call("GET", `/api/users/ban/${target}`, { cookie: admin })).toMatchObject({
        body: { message: "User banned successfully" },
      });
    }
    const banned = UserDetailsAnswerSchema.parse((await call("GET", `/api/users/${target}`, { cookie: admin })).body);
    expect(banned.data.isBanned).toBe(true);
    expect(await call("GET", `/api/users/un-ban/${target}`, { cookie: admin })).toMatchObject({
      body: { message: "User un-banned successfully" },
    });
    const unbanned = UserDetailsAnswerSchema.parse((await call("GET", `/api/users/${target}`, { cookie: admin })).body);
    expect(unbanned.data.isBanned).toBe(false);
  });
});

describe("contract", () => {
  it("answers every read call in the shape the contract schemas accept", async () => {
    const get = async (path: string) => {
      const answer = await call("GET", path, { cookie: admin });
      expect(answer.status, path).toBe(200);
      return answer.body;
    };
    UserListAnswerSchema.parse(await get("/api/users?limit=100"));
    UserDetailsAnswerSchema.parse(await get("/api/users/5"));
    PendingBadgesAnswerSchema.parse(await get("/api/users/pending-badges"));
    InviteListAnswerSchema.parse(await get("/api/invite"));
    UserInvitesAnswerSchema.parse(await get("/api/invite/get/user-wise/5"));
    PostListAnswerSchema.parse(await get("/api/posts"));
    const announcements = AnnouncementListAnswerSchema.parse(await get("/api/announcements?page=2&limit=10"));
    expect(announcements.pagination).toMatchObject({ page: 2, hasPrev: true });
    const stats = AnnouncementStatsAnswerSchema.parse(await get("/api/announcements/stats/overview"));
    expect(stats.data.today).toBeGreaterThanOrEqual(2);
    PlanListAnswerSchema.parse(await get("/api/membership-plan/get-all"));
    PlanListAnswerSchema.parse(await get("/api/membership-plan/get-active"));
    PlanAnswerSchema.parse(await get("/api/membership-plan/get-one/1"));
  });
});

describe("latency", () => {
  it("adds latencyMs to /api calls", async () => {
    const slow = createDemoApi({ dataFile: "", latencyMs: 200 });
    const url = (await slow.listen(0)).url;
    try {
      const started = performance.now();
      expect((await fetch(`${url}/api/auth/logout`)).status).toBe(200);
      // A lower bound only: a busy machine makes a call slower, never faster.
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    } finally {
      await slow.close();
    }
  });

  it("answers its own hooks without the latency", async () => {
    // Ten minutes of latency: any answer within the test's timeout shows the hook skipped it.
    const slow = createDemoApi({ dataFile: "", latencyMs: 600_000 });
    const url = (await slow.listen(0)).url;
    try {
      expect((await fetch(`${url}/__demo/health`)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});

describe("persistence", () => {
  it("keeps a created plan and the session across a restart on the same data file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "demo-api-"));
    const dataFile = path.join(dir, "nested", "demo-api.json");
    try {
      const first = createDemoApi({ dataFile });
      const firstUrl = (await first.listen(0)).url;
      const signin = await fetch(`${firstUrl}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...ADMIN, role: "ADMIN" }),
      });
      const cookie = signin.headers.getSetCookie()[0]!.split(";")[0]!;
      const created = await fetch(`${firstUrl}/api/membership-plan/create`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({
          name: "Persisted",
          price: 1.5,
          period: "month",
          description: "",
          features: ["A", ""],
          isActive: true,
          image: "",
        }),
      });
      expect(created.status).toBe(201);
      const plan = PlanAnswerSchema.parse(await created.json()).data;
      expect(plan.features).toEqual(["A"]);
      await first.close();

      const second = createDemoApi({ dataFile });
      const secondUrl = (await second.listen(0)).url;
      const again = await fetch(`${secondUrl}/api/membership-plan/get-one/${plan.id}`, { headers: { cookie } });
      expect(again.status).toBe(200);
      expect(PlanAnswerSchema.parse(await again.json()).data.name).toBe("Persisted");
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
