// Signing out must end the upstream session too: a copy of the old session cookie (a stolen one,
// say) must stop working. The panel retries the upstream logout once; when that fails too it
// refuses the session itself (a revocation list, in memory or in Redis) and keeps retrying the
// upstream logout in the background. A rate limit never skips the logout of a real session.
import { createHash } from "node:crypto";

import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { confirm, finishedResults, reviewPath } from "../support/bulk";
import { clearRecordedRequests, injectFault, recordedRequests } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { useRedis } from "../support/redis-server";
import { type RunningServer, startPanel } from "../support/servers";
import { useStack } from "../support/use-stack";

/** The real per-address limit of anonymous posts (the test stack otherwise lifts it). */
const POSTS_PER_MINUTE = 10;
/** How long a test waits for the background logout retry: its first attempt comes after a second. */
const BACKGROUND_RETRY_WAIT_MS = 20_000;

describe.each([{ engine: "memory" }, { engine: "Redis" }])("sign-out, revocations in $engine", ({ engine }) => {
  const panelEnv: NodeJS.ProcessEnv = { AUTH_RATE_LIMIT_PER_MINUTE: String(POSTS_PER_MINUTE) };
  // Registered before useStack's hooks, so the panel starts with REDIS_URL set.
  if (engine === "Redis") useRedis(panelEnv);
  const stack = useStack(panelEnv);

  /** A signed-in admin and the raw upstream session token the panel signed into its cookie. */
  async function signedIn(): Promise<{ panel: PanelClient; token: string }> {
    const panel = await PanelClient.signedIn(stack.panel.url);
    const signed = panel.cookie("session")!;
    return { panel, token: signed.slice(0, signed.lastIndexOf(".")) };
  }

  /** Replays an upstream session token straight against the demo API; answers the status. */
  async function replay(token: string): Promise<number> {
    const response = await fetch(`${stack.demo.url}/api/users?limit=1`, { headers: { cookie: `session=${token}` } });
    await response.body?.cancel();
    return response.status;
  }

  /** The panel's JSON log lines with the given message. */
  function logLines(msg: string): Record<string, unknown>[] {
    return stack.panel
      .output()
      .split("\n")
      .flatMap((line): Record<string, unknown>[] => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      })
      .filter((line) => line.msg === msg);
  }

  /** A browser that holds `cookies` (a Cookie header, e.g. copied before sign-out). */
  function replaying(cookies: string, url = stack.panel.url): PanelClient {
    const client = new PanelClient(url);
    for (const pair of cookies.split("; ")) {
      const eq = pair.indexOf("=");
      client.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return client;
  }

  /** Signs out while the upstream logout fails (`times` failures, or for good); answers the old cookies. */
  async function signOutWhileUpstreamFails(times?: number) {
    const { panel, token } = await signedIn();
    const oldCookies = panel.cookieHeader();
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/logout", status: 503, times });
    const response = await panel.post("/logout", {});
    return { panel, token, oldCookies, response };
  }

  it("ends every page at sign-out: the old cookies, or the user cookie alone, open no page that never calls the upstream", async () => {
    const { panel } = await signedIn();
    const confirmed = await confirm(panel, reviewPath("users", "ban", [7]), { reason: "Spam" });
    await finishedResults(panel, confirmed);
    const results = confirmed.headers.get("location")!;
    const pages = ["/audit", "/audit.csv", results];
    for (const path of pages) expect((await panel.get(path)).status, path).toBe(200);
    const oldCookies = panel.cookieHeader();
    const userCookieAlone = `user=${panel.cookie("user")!}`;

    await panel.post("/logout", {});

    for (const cookies of [oldCookies, userCookieAlone]) {
      for (const path of pages) {
        const page = await replaying(cookies).get(path);
        expect(page.status, path).toBe(302);
        expect(page.headers.get("location"), path).toMatch(/^\/login\?/);
      }
    }
  });

  it("is refused upstream after a plain sign-out", async () => {
    const { panel, token } = await signedIn();
    expect(await replay(token)).toBe(200);
    await panel.post("/logout", {});
    expect(await replay(token)).toBe(401);
  });

  it("retries the upstream logout once after a failure, and the old session is refused", async () => {
    const { panel, token } = await signedIn();
    await injectFault(stack.demo.url, { method: "GET", path: "/auth/logout", status: 503, times: 1 });

    const response = await panel.post("/logout", {});

    expect(response.headers.get("location")).toBe("/login");
    expect(panel.cookie("user")).toBeUndefined();
    expect(panel.cookie("session")).toBeUndefined();
    expect(toastMessage((await panel.follow(response)).html)).toBe("Logged out successfully");
    const logouts = await recordedRequests(stack.demo.url, "/auth/logout");
    expect(logouts.map((call) => call.status)).toEqual([503, 200]);
    expect(logouts.every((call) => call.hasSession)).toBe(true);
    expect(await replay(token)).toBe(401);
  });

  it("after a logout that fails twice: signs out silently, logs, and ends the upstream session in the background", async () => {
    const { panel, token, response } = await signOutWhileUpstreamFails(2);

    // What the user sees: the sign-in page without the toast (docs/product.md#user-menu-and-sign-out).
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(panel.cookie("user")).toBeUndefined();
    expect(panel.cookie("session")).toBeUndefined();
    expect(toastMessage((await panel.follow(response)).html)).toBeUndefined();
    const [first, second] = await recordedRequests(stack.demo.url, "/auth/logout");
    expect([first?.status, second?.status]).toEqual([503, 503]);
    // The process writes its log line before it answers; give the pipe a moment to deliver it.
    await expect.poll(() => logLines("upstream logout failed")).toHaveLength(1);
    expect(logLines("upstream logout failed")[0]).toMatchObject({
      level: "warn",
      admin: "admin@example.com",
      upstream: "GET /auth/logout",
      status: 503,
    });

    // The background retry reaches the upstream with the session, and the session is over there.
    await expect
      .poll(async () => (await recordedRequests(stack.demo.url, "/auth/logout")).map((call) => call.status), {
        timeout: BACKGROUND_RETRY_WAIT_MS,
        interval: 200,
      })
      .toContain(200);
    const ended = (await recordedRequests(stack.demo.url, "/auth/logout")).find((call) => call.status === 200);
    expect(ended?.hasSession).toBe(true);
    expect(await replay(token)).toBe(401);
    await expect.poll(() => logLines("upstream logout retried")).toHaveLength(1);
    expect(logLines("upstream logout retried")[0]).toMatchObject({ outcome: "ended" });
  });

  it(`lets a signed-in logout reach the upstream after ${POSTS_PER_MINUTE + 2} cookie-less posts from its address`, async () => {
    const { panel, token } = await signedIn();
    const stranger = new PanelClient(stack.panel.url);
    const forger = new PanelClient(stack.panel.url);
    forger.setCookie("session", "forged-token.not-a-signature");
    for (let post = 1; post <= POSTS_PER_MINUTE + 2; post++) {
      const answer = await (post % 2 ? stranger : forger).post("/logout", {});
      expect(answer.status, `post ${post}`).toBe(302);
      expect(answer.headers.get("location")).toBe("/login");
    }

    const response = await panel.post("/logout", {});

    expect(toastMessage((await panel.follow(response)).html)).toBe("Logged out successfully");
    // The real session's logout reached the upstream; the posts without a valid signed session
    // had nothing upstream to end and called nothing.
    const logouts = await recordedRequests(stack.demo.url, "/auth/logout");
    expect(logouts).toMatchObject([{ status: 200, hasSession: true }]);
    expect(await replay(token)).toBe(401);
  });

  if (engine === "Redis") {
    it("keeps a hash of the session in Redis, never the token, and refuses it on every instance", async () => {
      const { token, oldCookies } = await signOutWhileUpstreamFails();
      const client = new Redis(panelEnv.REDIS_URL!);
      let other: RunningServer | undefined;
      try {
        const hash = createHash("sha256").update(token).digest("hex");
        const keys = await client.keys("*");
        const revoked = keys.filter((key) => key.includes("revoked"));
        expect(revoked).toContain(`panel:revoked-session:${hash}`);
        for (const key of revoked) expect(key).toMatch(/^panel:revoked-session:[0-9a-f]{64}$/);
        // Until the cookie would have expired (7 days), not for good.
        const ttl = await client.ttl(`panel:revoked-session:${hash}`);
        expect(ttl).toBeGreaterThan(6 * 24 * 3600);
        expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600);
        for (const key of keys) {
          expect(key).not.toContain(token);
          const type = await client.type(key);
          if (type === "string") expect(await client.get(key)).not.toContain(token);
        }

        // A second instance sharing Redis refuses the old cookies too, without asking the upstream.
        other = await startPanel(`${stack.demo.url}/api`, { REDIS_URL: panelEnv.REDIS_URL! });
        await clearRecordedRequests(stack.demo.url);
        const page = await replaying(oldCookies, other.url).get("/users");
        expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fusers&expired=1");
        const calls = await recordedRequests(stack.demo.url);
        expect(calls.filter((call) => !call.path.endsWith("/auth/logout"))).toEqual([]);
      } finally {
        client.disconnect();
        await other?.stop();
      }
    });
  }

  if (engine === "Redis") {
    it("asks Redis three times per signed-in page (its session, its revocation, the roles), however many loaders and upstream calls it has", async () => {
      const { panel } = await signedIn();
      const client = new Redis(panelEnv.REDIS_URL!);
      try {
        // The panel's own timers (a batch's heartbeat, the ban ends' look) may read Redis while a
        // page is served on a loaded machine: the fewest reads of three pages is the page's own.
        const reads: number[] = [];
        for (let attempt = 0; attempt < 3; attempt++) {
          await client.config("RESETSTAT");
          const page = await panel.get("/users");
          expect(page.status).toBe(200);
          await page.text();
          reads.push(Number(/cmdstat_get:calls=(\d+)/.exec(await client.info("commandstats"))?.[1] ?? 0));
        }
        expect(Math.min(...reads)).toBe(3);
      } finally {
        client.disconnect();
      }
    });
  }

  // Last in its group: the upstream logout fails for good, so the background retries outlive the test.
  it("after a logout that fails twice, refuses the old cookies on every admin page and action without calling the upstream", async () => {
    const { token, oldCookies } = await signOutWhileUpstreamFails();
    // The upstream still honours the session: only the panel can refuse it now.
    expect(await replay(token)).toBe(200);
    await clearRecordedRequests(stack.demo.url);
    for (const path of ["/", "/users", "/users/2", "/posts"]) {
      // A fresh copy each time: the panel's answer clears the cookies it refuses.
      const page = await replaying(oldCookies).get(path);
      expect(page.headers.get("location"), path).toMatch(/^\/login\?(redirectTo=[^&]+&)?expired=1$/);
    }
    // A client-side navigation (JavaScript on) gets the same redirect, encoded in its data answer.
    const navigation = await replaying(oldCookies).get("/users.data");
    expect(await navigation.text()).toContain('"redirect","/login?redirectTo=%2Fusers&expired=1"');
    const action = await replaying(oldCookies).post("/users", { intent: "ban", id: "2" });
    expect(action.status).toBe(302);
    expect(action.headers.get("location")).toMatch(/^\/login\?(redirectTo=[^&]+&)?expired=1$/);

    // The background logout retries carry the session, as they must; nothing else did.
    const calls = await recordedRequests(stack.demo.url);
    expect(calls.filter((call) => !call.path.endsWith("/auth/logout"))).toEqual([]);

    // A public page's call (no session needed) goes without the revoked session.
    await replaying(oldCookies).post("/forgot-password", { email: "member@example.com" });
    const [reset] = await recordedRequests(stack.demo.url, "/auth/forgot-password");
    expect(reset).toMatchObject({ method: "POST", hasSession: false });
  });
});

describe("a session whose upstream role changed", () => {
  // Every page checks the role with the upstream here; the product checks every 5 minutes.
  const stack = useStack({ SESSION_CHECK_SECONDS: "0" });

  async function demote(id: number, role: "moderator" | "user") {
    const response = await fetch(`${stack.demo.url}/__demo/users/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role }),
    });
    expect(response.status).toBe(200);
  }

  it.each(["moderator", "user"] as const)(
    "ends at the next page once the upstream has made the admin a %s, pages that never call it included",
    async (role) => {
      const panel = await PanelClient.signedIn(stack.panel.url);
      expect((await panel.get("/audit")).status).toBe(200);
      await demote(1, role);
      const page = await panel.get("/audit");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/login?redirectTo=%2Faudit&expired=1");
      // Ended for good: the role check is not asked again, the record is gone.
      await clearRecordedRequests(stack.demo.url);
      const again = await panel.get("/audit");
      expect(again.headers.get("location")).toMatch(/^\/login/);
      // An end of a session is an entry of the trail, naming the session (docs/product.md#sessions).
      const ops = await PanelClient.signedIn(stack.panel.url, "ops.admin@example.com");
      const [ended] = (await auditRows(ops, "?kind=session")).rows;
      expect(ended).toMatchObject({
        Admin: "admin@example.com",
        Action: "Signed out",
        Target: expect.stringMatching(/^node, 127\.0\.0\.1 \(session [\w-]{12}\)$/),
        Result: "Doneended: the upstream no longer confirms the role ADMIN",
      });
    },
  );
});

describe("the role check's pace", () => {
  const stack = useStack();

  it("asks the upstream about the admin's role no more often than SESSION_CHECK_SECONDS (5 minutes)", async () => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);
    for (const path of ["/audit", "/users", "/audit", "/posts"]) expect((await panel.get(path)).status).toBe(200);
    expect(await recordedRequests(stack.demo.url, "/users/1")).toEqual([]);
  });
});
