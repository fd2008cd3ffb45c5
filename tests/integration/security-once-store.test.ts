// Issue 23: the one-time-key store (decision 032). It remembers only submissions that reached the
// upstream, each bound to the client that sent it, so strangers cannot fill memory with it, and a
// replayed key gets nothing of another client's answer. The same tests run against both stores:
// memory (one instance) and Redis (REDIS_URL).
import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { clearRecordedRequests, recordedRequests, resetDemo } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { type Stack, startStack } from "../support/servers";

/** Posts that each carry a body just under the 1 MB form limit. */
const BIG_POSTS = 200;
const BIG_TEXT_CHARS = 1024 * 1024 - 1024;
/**
 * The panel runs with a small heap: 200 remembered 1 MB answers do not fit in it, so a store that
 * keeps them ends the process ("Reached heap limit"), whatever the machine's load.
 */
const PANEL_HEAP_MB = 160;
/** The RSS growth allowed over the 200 posts (garbage not yet collected included): far below the 200 MB the answers would take if kept. */
const RSS_GROWTH_LIMIT_MB = 150;

const FORGOT = "/auth/forgot-password";

/** A fresh one-time key, as MutationForm renders one. */
const newKey = () => randomBytes(18).toString("base64url");

/** The panel process's resident set size, in MB (Linux /proc). */
function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

/** A client at its own address: the panel trusts one proxy hop, so X-Forwarded-For names it. */
function clientAt(url: string, address: string) {
  const client = new PanelClient(url);
  const headers = { "x-forwarded-for": address };
  return {
    client,
    post: (path: string, fields: Record<string, string>) => client.post(path, fields, headers),
    get: (path: string) => client.get(path, headers),
  };
}

const stores = [{ name: "memory" }, { name: "redis" }] as const;

describe.each(stores)("the one-time-key store ($name)", { timeout: 240_000 }, ({ name }) => {
  let stack: Stack;
  let redisServer: RunningRedis | undefined;
  let redis: Redis | undefined;

  beforeAll(async () => {
    if (name === "redis") {
      redisServer = await startRedis();
      redis = new Redis(redisServer.url);
    }
    stack = await startStack({
      TRUST_PROXY: "loopback",
      NODE_OPTIONS: `--max-old-space-size=${PANEL_HEAP_MB}`,
      ...(redisServer ? { REDIS_URL: redisServer.url } : {}),
    });
  });
  afterAll(async () => {
    await stack?.stop();
    redis?.disconnect();
    await redisServer?.stop();
  });
  beforeEach(async () => {
    await resetDemo(stack.demo.url);
  });

  it("keeps nothing of 200 keyed 1 MB posts that fail validation (forgot password and a screen)", async () => {
    const stranger = clientAt(stack.panel.url, "203.0.113.7");
    const admin = await PanelClient.signedIn(stack.panel.url);
    const big = "a".repeat(BIG_TEXT_CHARS);
    // Warm up both pages once, so the first measure is not the start-up's.
    await (await stranger.post("/forgot-password", { email: "x", _once: newKey() })).text();
    await (await admin.post("/announcements", { intent: "create", title: "x", _once: newKey() })).text();
    const before = rssMb(stack.panel.process);

    for (let post = 0; post < BIG_POSTS; post++) {
      const answer =
        post % 2 === 0
          ? await stranger.post("/forgot-password", { email: big, _once: newKey() })
          : await admin.post("/announcements", { intent: "create", title: big, description: "d", _once: newKey() });
      expect(answer.status).toBe(400);
      await answer.arrayBuffer();
    }

    const after = rssMb(stack.panel.process);
    expect(stack.panel.process.exitCode).toBeNull();
    expect((await stranger.get("/forgot-password")).status).toBe(200);
    expect(after - before).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    if (redis) expect(await redis.keys("panel:once:*")).toEqual([]);
    // Nothing of it reached the upstream either.
    expect(await recordedRequests(stack.demo.url, FORGOT)).toEqual([]);
  });

  it("echoes an over-long email cut to twice the 254 characters an address may have", async () => {
    const stranger = clientAt(stack.panel.url, "203.0.113.8");
    const answer = await stranger.post("/forgot-password", { email: `${"b".repeat(100_000)}@example.com` });
    const html = await answer.text();
    expect(answer.status).toBe(400);
    expect(html).toContain("Invalid email address");
    expect(html).not.toContain("b".repeat(509));
    expect(html).toContain("b".repeat(508));
  });

  it("runs a key again after a validation failure: the corrected form is sent", async () => {
    const visitor = clientAt(stack.panel.url, "203.0.113.9");
    const key = newKey();

    const refused = await visitor.post("/forgot-password", { email: "not an email", _once: key });
    expect(refused.status).toBe(400);
    const corrected = await visitor.post("/forgot-password", { email: "member@example.com", _once: key });

    expect(corrected.status).toBe(302);
    expect(corrected.headers.get("location")).toBe("/forgot-password?sent=1");
    const calls = await recordedRequests(stack.demo.url, FORGOT);
    expect(calls.map((call) => call.body)).toEqual([{ email: "member@example.com" }]);
  });

  it("answers a replayed key from the same client again without sending it twice", async () => {
    const visitor = clientAt(stack.panel.url, "203.0.113.10");
    const key = newKey();

    const first = await visitor.post("/forgot-password", { email: "member@example.com", _once: key });
    const again = await visitor.post("/forgot-password", { email: "member@example.com", _once: key });

    expect([first.status, again.status]).toEqual([302, 302]);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await recordedRequests(stack.demo.url, FORGOT)).toHaveLength(1);
  });

  it("gives a key replayed by another client nothing of the first client's answer", async () => {
    const first = clientAt(stack.panel.url, "198.51.100.1");
    const other = clientAt(stack.panel.url, "198.51.100.2");
    const key = newKey();

    const answer = await first.post("/forgot-password", { email: "member@example.com", _once: key });
    expect(answer.status).toBe(302);
    const replayed = await other.post("/forgot-password", { email: "moderator@example.com", _once: key });

    // The other client's own submission ran: its own email was sent, and its page names it.
    expect(replayed.status).toBe(302);
    const calls = await recordedRequests(stack.demo.url, FORGOT);
    expect(calls.map((call) => call.body)).toEqual([
      { email: "member@example.com" },
      { email: "moderator@example.com" },
    ]);
    const page = await (await other.get("/forgot-password?sent=1")).text();
    expect(page).toContain("moderator@example.com");
    expect(page).not.toContain("member@example.com");
  });

  it("answers a duplicate of an outcome too large to keep with the screen, without sending it again", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);
    const key = newKey();
    // The upstream refuses descriptions over 2,000 characters: the re-rendered form echoes 60 KB.
    const fields = { intent: "create", name: "Big", price: "1", description: "d".repeat(60_000), _once: key };

    const first = await admin.post("/memberships/create", fields);
    const again = await admin.post("/memberships/create", fields);

    expect(first.status).toBe(400);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/memberships/create");
    const saves = (await recordedRequests(stack.demo.url, "/membership-plan")).filter((call) => call.method === "POST");
    expect(saves).toHaveLength(1);
    if (redis) {
      const kept = await Promise.all((await redis.keys("panel:once:*")).map((name) => redis!.strlen(name)));
      expect(kept.length).toBeGreaterThan(0);
      expect(Math.max(...kept)).toBeLessThan(1024);
    }
  });

  it("gives a key replayed by another session nothing of the first session's answer", async () => {
    // Two sign-ins, two sessions, at the same address (an office behind one NAT).
    const admin = await PanelClient.signedIn(stack.panel.url);
    const other = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);
    const key = newKey();
    const fields = {
      intent: "create",
      title: "Once",
      description: "Bound to its sender",
      date: "2030-01-01T10:00",
      isActive: "true",
    };

    const first = await admin.post("/announcements", { ...fields, _once: key });
    const replayed = await other.post("/announcements", { ...fields, title: "Twice", _once: key });

    expect(first.status).toBe(302);
    expect(replayed.status).toBe(302);
    const creates = (await recordedRequests(stack.demo.url, "/announcements")).filter((call) => call.method === "POST");
    expect(creates.map((call) => (call.body as { title: string }).title)).toEqual(["Once", "Twice"]);
  });
});
