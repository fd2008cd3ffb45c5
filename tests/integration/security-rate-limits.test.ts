/**
 * Rate limits of the anonymous routes (decision 012): sign-in counts failures per account and
 * address and per address and day; every other anonymous POST is limited per address and minute.
 * The panel trusts exactly one proxy (TRUST_PROXY=1) and the test plays that proxy: the last
 * X-Forwarded-For entry is the client's address, so each test takes addresses of its own.
 */
import { afterAll, describe, expect, it } from "vitest";

import { clearRecordedRequests, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type RunningServer, startPanel } from "../support/servers";
import { useStack } from "../support/use-stack";

const PER_MINUTE = 3;
const PER_ACCOUNT = 5;
const PER_ADDRESS_PER_DAY = 12;

const stack = useStack({
  TRUST_PROXY: "1",
  AUTH_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  LOGIN_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
  LOGIN_FAILURES_PER_DAY: String(PER_ADDRESS_PER_DAY),
});

const ADMIN = { email: "admin@example.com", password: "Admin12345" };
const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;

/** The X-Forwarded-For a single trusted proxy sends for a client at `address`. */
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

describe("sign-in", () => {
  it("lets the admin in after wrong passwords for another account from the same address", async () => {
    const client = new PanelClient(stack.panel.url);
    for (let attempt = 1; attempt <= 10; attempt++) {
      await signIn(client, "203.0.113.1", "moderator@example.com", `wrong-${attempt}`);
    }
    const admin = await signIn(client, "203.0.113.1", ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(302);
  });

  it("refuses an account after its failures from one address, keeps the typed email and skips the upstream", async () => {
    const client = new PanelClient(stack.panel.url);
    for (let attempt = 1; attempt <= PER_ACCOUNT; attempt++) {
      const failed = await signIn(client, "203.0.113.2", ADMIN.email, `wrong-${attempt}`);
      expect(failed.status, `attempt ${attempt}`).toBe(401);
    }
    await clearRecordedRequests(stack.demo.url);

    // Even the right password, typed in another case, waits: the account is counted lowercased.
    const refused = await signIn(client, "203.0.113.2", "Admin@Example.com", ADMIN.password);
    const html = await expectRefused(refused);
    expect(valueOf(inputNamed(html, "email"))).toBe("Admin@Example.com");
    expect(valueOf(inputNamed(html, "password"))).toBeUndefined();
    expect(html).not.toContain(ADMIN.password);
    expect(html).toContain("Too many attempts. Please wait");
    expect(await recordedRequests(stack.demo.url, "/auth/signin")).toEqual([]);

    // The real admin elsewhere is not locked out.
    expect((await signIn(client, "198.51.100.2", ADMIN.email, ADMIN.password)).status).toBe(302);
  });

  it("forgets the failures after a successful sign-in", async () => {
    const client = new PanelClient(stack.panel.url);
    for (let round = 1; round <= 2; round++) {
      for (let attempt = 1; attempt < PER_ACCOUNT; attempt++) {
        expect((await signIn(client, "203.0.113.3", ADMIN.email, "wrong-password")).status).toBe(401);
      }
      expect((await signIn(new PanelClient(stack.panel.url), "203.0.113.3", ADMIN.email, ADMIN.password)).status).toBe(
        302,
      );
    }
    // 2 × (PER_ACCOUNT - 1) failures in all, yet one more is still answered, not refused.
    expect((await signIn(client, "203.0.113.3", ADMIN.email, "wrong-password")).status).toBe(401);
  });

  it("refuses an address after its daily failures across accounts", async () => {
    const client = new PanelClient(stack.panel.url);
    const accounts = ["a@example.com", "b@example.com", "c@example.com", "d@example.com"];
    const perAccount = PER_ADDRESS_PER_DAY / accounts.length;
    expect(perAccount).toBeLessThan(PER_ACCOUNT);
    for (const email of accounts) {
      for (let attempt = 1; attempt <= perAccount; attempt++) {
        expect((await signIn(client, "203.0.113.4", email, "wrong-password")).status).toBe(401);
      }
    }
    await clearRecordedRequests(stack.demo.url);
    await expectRefused(await signIn(client, "203.0.113.4", ADMIN.email, ADMIN.password));
    expect(await recordedRequests(stack.demo.url, "/auth/signin")).toEqual([]);
    expect((await signIn(client, "198.51.100.4", ADMIN.email, ADMIN.password)).status).toBe(302);
  });
});

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
  it("with TRUST_PROXY=1 counts the address the proxy saw, whatever the client put before it", async () => {
    const client = new PanelClient(stack.panel.url);
    const fields = { email: "member@example.com" };
    for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
      const sent = await client.post("/forgot-password", fields, from("203.0.113.40", `10.0.0.${attempt}`));
      expect(sent.status).not.toBe(429);
    }
    await expectRefused(await client.post("/forgot-password", fields, from("203.0.113.40", "10.9.9.9")));
  });

  describe("with TRUST_PROXY=true", () => {
    let trustsEveryHop: RunningServer | undefined;
    afterAll(async () => {
      await trustsEveryHop?.stop();
    });

    it("warns at boot, since a client then chooses its own address", async () => {
      trustsEveryHop = await startPanel(`${stack.demo.url}/api`, {
        TRUST_PROXY: "true",
        AUTH_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      });
      const warnings = trustsEveryHop
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: string; msg: string })
        // The missing app links have warnings of their own (tests/integration/email-pages.test.ts).
        .filter((line) => line.level === "warn" && !line.msg.includes("_URL is not set"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain("TRUST_PROXY=true");

      // What the warning is about: a rotating first X-Forwarded-For entry is a new address each time.
      const client = new PanelClient(trustsEveryHop.url);
      for (let attempt = 1; attempt <= PER_MINUTE + 2; attempt++) {
        const sent = await client.post(
          "/forgot-password",
          { email: "member@example.com" },
          from("203.0.113.41", `10.0.1.${attempt}`),
        );
        expect(sent.status, `attempt ${attempt}`).not.toBe(429);
      }
    });
  });
});
