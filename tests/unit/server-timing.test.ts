// The Server-Timing value the panel sends: entry names, quoted descriptions, durations.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { withRequestContext } from "~/lib/request-context.server";
import {
  formatServerTiming,
  quotedString,
  ServerTimingRecorder,
  serverTimingContext,
  timeUpstreamCall,
  type UpstreamTiming,
} from "~/upstream/server-timing.server";

const call = (overrides: Partial<UpstreamTiming> = {}): UpstreamTiming => ({
  method: "GET",
  path: "/users",
  startMs: 0,
  durationMs: 12.34,
  attempts: 1,
  status: 200,
  ...overrides,
});

/** Token characters of RFC 9110: what a Server-Timing metric name may contain. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

describe("quotedString", () => {
  it("escapes quotes and backslashes", () => {
    expect(quotedString('GET /a"b\\c')).toBe('"GET /a\\"b\\\\c"');
  });

  it("replaces control characters and non-ASCII, so no header can be split", () => {
    expect(quotedString("GET /a\r\nSet-Cookie: x=1\u0000é")).toBe('"GET /a??Set-Cookie: x=1??"');
  });
});

describe("formatServerTiming", () => {
  it("lists the calls in start order, then the total", () => {
    const value = formatServerTiming(
      [call({ path: "/posts", startMs: 3, durationMs: 5 }), call({ startMs: 1 })],
      40.06,
    );
    expect(value).toBe('upstream-1;desc="GET /users";dur=12.3, upstream-2;desc="GET /posts";dur=5, total;dur=40.1');
  });

  it("uses token names only", () => {
    const names = formatServerTiming([call(), call()], 1)
      .split(", ")
      .map((entry) => entry.split(";")[0]!);
    expect(names).toEqual(["upstream-1", "upstream-2", "total"]);
    for (const name of names) expect(name).toMatch(TOKEN);
  });

  it("notes failures, unsuccessful statuses and retries", () => {
    const value = formatServerTiming([
      call({ status: 404 }),
      call({ status: 503, attempts: 3 }),
      call({ status: undefined, failure: "timeout", attempts: 2 }),
      call({ status: 200, attempts: 2 }),
      call({ status: undefined, failure: "network" }),
      call({ failure: "invalid-response" }),
      call({ method: "POST", status: 201 }),
    ]);
    expect(value.split(", ").map((entry) => entry.split(";")[1])).toEqual([
      'desc="GET /users (404)"',
      'desc="GET /users (503 after 3 attempts)"',
      'desc="GET /users (timeout after 2 attempts)"',
      'desc="GET /users (ok after 2 attempts)"',
      'desc="GET /users (network)"',
      'desc="GET /users (invalid-response)"',
      'desc="POST /users"',
    ]);
  });

  it("never shows a query, and escapes what the path holds", () => {
    expect(formatServerTiming([call({ path: '/users/"x"?search=secret#frag' })])).toBe(
      'upstream-1;desc="GET /users/\\"x\\"";dur=12.3',
    );
  });

  it("is only the total when no upstream call was made", () => {
    expect(formatServerTiming([], 2)).toBe("total;dur=2");
  });
});

/** Runs `fn` as a request whose router context holds `recorder`, as the Express layer hands it over. */
function inRequestTimedBy<T>(recorder: ServerTimingRecorder, fn: () => T): T {
  return withRequestContext(new RouterContextProvider(new Map([[serverTimingContext, recorder]])), fn);
}

describe("ServerTimingRecorder", () => {
  it("collects the calls made for its request, and only those", async () => {
    const recorder = new ServerTimingRecorder({ showCalls: true });
    const other = new ServerTimingRecorder({ showCalls: true });
    // The other request's call starts and ends while this one's is in flight.
    let otherDone!: () => void;
    const otherCallMade = new Promise<void>((resolve) => (otherDone = resolve));
    await Promise.all([
      inRequestTimedBy(recorder, async () => {
        const finish = timeUpstreamCall("GET", "/users/:id");
        await otherCallMade;
        finish({ attempts: 1, status: 200 });
      }),
      inRequestTimedBy(other, async () => {
        timeUpstreamCall("DELETE", "/posts/:id")({ attempts: 1, status: 200 });
        otherDone();
      }),
    ]);
    timeUpstreamCall("GET", "/outside")({ attempts: 1, status: 200 });
    expect(recorder.header()).toMatch(/^upstream-1;desc="GET \/users\/:id";dur=\d+(\.\d)?, total;dur=[\d.]+$/);
    expect(other.header()).toMatch(/^upstream-1;desc="DELETE \/posts\/:id";dur=[\d.]+, total;dur=[\d.]+$/);
  });

  it("shows an anonymous visitor only the total, however many calls were made", async () => {
    const recorder = new ServerTimingRecorder({ showCalls: false });
    await inRequestTimedBy(recorder, async () => {
      timeUpstreamCall("POST", "/auth/signin")({ attempts: 1, status: 401 });
      timeUpstreamCall("GET", "/users")({ attempts: 3, status: 503 });
    });
    expect(recorder.header()).toMatch(/^total;dur=[\d.]+$/);
  });

  it("lists the calls once told the visitor is signed in", async () => {
    const recorder = new ServerTimingRecorder({ showCalls: true });
    await inRequestTimedBy(recorder, async () => timeUpstreamCall("GET", "/users")({ attempts: 1, status: 200 }));
    expect(recorder.header()).toMatch(/^upstream-1;desc="GET \/users";dur=[\d.]+, total;dur=[\d.]+$/);
  });
});

describe("isSignedIn (who sees the upstream entries)", () => {
  const SECRET = "unit-test-secret-0123456789abcdef0123456789";

  /** A user cookie as the panel signs it at sign-in. */
  async function signedUserCookie(role = "ADMIN"): Promise<string> {
    const { signedCookie } = await import("~/lib/signed-cookie.server");
    const cookie = signedCookie("user", SECRET);
    const line = await cookie.serialize({ role, userName: "A", username: null, email: "a@example.com", avatar: null });
    return line.split(";")[0]!;
  }

  it("accepts only a user cookie signed with SESSION_SECRET", async () => {
    process.env.API_URL = "https://api.example.com/api";
    process.env.SESSION_SECRET = SECRET;
    const { isSignedIn } = await import("../../server/server-timing");
    const valid = await signedUserCookie();
    const [name, value] = [valid.slice(0, valid.indexOf("=")), valid.slice(valid.indexOf("=") + 1)];
    const payload = value.slice(0, value.lastIndexOf("."));

    expect(isSignedIn(`theme=dark; ${valid}`)).toBe(true);
    expect(isSignedIn(undefined)).toBe(false);
    expect(isSignedIn("theme=dark; session=abc")).toBe(false);
    expect(isSignedIn(`${name}=${payload}`)).toBe(false);
    expect(isSignedIn(`${name}=${payload}.forged`)).toBe(false);
    expect(isSignedIn(`${name}=${payload.slice(1)}${value.slice(value.lastIndexOf("."))}`)).toBe(false);
  });
});
