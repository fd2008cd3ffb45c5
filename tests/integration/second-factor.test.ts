// Issue 39, the second factor (docs/product.md#second-factor), over real HTTP against the embedded
// state engine and Redis: enrolment, sign-in's two forms, recovery codes, turning it off, wrong
// codes counted against the sign-in limits, the grace banner, and an admin past the grace period.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { demoUsers } from "../support/demo-data";
import { PanelClient } from "../support/form-post";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { type Stack, startStack } from "../support/servers";
import { enrol, STEP_MS, wrongCode } from "../support/second-factor";
import { totpCode } from "~/session/second-factor-totp.server";

const PASSWORD = "Admin12345";
/** Free failures per account in these tests: the fourth wrong code in a row must wait. */
const FREE_FAILURES = 3;

const stores = [{ name: "embedded" }, { name: "redis" }] as const;

/** Posts the password of `email`: answers the redirect and, for a pending sign-in, the client holding it. */
async function password(stack: Stack, email: string) {
  const client = new PanelClient(stack.panel.url);
  const answer = await client.post("/login", { email, password: PASSWORD });
  return { client, answer };
}

describe.each(stores)("the second factor ($name store)", { timeout: 120_000 }, ({ name }) => {
  let stack: Stack;
  let redis: RunningRedis | undefined;

  beforeAll(async () => {
    if (name === "redis") redis = await startRedis();
    stack = await startStack({
      SECOND_FACTOR_REQUIRED: "admins",
      LOGIN_FAILURES_PER_ACCOUNT: String(FREE_FAILURES),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  });

  it("shows an admin without one the grace banner, leading to the enrolment page", async () => {
    const client = await PanelClient.signedIn(stack.panel.url, "support.admin@example.com", PASSWORD);
    const html = await (await client.get("/users")).text();
    const banner = /data-testid="second-factor-banner".*?<\/div>/s.exec(html)?.[0].replaceAll("<!-- -->", "");
    expect(banner).toContain("Set it up within 7 days to go on using the panel.");
    expect(banner).toContain('href="/account/two-factor"');
  });

  it("enrols, then signs in with the password and a code, a recovery code once, and turns it off", async () => {
    const email = "ops.admin@example.com";
    const admin = await PanelClient.signedIn(stack.panel.url, email, PASSWORD);
    const { secret, recoveryCodes, spentStep } = await enrol(admin);
    expect(await (await admin.get("/")).text()).not.toContain('data-testid="second-factor-banner"');
    expect((await admin.post("/logout", {})).status).toBe(302);

    // The password alone starts no session: the code form comes next.
    const first = await password(stack, email);
    expect(first.answer.status).toBe(302);
    expect(first.answer.headers.get("location")).toBe("/login/two-factor");
    expect(first.client.cookie("user")).toBeUndefined();
    expect((await first.client.get("/")).headers.get("location")).toMatch(/^\/login/);
    const form = await first.client.get("/login/two-factor");
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Authentication code");

    const wrong = await first.client.post("/login/two-factor", { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid authentication code");
    // The enrolment's code was spent: a step later's is accepted.
    const signedInAt = Date.now() + STEP_MS;
    const right = await first.client.post("/login/two-factor", { code: totpCode(secret, signedInAt) });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/");
    expect((await first.client.get("/")).status).toBe(200);

    // A recovery code signs in once.
    const second = await password(stack, email);
    const recovered = await second.client.post("/login/two-factor", { code: recoveryCodes[0]! });
    expect(recovered.status).toBe(302);
    const third = await password(stack, email);
    expect((await third.client.post("/login/two-factor", { code: recoveryCodes[0]! })).status).toBe(400);

    // Turned off with a code a step early (or, when the enrolment or the sign-in spent that one
    // because a step began meanwhile, a step late, or the current one); then the password alone
    // signs in.
    const spent = new Set([spentStep, Math.floor(signedInAt / STEP_MS)]);
    const now = Math.floor(Date.now() / STEP_MS);
    const unspent = [now - 1, now + 1, now].find((step) => !spent.has(step))!;
    const off = await first.client.post("/account/two-factor", {
      intent: "turn-off",
      code: totpCode(secret, unspent * STEP_MS),
    });
    expect(off.status).toBe(302);
    const after = await password(stack, email);
    expect(after.answer.headers.get("location")).toBe("/");

    const { rows } = await auditRows(first.client, `?admin=${encodeURIComponent(email)}`);
    const actions = rows.map((row) => `${row.Action}: ${row.Result}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Turned on two-factor authentication: Done/),
        expect.stringMatching(/^Used a recovery code: Done/),
        expect.stringMatching(/^Turned off two-factor authentication: Done/),
        expect.stringMatching(/^Signed in: Failed/),
      ]),
    );
    expect(
      rows.some((row) => row.Action === "Signed in" && /wrong authentication code/.test(JSON.stringify(row))),
    ).toBe(true);
  });

  it("counts wrong codes against the sign-in limits: past the free ones, the code and the password wait", async () => {
    const email = "support.admin@example.com";
    const admin = await PanelClient.signedIn(stack.panel.url, email, PASSWORD);
    const { secret } = await enrol(admin);
    const { client } = await password(stack, email);
    const answers: number[] = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt++)
      answers.push((await client.post("/login/two-factor", { code: wrongCode(secret) })).status);
    expect(answers).toEqual([400, 400, 400, 429]);
    // The same counters as failed passwords: the right password waits too.
    const refused = await password(stack, email);
    expect(refused.answer.status).toBe(429);
    expect(refused.answer.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("an admin past the grace period (redis store)", { timeout: 120_000 }, () => {
  let stack: Stack;
  let redis: RunningRedis;

  beforeAll(async () => {
    redis = await startRedis();
    stack = await startStack({ SECOND_FACTOR_REQUIRED: "admins", REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  });

  it("is sent to the enrolment page before any screen or export, and may still sign out", async () => {
    const admin = (await demoUsers(stack.demo.url)).find((user) => user.email === "admin@example.com")!;
    const client = await PanelClient.signedIn(stack.panel.url);
    // Required since 8 days ago: the grace period has ended.
    const store = new Redis(redis.url);
    await store.set(`panel:second-factor:grace:${admin.id}`, String(Date.now() - 8 * 86_400_000), "EX", 3600);
    await store.quit();

    for (const path of ["/", "/users", "/users.csv", "/audit"]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe("/account/two-factor");
    }
    const page = await client.get("/account/two-factor");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Two-factor authentication is required for admins");
    expect((await client.post("/logout", {})).status).toBe(302);
  });
});
