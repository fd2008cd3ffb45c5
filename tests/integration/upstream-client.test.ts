import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { clearFaults, clearRecordedRequests, holdCalls, injectFault, recordedRequests } from "../support/demo-hooks";
import { type RunningServer, startDemoApi, TEST_SESSION_SECRET } from "../support/servers";

// The client under test talks over real HTTP to the real demo API process.
let demo: RunningServer;
type CallUpstream = typeof import("~/upstream/client.server").callUpstream;
let callUpstream: CallUpstream;
let UpstreamError: typeof import("~/upstream/errors").UpstreamError;
/** UPSTREAM_TIMEOUT_MS for every test but the timeout's own: longer than any test may take. */
const NEVER_MS = 120_000;

const ListSchema = z.object({ data: z.array(z.object({ id: z.unknown() })) });
const MessageSchema = z.object({ message: z.string() });

/** A browser request to the panel, carrying the given cookies. */
function browserRequest(cookie?: string, url = "http://panel.test/users", signal?: AbortSignal) {
  return new Request(url, { headers: cookie ? { cookie } : {}, signal });
}

async function signIn(url = "http://panel.test/login") {
  return callUpstream(browserRequest(undefined, url), {
    method: "POST",
    path: "/auth/signin",
    body: { email: "admin@example.com", password: "Admin12345", role: "ADMIN" },
    schema: MessageSchema,
    public: true,
  });
}

let sessionCookie: string;

/**
 * The client, loaded afresh with UPSTREAM_TIMEOUT_MS = `timeoutMs` (the panel reads its env once).
 * Each call is made while a request runs, as the root middleware sets one up: its router context
 * current, with the panel's session in it.
 */
async function loadClient(timeoutMs: number): Promise<CallUpstream> {
  vi.resetModules();
  process.env.UPSTREAM_TIMEOUT_MS = String(timeoutMs);
  const client = await import("~/upstream/client.server");
  const { withRequestContext } = await import("~/lib/request-context.server");
  const { panelSessionContext } = await import("~/upstream/panel-session.server");
  const { upstreamAccess } = await import("~/session/upstream-access.server");
  return (request, call) =>
    withRequestContext(new RouterContextProvider(new Map([[panelSessionContext, upstreamAccess]])), () =>
      client.callUpstream(request, call),
    );
}

beforeAll(async () => {
  demo = await startDemoApi();
  process.env.API_URL = `${demo.url}/api`;
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  callUpstream = await loadClient(NEVER_MS);
  ({ UpstreamError } = await import("~/upstream/errors"));
  const { setCookies } = await signIn();
  sessionCookie = setCookies[0]!.split(";")[0]!;
});

afterAll(async () => {
  await demo?.stop();
});

/** What the client logged (its log lines on stdout) during the current test: kept here, not printed. */
let logged: string[] = [];

beforeEach(async () => {
  await clearFaults(demo.url);
  await clearRecordedRequests(demo.url);
  // Most tests here provoke failures on purpose; their log lines are expected, not news.
  logged = [];
  vi.spyOn(process.stdout, "write").mockImplementation((line: unknown) => {
    logged.push(String(line).trimEnd());
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("session cookie relay", () => {
  it("rewrites the upstream's cookie for the panel's host", async () => {
    const { setCookies } = await signIn();
    expect(setCookies).toHaveLength(1);
    const cookie = setCookies[0]!;
    expect(cookie).toMatch(/^session=[^;]+; Path=\//);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/SameSite=None/i);
    expect(cookie).not.toContain("Secure");
  });

  it("marks it Secure when the panel is served over HTTPS", async () => {
    const { setCookies } = await signIn("https://panel.test/login");
    expect(setCookies[0]).toMatch(/; Secure$/);
  });

  it("forwards only the session cookie to the upstream", async () => {
    const request = browserRequest(`user=forged; toast=x; ${sessionCookie}; sidebar_state=true`);
    const { data } = await callUpstream(request, { path: "/users", query: { page: 1, limit: 5 }, schema: ListSchema });
    expect(data.data).toHaveLength(5);
    const [logged] = await recordedRequests(demo.url, "/users");
    expect(logged).toMatchObject({ method: "GET", path: "/users", hasSession: true, query: { page: "1", limit: "5" } });
  });

  it("answers a 401 with a sign-out redirect to /login that leads back", async () => {
    const failure = await callUpstream(browserRequest(undefined, "http://panel.test/users?page=2"), {
      path: "/users",
      schema: ListSchema,
    }).catch((error) => error);
    expect(failure).toBeInstanceOf(Response);
    expect(failure.status).toBe(302);
    expect(failure.headers.get("location")).toBe("/login?redirectTo=%2Fusers%3Fpage%3D2");
    const cleared = failure.headers.getSetCookie().map((line: string) => line.split("=")[0]);
    expect(cleared).toEqual(expect.arrayContaining(["user", "session"]));
  });

  it("hands a public call's 401 back as an UpstreamError", async () => {
    const failure = await callUpstream(browserRequest(), {
      method: "POST",
      path: "/auth/signin",
      body: { email: "admin@example.com", password: "wrong-password", role: "ADMIN" },
      schema: MessageSchema,
      public: true,
    }).catch((error) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ status: 401, fromServer: true });
  });
});

describe("timeouts and retries", () => {
  it("gives up after UPSTREAM_TIMEOUT_MS on a slow upstream", async () => {
    const withTimeout = await loadClient(500);
    // Held until the next test clears the faults: only the client's own timeout can end the call.
    const held = await holdCalls(demo.url, { method: "GET", path: "/users", times: 1 });
    const failure = await withTimeout(browserRequest(sessionCookie), {
      path: "/users",
      schema: ListSchema,
      retry: "safe-read",
    }).catch((e) => e);
    // A read: it timed out. (A call sent once is a change whose outcome is unknown: security-leaks.test.ts.)
    expect(failure).toMatchObject({ status: 504, failure: "timeout" });
    // The call reached the upstream and is still held there.
    expect(await held.holding()).toBe(1);
  });

  it("retries a declared read after a 503 and succeeds", async () => {
    await injectFault(demo.url, { method: "GET", path: "/users", status: 503, times: 1 });
    const { data } = await callUpstream(browserRequest(sessionCookie), {
      path: "/users",
      schema: ListSchema,
      retry: "safe-read",
    });
    expect(data.data.length).toBeGreaterThan(0);
    const calls = await recordedRequests(demo.url, "/users");
    expect(calls.map((call) => call.status)).toEqual([503, 200]);
  });

  it("retries a declared read at most twice", async () => {
    await injectFault(demo.url, { method: "GET", path: "/users", status: 502 });
    const failure = await callUpstream(browserRequest(sessionCookie), {
      path: "/users",
      schema: ListSchema,
      retry: "safe-read",
    }).catch((e) => e);
    expect(failure).toMatchObject({ status: 502 });
    expect(await recordedRequests(demo.url, "/users")).toHaveLength(3);
  });

  it("never retries a GET that is not declared a read (ban is a GET)", async () => {
    await injectFault(demo.url, { method: "GET", path: "/users/ban/*", status: 503 });
    const failure = await callUpstream(browserRequest(sessionCookie), {
      path: "/users/ban/10",
      schema: MessageSchema,
    }).catch((e) => e);
    expect(failure).toMatchObject({ status: 503 });
    expect(await recordedRequests(demo.url, "/users/ban")).toHaveLength(1);
  });

  it("retries a harmless-once call exactly once", async () => {
    await injectFault(demo.url, { method: "GET", path: "/auth/logout", status: 503 });
    // Without the session: this file's session must outlive the test.
    const failure = await callUpstream(browserRequest(), {
      path: "/auth/logout",
      schema: MessageSchema,
      public: true,
      retry: "harmless-once",
    }).catch((e) => e);
    expect(failure).toMatchObject({ status: 503 });
    expect(await recordedRequests(demo.url, "/auth/logout")).toHaveLength(2);
  });

  it("never retries a failing POST", async () => {
    await injectFault(demo.url, { method: "POST", path: "/users/verify/*", status: 503 });
    const failure = await callUpstream(browserRequest(sessionCookie), {
      method: "POST",
      path: "/users/verify/10",
      schema: MessageSchema,
    }).catch((e) => e);
    expect(failure).toMatchObject({ status: 503 });
    expect(await recordedRequests(demo.url, "/users/verify")).toHaveLength(1);
  });

  it("stops when the browser's request is aborted", async () => {
    const held = await holdCalls(demo.url, { method: "GET", path: "/users" });
    const controller = new AbortController();
    const pending = callUpstream(browserRequest(sessionCookie, undefined, controller.signal), {
      path: "/users",
      schema: ListSchema,
    });
    // The browser goes away while the call is in flight (held upstream).
    await held.arrived();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ failure: "aborted" });
    expect(await held.holding()).toBe(1);
  });
});

describe("error mapping", () => {
  it("maps an errors array onto fields, using the part after the first dot", async () => {
    const failure = await callUpstream(browserRequest(sessionCookie), {
      method: "POST",
      path: "/announcements",
      body: {
        title: "x".repeat(300),
        description: "d",
        date: new Date().toISOString(),
        isActive: true,
        isPinned: false,
      },
      schema: MessageSchema,
    }).catch((e) => e);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure.status).toBe(400);
    expect(failure.fieldErrors.title).toBe("Title must be less than 255 characters");
  });

  it("keeps the server's message and prefers it over a fallback", async () => {
    const failure = await callUpstream(browserRequest(sessionCookie), {
      method: "DELETE",
      path: "/posts/999999",
      schema: MessageSchema,
    }).catch((e) => e);
    expect(failure.status).toBe(404);
    expect(failure.fromServer).toBe(true);
    expect(failure.messageOr("Failed to delete post")).toBe(failure.message);
  });

  it("falls back when the upstream sent no message", async () => {
    await injectFault(demo.url, { method: "DELETE", path: "/posts/*", status: 500, body: {} });
    const failure = await callUpstream(browserRequest(sessionCookie), {
      method: "DELETE",
      path: "/posts/1",
      schema: MessageSchema,
    }).catch((e) => e);
    expect(failure.status).toBe(500);
    expect(failure.messageOr("Failed to delete post")).toBe("Failed to delete post");
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "error", msg: "upstream call failed", path: "/posts/1", status: 500 }),
    ]);
  });

  it("rejects an answer that does not match its schema", async () => {
    const failure = await callUpstream(browserRequest(sessionCookie), {
      path: "/users",
      schema: z.object({ data: z.array(z.object({ notAField: z.string() })) }),
    }).catch((e) => e);
    expect(failure).toMatchObject({ status: 502, failure: "invalid-response" });
  });
});
