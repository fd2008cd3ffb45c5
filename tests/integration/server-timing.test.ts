import { describe, expect, it } from "vitest";

import { clearRecordedRequests, type HeldCalls, holdCalls, injectFault, recordedRequests } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

// A browser: React Router streams the document to browsers and waits for all data for bots.
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
};

interface TimingEntry {
  name: string;
  desc?: string;
  dur?: number;
}

/** Parses a Server-Timing value (entries split on commas outside quoted-strings). */
function parseServerTiming(value: string | null): TimingEntry[] {
  const entries: TimingEntry[] = [];
  const entry = /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)((?:\s*;\s*[a-z]+=(?:"(?:[^"\\]|\\.)*"|[^;,\s]*))*)\s*(?:,|$)/gy;
  const param = /;\s*([a-z]+)=("(?:[^"\\]|\\.)*"|[^;,\s]*)/g;
  for (const match of (value ?? "").matchAll(entry)) {
    const parsed: TimingEntry = { name: match[1]! };
    for (const [, key, raw] of match[2]!.matchAll(param)) {
      const text = raw!.startsWith('"') ? raw!.slice(1, -1).replace(/\\(.)/g, "$1") : raw!;
      if (key === "desc") parsed.desc = text;
      if (key === "dur") parsed.dur = Number(text);
    }
    entries.push(parsed);
  }
  return entries;
}

/**
 * The Server-Timing entries of a response, and `elapsedMs`: how long the test waited for its
 * headers, which no duration the panel measured can exceed.
 */
async function timed(send: () => Promise<Response>) {
  const sent = performance.now();
  const response = await send();
  const elapsedMs = performance.now() - sent;
  await response.text();
  const entries = parseServerTiming(response.headers.get("server-timing"));
  return {
    response,
    elapsedMs,
    entries,
    upstream: entries.filter((entry) => entry.name.startsWith("upstream-")),
    total: entries.find((entry) => entry.name === "total"),
  };
}

/** GETs a page as a signed-in admin and returns its Server-Timing entries. */
const timings = (client: PanelClient, path: string) => timed(() => client.get(path, BROWSER));

/**
 * How long the test itself kept a held call waiting: from when it knew the call had arrived until
 * it released it, with one round trip to the demo API (and `whileHeld`) between. A duration that
 * covers the call must be at least this long.
 */
async function heldFor(held: HeldCalls, whileHeld = () => {}): Promise<number> {
  await held.arrived();
  const from = performance.now();
  expect(await held.holding()).toBe(1);
  whileHeld();
  const until = performance.now();
  await held.release();
  return until - from;
}

/** A client signed in as the admin, with the demo API's request log cleared after the sign-in. */
async function admin(): Promise<PanelClient> {
  const client = await PanelClient.signedIn(stack.panel.url);
  await clearRecordedRequests(stack.demo.url);
  return client;
}

describe("Server-Timing", () => {
  it("lists every upstream call of the dashboard, as the demo API saw them", async () => {
    const client = await admin();
    const { response, entries, upstream, total, elapsedMs } = await timings(client, "/");
    expect(response.status).toBe(200);

    const seen = (await recordedRequests(stack.demo.url)).map((call) => `${call.method} ${call.path}`);
    expect(seen).toHaveLength(4);
    expect(upstream.map((entry) => entry.desc).sort()).toEqual([...seen].sort());
    expect(entries.map((entry) => entry.name)).toEqual([
      "upstream-1",
      "upstream-2",
      "upstream-3",
      "upstream-4",
      "total",
    ]);
    // Numbers (NaN or a missing dur fails these), each call within the total, the total within the wait.
    for (const entry of upstream) expect(entry.dur).toBeLessThanOrEqual(total!.dur!);
    expect(total!.dur).toBeLessThanOrEqual(elapsedMs);
  });

  it("holds a slow call of the streamed dashboard: the headers wait for the loaders", async () => {
    const client = await admin();
    const held = await holdCalls(stack.demo.url, { method: "GET", path: "/invite", times: 1 });
    let answered = false;
    const page = timings(client, "/").finally(() => (answered = true));

    const heldMs = await heldFor(held, () => expect(answered, "no headers while a loader's call is held").toBe(false));
    const { upstream, total } = await page;

    const invites = upstream.find((entry) => entry.desc === "GET /invite");
    expect(upstream).toHaveLength(4);
    expect(invites!.dur).toBeGreaterThanOrEqual(heldMs);
    expect(total!.dur).toBeGreaterThanOrEqual(invites!.dur!);
  });

  it("shows one entry per call, retries included in its duration", async () => {
    const client = await admin();
    await injectFault(stack.demo.url, { method: "GET", path: "/posts", status: 503, times: 3 });
    const { upstream } = await timings(client, "/");
    expect(await recordedRequests(stack.demo.url, "/posts")).toHaveLength(3);
    const posts = upstream.filter((entry) => entry.desc?.startsWith("GET /posts"));
    expect(posts.map((entry) => entry.desc)).toEqual(["GET /posts (503 after 3 attempts)"]);
    // Two retry waits: 250 ms, then 500 ms.
    expect(posts[0]!.dur).toBeGreaterThanOrEqual(750);
  });

  it("names the users call, for the page and its .data request, without the query", async () => {
    const client = await admin();
    for (const path of ["/users?search=needle-term", "/users.data?search=needle-term"]) {
      const { response, upstream, total, elapsedMs } = await timings(client, path);
      expect(response.status).toBe(200);
      expect(upstream.map((entry) => entry.desc)).toEqual(["GET /users"]);
      expect(total!.dur).toBeGreaterThanOrEqual(upstream[0]!.dur!);
      expect(total!.dur).toBeLessThanOrEqual(elapsedMs);
      expect(response.headers.get("server-timing")).not.toContain("needle");
    }
  });

  it("shows a path pattern rather than an id", async () => {
    const client = await admin();
    const { upstream } = await timings(client, "/users/2");
    expect(upstream.map((entry) => entry.desc)).toContain("GET /users/:id");
  });

  it("has no upstream entry on a public page that calls no upstream", async () => {
    const { response, upstream, entries, total, elapsedMs } = await timings(new PanelClient(stack.panel.url), "/login");
    expect(response.status).toBe(200);
    expect(upstream).toEqual([]);
    expect(entries.map((entry) => entry.name)).toEqual(["total"]);
    // Rendering the page takes time: a total of 0 (or none) was not measured.
    expect(total!.dur).toBeGreaterThan(0);
    expect(total!.dur).toBeLessThanOrEqual(elapsedMs);
    expect(await recordedRequests(stack.demo.url)).toEqual([]);
  });
});

describe("Server-Timing for anonymous visitors", () => {
  /** Posts a form and returns its Server-Timing entries. */
  const postTimings = (client: PanelClient, path: string, fields: Record<string, string>) =>
    timed(() => client.post(path, fields, BROWSER));

  it.each([
    ["a failed sign-in", "/login", { email: "admin@example.com", password: "wrong-password" }, "/auth/signin"],
    ["a sign-in", "/login", { email: "admin@example.com", password: "Admin12345" }, "/auth/signin"],
    ["a reset request", "/forgot-password", { email: "member@example.com" }, "/auth/forgot-password"],
  ])("shows only the total for %s, and it covers the upstream call", async (_label, path, fields, upstreamPath) => {
    const held = await holdCalls(stack.demo.url, { method: "POST", path: upstreamPath, times: 1 });
    const posted = postTimings(new PanelClient(stack.panel.url), path, fields);
    const heldMs = await heldFor(held);
    const { entries, total, elapsedMs } = await posted;
    // The upstream was called: there was something to hide.
    expect(await recordedRequests(stack.demo.url, upstreamPath)).toHaveLength(1);
    expect(entries.map((entry) => entry.name)).toEqual(["total"]);
    expect(total!.dur).toBeGreaterThanOrEqual(heldMs);
    expect(total!.dur).toBeLessThanOrEqual(elapsedMs);
  });

  it("counts a forged user cookie as anonymous", async () => {
    const client = await admin();
    const forged = Buffer.from(
      JSON.stringify({ role: "ADMIN", userName: "x", username: null, email: "x@example.com", avatar: null }),
    ).toString("base64");
    client.setCookie("user", `${forged}.forged-signature`);
    const { entries } = await postTimings(client, "/forgot-password", { email: "member@example.com" });
    expect(await recordedRequests(stack.demo.url, "/auth/forgot-password")).toHaveLength(1);
    expect(entries.map((entry) => entry.name)).toEqual(["total"]);
  });

  it("keeps the per-call entries for the signed-in admin on the same kind of request", async () => {
    const client = await admin();
    const { entries } = await postTimings(client, "/forgot-password", { email: "member@example.com" });
    expect(entries.map((entry) => entry.desc).filter(Boolean)).toEqual(["POST /auth/forgot-password"]);
  });
});
