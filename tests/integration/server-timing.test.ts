import { describe, expect, it } from "vitest";

import { clearRecordedRequests, injectFault, recordedRequests } from "../support/demo-hooks";
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

/** GETs a page as a signed-in admin and returns its Server-Timing entries. */
async function timings(client: PanelClient, path: string) {
  const response = await client.get(path, BROWSER);
  await response.text();
  const entries = parseServerTiming(response.headers.get("server-timing"));
  return {
    response,
    upstream: entries.filter((entry) => entry.name.startsWith("upstream-")),
    total: entries.find((entry) => entry.name === "total"),
  };
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
    const { response, upstream, total } = await timings(client, "/");
    expect(response.status).toBe(200);

    const seen = (await recordedRequests(stack.demo.url)).map((call) => `${call.method} ${call.path}`);
    expect(seen).toHaveLength(4);
    expect(upstream.map((entry) => entry.desc).sort()).toEqual([...seen].sort());
    expect(upstream.map((entry) => entry.name)).toEqual(["upstream-1", "upstream-2", "upstream-3", "upstream-4"]);
    for (const entry of upstream) expect(entry.dur).toBeGreaterThanOrEqual(0);
    expect(total!.dur).toBeGreaterThanOrEqual(Math.max(...upstream.map((entry) => entry.dur!)));
  });

  it("holds a slow call of the streamed dashboard: the headers wait for the loaders", async () => {
    const client = await admin();
    await injectFault(stack.demo.url, { method: "GET", path: "/invite", delayMs: 400, times: 1 });
    const { upstream, total } = await timings(client, "/");
    const invites = upstream.find((entry) => entry.desc === "GET /invite");
    expect(invites!.dur).toBeGreaterThanOrEqual(400);
    expect(upstream).toHaveLength(4);
    expect(total!.dur).toBeGreaterThanOrEqual(400);
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
      const { response, upstream, total } = await timings(client, path);
      expect(response.status).toBe(200);
      expect(upstream.map((entry) => entry.desc)).toEqual(["GET /users"]);
      expect(total?.dur).toBeGreaterThanOrEqual(0);
      expect(response.headers.get("server-timing")).not.toContain("needle");
    }
  });

  it("shows a path pattern rather than an id", async () => {
    const client = await admin();
    const { upstream } = await timings(client, "/users/2");
    expect(upstream.map((entry) => entry.desc)).toContain("GET /users/:id");
  });

  it("has no upstream entry on a public page that calls no upstream", async () => {
    const { response, upstream, total } = await timings(new PanelClient(stack.panel.url), "/login");
    expect(response.status).toBe(200);
    expect(upstream).toEqual([]);
    expect(total?.dur).toBeGreaterThanOrEqual(0);
    expect(await recordedRequests(stack.demo.url)).toEqual([]);
  });
});

describe("Server-Timing for anonymous visitors", () => {
  /** Posts a form and returns its Server-Timing entries. */
  async function postTimings(client: PanelClient, path: string, fields: Record<string, string>) {
    const response = await client.post(path, fields, BROWSER);
    await response.text();
    return { response, entries: parseServerTiming(response.headers.get("server-timing")) };
  }

  it.each([
    ["a failed sign-in", "/login", { email: "admin@example.com", password: "wrong-password" }, "/auth/signin"],
    ["a sign-in", "/login", { email: "admin@example.com", password: "Admin12345" }, "/auth/signin"],
    ["a reset request", "/forgot-password", { email: "member@example.com" }, "/auth/forgot-password"],
  ])("shows only the total for %s", async (_label, path, fields, upstreamPath) => {
    const { entries } = await postTimings(new PanelClient(stack.panel.url), path, fields);
    // The upstream was called: there was something to hide.
    expect(await recordedRequests(stack.demo.url, upstreamPath)).toHaveLength(1);
    expect(entries.map((entry) => entry.name)).toEqual(["total"]);
    expect(entries[0]!.dur).toBeGreaterThanOrEqual(0);
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
