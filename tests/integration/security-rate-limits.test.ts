/**
 * Rate limits of the anonymous routes (decision 035, which supersedes part of 012). Sign-in
 * follows OWASP's device cookies: a browser that signed in to an account before is judged on its
 * own failures only; any other client meets growing waits per account (from every address
 * together) and a daily limit per address. Security-key guesses count per account email from every
 * address. Every other anonymous POST is limited per address and minute. The panel trusts the
 * loopback proxy (TRUST_PROXY=loopback) and the test plays that proxy: the last X-Forwarded-For
 * entry is the client's address, so each test takes addresses of its own. The counting cases run
 * against both stores, memory and Redis.
 */
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";

import { clearRecordedRequests, holdCalls, injectFault, outbox, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

const PER_MINUTE = 3;
const PER_ACCOUNT = 5;
const PER_ADDRESS_PER_DAY = 12;
const KEY_GUESSES_PER_HOUR = 5;
/** The first wait after the free failures (app/session/failure-delays.ts). */
const FIRST_WAIT_SECONDS = 15;

const panelEnv = (): NodeJS.ProcessEnv => ({
  TRUST_PROXY: "loopback",
  AUTH_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  LOGIN_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
  LOGIN_FAILURES_PER_DAY: String(PER_ADDRESS_PER_DAY),
  KEY_GUESSES_PER_HOUR: String(KEY_GUESSES_PER_HOUR),
});

const ADMIN = { email: "admin@example.com", password: "Admin12345" };
// Other administrators (same password), so that each test has an account whose counts are its own.
const OPS_ADMIN = { email: "ops.admin@example.com", password: "Admin12345" };
const SUPPORT_ADMIN = { email: "support.admin@example.com", password: "Admin12345" };
const DEVICE_COOKIE = "panel_device";
const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;

/** The X-Forwarded-For the trusted loopback proxy sends for a client at `address`. */
function from(address: string, clientSupplied?: string): Record<string, string> {
  return { "x-forwarded-for": clientSupplied ? `${clientSupplied}, ${address}` : address };
}

/** The attributes of the form input named `name` in a page's HTML. */
function inputNamed(html: string, name: string): string | undefined {
  return [...html.matchAll(/<input\b[^>]*>/g)].map(([tag]) => tag).find((tag) => tag.includes(`name="${name}"`));
}

function valueOf(input: string | undefined): string | undefined {
  const match = input && /\bvalue="([^"]*)"/.exec(input);
  return match ? decodeEntities(match[1]!) : undefined;
}

async function signIn(client: PanelClient, address: string, email: string, password: string) {
  return client.post("/login", { email, password }, from(address));
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  const html = await response.text();
  expect(toastMessage(html)).toMatch(TOO_MANY);
  return html;
}

/**
 * A browser that signed in to `account` once and whose session then ended: it keeps only what
 * outlives a session (its device cookie), as after a logout or an expired session.
 */
async function returningBrowser(baseUrl: string, address: string, account: { email: string; password: string }) {
  const first = new PanelClient(baseUrl);
  expect((await signIn(first, address, account.email, account.password)).status).toBe(302);
  const browser = new PanelClient(baseUrl);
  const device = first.cookie(DEVICE_COOKIE);
  if (device) browser.setCookie(DEVICE_COOKIE, device);
  return browser;
}

describe.each([
  ["memory", false],
  ["Redis", true],
])("counted in %s", (_store, withRedis) => {
  const env = panelEnv();
  // A burst holds the calls that reach the upstream until the panel has answered every other one,
  // which on a loaded machine may take longer than the product's 10 s upstream timeout.
  env.UPSTREAM_TIMEOUT_MS = "60000";
  if (withRedis) useRedis(env);
  const stack = useStack(env);

  describe("sign-in", () => {
    it("gives the browser a signed, HttpOnly device cookie for the account on a successful sign-in", async () => {
      const signedIn = await signIn(new PanelClient(stack.panel.url), "203.0.113.8", ADMIN.email, ADMIN.password);
      const line = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
      expect(line).toMatch(/; HttpOnly/i);
      expect(line).toMatch(/; SameSite=Lax/i);
      // It outlives the session: months, renewed by each sign-in.
      expect(Number(/Max-Age=(\d+)/i.exec(line ?? "")?.[1])).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
      // Signed: its value ends with the signature after a dot.
      expect(decodeURIComponent(line!.split(";")[0]!.slice(DEVICE_COOKIE.length + 1))).toMatch(/\.[\w+/=-]+$/);
    });

    it("lets a returning browser in with the right password from an address refused for others' failures", async () => {
      const admin = await returningBrowser(stack.panel.url, "203.0.113.1", ADMIN);
      const attacker = new PanelClient(stack.panel.url);
      for (let attempt = 1; attempt <= PER_ADDRESS_PER_DAY; attempt++) {
        const failed = await signIn(attacker, "203.0.113.1", `random-${attempt}@example.org`, "wrong-password");
        expect(failed.status, `attempt ${attempt}`).toBe(401);
      }
      // A client the panel has not seen with this account is refused by the address's daily limit…
      await expectRefused(await signIn(new PanelClient(stack.panel.url), "203.0.113.1", ADMIN.email, ADMIN.password));
      // …the admin's own browser is not.
      expect((await signIn(admin, "203.0.113.1", ADMIN.email, ADMIN.password)).status).toBe(302);
    });

    it("slows guesses at an account from every address, and the owner's browser still gets in", async () => {
      const owner = await returningBrowser(stack.panel.url, "203.0.113.2", OPS_ADMIN);
      const attacker = new PanelClient(stack.panel.url);
      for (let attempt = 1; attempt <= PER_ACCOUNT; attempt++) {
        // A new address for each guess: the waits are per account, not per address.
        const failed = await signIn(attacker, `203.0.113.${100 + attempt}`, OPS_ADMIN.email, `wrong-${attempt}`);
        expect(failed.status, `attempt ${attempt}`).toBe(401);
      }
      await clearRecordedRequests(stack.demo.url);

      // Untrusted clients wait, from the owner's address or any other, and the upstream hears nothing.
      for (const address of ["203.0.113.2", "198.51.100.2"]) {
        const refused = await signIn(new PanelClient(stack.panel.url), address, OPS_ADMIN.email, OPS_ADMIN.password);
        await expectRefused(refused);
        // A wait that grows from seconds, not a lock for the day or a quarter of an hour.
        expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
      }
      expect(await recordedRequests(stack.demo.url, "/auth/signin")).toEqual([]);

      // The owner's browser, at the same address, signs in.
      expect((await signIn(owner, "203.0.113.2", OPS_ADMIN.email, OPS_ADMIN.password)).status).toBe(302);
    });

    it("counts a device cookie's own failures: a stolen cookie gets a bounded number of guesses", async () => {
      const browser = await returningBrowser(stack.panel.url, "203.0.113.3", ADMIN);
      for (let attempt = 1; attempt <= PER_ACCOUNT; attempt++) {
        expect((await signIn(browser, "203.0.113.3", ADMIN.email, `wrong-${attempt}`)).status).toBe(401);
      }
      await clearRecordedRequests(stack.demo.url);
      await expectRefused(await signIn(browser, "203.0.113.3", ADMIN.email, ADMIN.password));
      expect(await recordedRequests(stack.demo.url, "/auth/signin")).toEqual([]);
    });

    it("treats a device cookie of another account, or a forged one, as an untrusted client", async () => {
      const target = "no-such-admin@example.com";
      for (let attempt = 1; attempt <= PER_ACCOUNT; attempt++) {
        const failed = await signIn(new PanelClient(stack.panel.url), "203.0.113.4", target, `wrong-${attempt}`);
        expect(failed.status).toBe(401);
      }
      const otherAccount = await returningBrowser(stack.panel.url, "203.0.113.4", SUPPORT_ADMIN);
      await expectRefused(await signIn(otherAccount, "203.0.113.4", target, "any-password"));

      const forged = new PanelClient(stack.panel.url);
      const claim = Buffer.from(JSON.stringify({ email: target, id: "forged" })).toString("base64");
      forged.setCookie(DEVICE_COOKIE, encodeURIComponent(claim));
      await expectRefused(await signIn(forged, "203.0.113.4", target, "any-password"));
    });

    it("refuses an account after its failures, keeps the typed email and skips the upstream", async () => {
      const client = new PanelClient(stack.panel.url);
      for (let attempt = 1; attempt <= PER_ACCOUNT; attempt++) {
        const failed = await signIn(client, "203.0.113.5", SUPPORT_ADMIN.email, `wrong-${attempt}`);
        expect(failed.status, `attempt ${attempt}`).toBe(401);
      }
      await clearRecordedRequests(stack.demo.url);

      // Even the right password, typed in another case, waits: the account is counted lowercased.
      const refused = await signIn(client, "203.0.113.5", "Support.Admin@Example.com", SUPPORT_ADMIN.password);
      const html = await expectRefused(refused);
      expect(valueOf(inputNamed(html, "email"))).toBe("Support.Admin@Example.com");
      expect(valueOf(inputNamed(html, "password"))).toBeUndefined();
      expect(html).not.toContain(SUPPORT_ADMIN.password);
      expect(html).toContain("Too many attempts. Please wait");
      expect(await recordedRequests(stack.demo.url, "/auth/signin")).toEqual([]);
    });

    it("forgets the failures after a successful sign-in", async () => {
      const client = new PanelClient(stack.panel.url);
      for (let round = 1; round <= 2; round++) {
        for (let attempt = 1; attempt < PER_ACCOUNT; attempt++) {
          expect((await signIn(client, "203.0.113.6", ADMIN.email, "wrong-password")).status).toBe(401);
        }
        const success = await signIn(new PanelClient(stack.panel.url), "203.0.113.6", ADMIN.email, ADMIN.password);
        expect(success.status).toBe(302);
      }
      // 2 × (PER_ACCOUNT - 1) failures in all, yet one more is still answered, not refused.
      expect((await signIn(client, "203.0.113.6", ADMIN.email, "wrong-password")).status).toBe(401);
    });

    it("refuses an address after its daily failures across accounts, for clients without a device cookie", async () => {
      const client = new PanelClient(stack.panel.url);
      const accounts = ["a@example.com", "b@example.com", "c@example.com", "d@example.com"];
      const perAccount = PER_ADDRESS_PER_DAY / accounts.length;
      expect(perAccount).toBeLessThan(PER_ACCOUNT);
      for (const email of accounts) {
        for (let attempt = 1; attempt <= perAccount; attempt++) {
          expect((await signIn(client, "203.0.113.7", email, "wrong-password")).status).toBe(401);
        }
      }
      await clearRecordedRequests(stack.demo.url);
      await expectRefused(await signIn(client, "203.0.113.7", ADMIN.email, ADMIN.password));
      expect(await recordedRequests(stack.demo.url, "/auth/signin")).toEqual([]);
      expect((await signIn(client, "198.51.100.7", ADMIN.email, ADMIN.password)).status).toBe(302);
    });
    /**
     * Sends `count` sign-ins at once while the upstream holds every sign-in call it gets: no
     * failure can be counted after its call while the others arrive. Resolves once the panel has
     * answered all but the held ones, then lets those go; answers the statuses.
     */
    async function burst(count: number, attempt: (index: number) => Promise<Response>): Promise<number[]> {
      await clearRecordedRequests(stack.demo.url);
      const held = await holdCalls(stack.demo.url, { method: "POST", path: "/auth/signin" });
      let answered = 0;
      const answers = Array.from({ length: count }, (_, index) =>
        attempt(index).then((response) => {
          answered++;
          return response.status;
        }),
      );
      // Everything the panel refused itself is answered while the rest waits upstream.
      await expect.poll(async () => answered + (await held.holding()), { timeout: 60_000, interval: 100 }).toBe(count);
      await held.release();
      return Promise.all(answers);
    }

    it("lets no more guesses at one account reach the upstream than its free failures when they arrive at once", async () => {
      // Each from an address of its own: the account's free failures are the bound.
      const statuses = await burst(50, (index) =>
        signIn(new PanelClient(stack.panel.url), `192.0.2.${index + 1}`, "burst@example.com", `wrong-${index}`),
      );
      expect(await recordedRequests(stack.demo.url, "/auth/signin")).toHaveLength(PER_ACCOUNT);
      expect(statuses.filter((status) => status === 401)).toHaveLength(PER_ACCOUNT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50 - PER_ACCOUNT);
    }, 90_000);

    it("lets no more accounts be tried from one address than its daily failures when they arrive at once", async () => {
      const statuses = await burst(150, (index) =>
        signIn(new PanelClient(stack.panel.url), "198.51.100.99", `burst-${index}@example.org`, "wrong-password"),
      );
      expect(await recordedRequests(stack.demo.url, "/auth/signin")).toHaveLength(PER_ADDRESS_PER_DAY);
      expect(statuses.filter((status) => status === 401)).toHaveLength(PER_ADDRESS_PER_DAY);
    }, 90_000);

    it("gives a counted attempt back when the upstream fails, so an outage uses up no free failures", async () => {
      const client = new PanelClient(stack.panel.url);
      const outage = PER_ACCOUNT + 2;
      await injectFault(stack.demo.url, { method: "POST", path: "/auth/signin", status: 503, times: outage });
      for (let attempt = 1; attempt <= outage; attempt++) {
        expect((await signIn(client, "203.0.113.9", "outage@example.com", "wrong-password")).status).not.toBe(429);
      }
      // Every free failure is still there.
      for (let attempt = 1; attempt <= PER_ACCOUNT; attempt++) {
        const failed = await signIn(client, "203.0.113.9", "outage@example.com", "wrong-password");
        expect(failed.status, `attempt ${attempt}`).toBe(401);
      }
      await expectRefused(await signIn(client, "203.0.113.9", "outage@example.com", "wrong-password"));
    });
  });

  describe("account-deletion security keys", () => {
    it("counts key guesses per account from every address, and stops calling the upstream past them", async () => {
      const email = "moderator@example.com";
      const client = new PanelClient(stack.panel.url);
      const sent = await client.post("/delete-account", { intent: "generate-key", email }, from("198.51.100.50"));
      expect(sent.status).toBe(302);
      const key = (await outbox(stack.demo.url, email)).at(-1)?.securityKey;
      const wrongKey = key === "000000" ? "111111" : "000000";
      await clearRecordedRequests(stack.demo.url);

      for (let guess = 1; guess <= KEY_GUESSES_PER_HOUR; guess++) {
        // A fresh address for every guess: the per-address minute limit never applies.
        const wrong = await client.post(
          "/delete-account?step=key",
          { intent: "delete-user", securityKey: wrongKey },
          from(`203.0.113.${150 + guess}`),
        );
        expect(wrong.status, `guess ${guess}`).toBe(400);
      }
      expect(await recordedRequests(stack.demo.url, "/users/delete-user")).toHaveLength(KEY_GUESSES_PER_HOUR);

      // The right key too waits now, from yet another address, and never reaches the upstream.
      const refused = await client.post(
        "/delete-account?step=key",
        { intent: "delete-user", securityKey: key! },
        from("203.0.113.200"),
      );
      const html = await expectRefused(refused);
      expect(html).not.toContain(key!);
      // A window, not a lasting lock: the owner may try again within the hour.
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60 * 60);
      expect(await recordedRequests(stack.demo.url, "/users/delete-user")).toHaveLength(KEY_GUESSES_PER_HOUR);
    });
  });
  // Only the Redis variant has a Redis to look into.
  if (withRedis) {
    it("keeps these counts in Redis, where every instance sees them", async () => {
      const redis = new Redis(env.REDIS_URL!);
      try {
        const keys = await redis.keys("panel:rate-limit:*");
        for (const prefix of [
          "sign-in-account",
          "sign-in-device",
          "sign-in-failures-address",
          "deletion-key-guesses",
        ]) {
          expect(
            keys.some((key) => key.startsWith(`panel:rate-limit:${prefix}`)),
            prefix,
          ).toBe(true);
        }
      } finally {
        redis.disconnect();
      }
    });
  }
});

describe("with the counters in memory", () => {
  const stack = useStack(panelEnv());

  describe("every other anonymous POST", () => {
    /** The key step needs a key request first (from another address, so it does not count here). */
    async function keyRequested(client: PanelClient) {
      const sent = await client.post(
        "/delete-account",
        { intent: "generate-key", email: "member@example.com" },
        from("198.51.100.21"),
      );
      expect(sent.status).toBe(302);
    }

    const forms: [string, string, Record<string, string>, ((client: PanelClient) => Promise<void>)?][] = [
      ["forgot-password", "/forgot-password", { email: "member@example.com" }],
      [
        "reset-password",
        "/reset-password?token=guessed-token",
        { password: "NewPass123", confirmPassword: "NewPass123" },
      ],
      ["account deletion, email step", "/delete-account", { intent: "generate-key", email: "member@example.com" }],
      [
        "account deletion, key step",
        "/delete-account?step=key",
        { intent: "delete-user", securityKey: "000000" },
        keyRequested,
      ],
    ];

    it.each(forms.map(([name, path, fields, prepare], index) => [name, path, fields, prepare, index] as const))(
      "%s: past the limit answers 429 with the form and its values, and calls no upstream",
      async (_name, path, fields, prepare, index) => {
        const client = new PanelClient(stack.panel.url);
        await prepare?.(client);
        const address = `203.0.113.${20 + index}`;
        for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
          expect((await client.post(path, fields, from(address))).status, `attempt ${attempt}`).not.toBe(429);
        }
        await clearRecordedRequests(stack.demo.url);
        const html = await expectRefused(await client.post(path, fields, from(address)));
        expect(await recordedRequests(stack.demo.url)).toEqual([]);
        // What was typed comes back, secrets aside.
        if (fields.email) expect(valueOf(inputNamed(html, "email"))).toBe(fields.email);
        for (const secret of [fields.password, fields.securityKey].filter(Boolean)) expect(html).not.toContain(secret);
        // Another address is not affected.
        expect((await client.post(path, fields, from("198.51.100.20"))).status).not.toBe(429);
      },
    );

    it("sidebar: past the limit answers 429 with Retry-After", async () => {
      const client = new PanelClient(stack.panel.url);
      const fields = { expanded: "false", redirectTo: "/" };
      for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
        expect((await client.post("/resources/sidebar", fields, from("203.0.113.30"))).status).toBe(302);
      }
      const refused = await client.post("/resources/sidebar", fields, from("203.0.113.30"));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toMatch(TOO_MANY);
    });
    // Logout is not limited: a real session's sign-out always reaches the upstream (security-logout.test.ts).
  });

  describe("client addresses behind a proxy", () => {
    it("with TRUST_PROXY=loopback counts the address the proxy saw, whatever the client put before it", async () => {
      const client = new PanelClient(stack.panel.url);
      const fields = { email: "member@example.com" };
      for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
        const sent = await client.post("/forgot-password", fields, from("203.0.113.40", `10.0.0.${attempt}`));
        expect(sent.status).not.toBe(429);
      }
      await expectRefused(await client.post("/forgot-password", fields, from("203.0.113.40", "10.9.9.9")));
    });
  });
});
