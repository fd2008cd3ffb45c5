// Issue 39, re-authentication ("sudo", docs/product.md#re-authentication, decision 080), over real
// HTTP against the embedded state engine and Redis: a 60-user bulk ban, a personal-data export and
// a plan deletion ask first; the password of an admin with no second factor, a code, a recovery
// code; a code used before refused; wrong answers counted against the sign-in limits and audited;
// the held submission carried on once, by its own session only. Upstream calls are counted in the
// demo API's request log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { confirmKey, finishedResults, formKey, reviewPath } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import {
  clearFaults,
  clearRecordedRequests,
  injectFault,
  recordedRequests,
  resetDemo,
  seedUsers,
} from "../support/demo-hooks";
import { decodeEntities, PanelClient } from "../support/form-post";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { enrol, STEP_MS, wrongCode } from "../support/second-factor";
import { type Stack, startStack } from "../support/servers";
import { totpCode } from "~/session/second-factor-totp.server";

const PASSWORD = "Admin12345";
/** Free failures per account in these tests: the fourth wrong answer in a row must wait. */
const FREE_FAILURES = 3;
const GONE = "This confirmation has expired or was already used. Nothing was sent: please try again.";

const stores = [{ name: "embedded" }, { name: "redis" }] as const;

describe.each(stores)("re-authentication ($name store)", { timeout: 180_000 }, ({ name }) => {
  let stack: Stack;
  let redis: RunningRedis | undefined;

  beforeAll(async () => {
    if (name === "redis") redis = await startRedis();
    stack = await startStack({
      LOGIN_FAILURES_PER_ACCOUNT: String(FREE_FAILURES),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  });

  /** The ban calls the demo API answered (a ban is a GET of /users/ban/{id} there). */
  const bans = async () => (await recordedRequests(stack.demo.url, "/users/ban/")).length;

  /** The challenge a guarded answer redirects to: its path, and its key. */
  function challengeOf(answer: Response) {
    const location = answer.headers.get("location") ?? "";
    expect(answer.status, location).toBe(303);
    const match = /^\/account\/confirm\?pending=([A-Za-z0-9_-]{22})$/.exec(location);
    expect(match, location).not.toBeNull();
    return { path: location, key: match![1]! };
  }

  /** A new session of an enrolled admin: the password, then `code` on sign-in's second form. */
  async function signInWithCode(email: string, code: string) {
    const client = new PanelClient(stack.panel.url);
    expect((await client.post("/login", { email, password: PASSWORD })).headers.get("location")).toBe(
      "/login/two-factor",
    );
    expect((await client.post("/login/two-factor", { code })).status).toBe(302);
    return client;
  }

  it("asks for the password before a 60-user bulk ban, then runs the batch once, whatever is sent again", async () => {
    await resetDemo(stack.demo.url);
    await seedUsers(stack.demo.url, 100);
    const open = (await demoUsers(stack.demo.url))
      .filter((user) => user.email.endsWith("@seeded.example.com") && !user.isBanned)
      .slice(0, 60);
    expect(open).toHaveLength(60);
    const panel = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);

    // Confirm, as a browser without JavaScript sends it: held, and the challenge instead.
    const review = reviewPath(
      "users",
      "ban",
      open.map((user) => user.id),
    );
    const confirmFields = { reason: "Spam", _once: await confirmKey(panel, review) };
    const challenge = challengeOf(await panel.post(review, confirmFields));
    expect(await bans()).toBe(0);
    const page = await panel.get(challenge.path);
    expect(page.status).toBe(200);
    const html = decodeEntities(await page.text());
    expect(html).toContain("Confirm it's you");
    expect(html).toContain("Ban 60 users");
    expect(html).toContain('type="password"');

    // A wrong password: the clear error, 400, nothing sent.
    const wrong = await panel.post(challenge.path, { _resume: challenge.key, password: "not-it" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Incorrect password");
    expect(await bans()).toBe(0);

    // The right one: a 307 back to Confirm's own address, which the browser sends again with this
    // form's fields; the held Confirm runs, with its reason and its one-time key.
    const challengeFields = { _resume: challenge.key, password: PASSWORD };
    const right = await panel.post(challenge.path, challengeFields);
    expect(right.status).toBe(307);
    expect(right.headers.get("location")).toBe(review);
    // A double click on the challenge: the second post finds the session confirmed and carries on too.
    const doubled = await panel.post(challenge.path, challengeFields);
    expect(doubled.status).toBe(307);
    const resumed = await panel.post(review, challengeFields);
    const results = await finishedResults(panel, resumed);
    expect(results).toContain("Finished: 60 done, 0 skipped, 0 failed, 0 outcome unknown.");
    expect(await bans()).toBe(60);

    // The other re-send, Back and resend, a reload: the held Confirm was taken, nothing more is sent.
    const replay = await panel.post(review, challengeFields);
    expect([302, 303]).toContain(replay.status);
    expect(replay.headers.get("location")).toBe(review);
    expect(decodeEntities((await panel.follow(replay)).html)).toContain(GONE);
    const stale = await panel.post(challenge.path, challengeFields);
    expect(stale.status).toBe(410);
    expect(decodeEntities(await stale.text())).toContain("This confirmation has expired or was already used.");
    // Confirm's own key again: its outcome, not a second batch.
    const twice = await panel.post(review, confirmFields);
    expect(twice.headers.get("location")).toBe(resumed.headers.get("location"));
    expect(await bans()).toBe(60);

    const { rows } = await auditRows(panel, "?admin=admin%40example.com&action=reauthenticate");
    const reauth = rows.filter((row) => row.Action === "Re-authenticated").map((row) => row.Result);
    expect(reauth).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Done.*with the password: Ban 60 users/),
        expect.stringMatching(/^Failed.*wrong password: Ban 60 users/),
      ]),
    );
  });

  it("asks again before a Retry of over 50 items from a session that has not confirmed", async () => {
    await resetDemo(stack.demo.url);
    await seedUsers(stack.demo.url, 100);
    const ids = (await demoUsers(stack.demo.url))
      .filter((user) => user.email.endsWith("@seeded.example.com") && !user.isBanned)
      .slice(0, 55)
      .map((user) => user.id);
    const review = reviewPath("users", "ban", ids);
    // Every ban fails the first time.
    await injectFault(stack.demo.url, { method: "GET", path: "/users/ban/*", status: 500 });
    const confirmed = await PanelClient.reauthenticated(stack.panel.url);
    const first = await confirmed.post(review, { reason: "Spam", _once: await confirmKey(confirmed, review) });
    const results = await finishedResults(confirmed, first);
    expect(results).toContain("Finished: 0 done, 0 skipped, 55 failed, 0 outcome unknown.");
    await clearFaults(stack.demo.url);
    await clearRecordedRequests(stack.demo.url);

    // Another session of the admin's, not confirmed: its Retry of the 55 asks first.
    const other = await PanelClient.signedIn(stack.panel.url);
    const resultsPath = first.headers.get("location")!;
    const retryFields = { intent: "retry", _once: formKey(await (await other.get(resultsPath)).text(), "retry") };
    const challenge = challengeOf(await other.post(resultsPath, retryFields));
    expect(decodeEntities(await (await other.get(challenge.path)).text())).toContain("Ban 55 users");
    expect(await bans()).toBe(0);
    const challengeFields = { _resume: challenge.key, password: PASSWORD };
    expect((await other.post(challenge.path, challengeFields)).headers.get("location")).toBe(resultsPath);
    const retried = await finishedResults(other, await other.post(resultsPath, challengeFields));
    expect(retried).toContain("Finished: 55 done, 0 skipped, 0 failed, 0 outcome unknown.");
    expect(await bans()).toBe(55);
  });

  it("asks an admin with a second factor for a code or a recovery code, refuses a code used before, and counts wrong ones", async () => {
    const email = "ops.admin@example.com";
    const admin = await PanelClient.signedIn(stack.panel.url, email, PASSWORD);
    const { secret, recoveryCodes } = await enrol(admin);

    // A personal-data export: held, then opened again once the code is right.
    const exportPath = "/users.csv?status=active";
    const challenge = challengeOf(await admin.get(exportPath));
    const html = decodeEntities(await (await admin.get(challenge.path)).text());
    expect(html).toContain("Download CSV: users");
    expect(html).toContain("Authentication code");
    expect(html).not.toContain('type="password"');
    const wrong = await admin.post(challenge.path, { _resume: challenge.key, code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid authentication code");
    // The enrolment spent the current step's code: the next step's is accepted.
    const code = totpCode(secret, Date.now() + STEP_MS);
    const right = await admin.post(challenge.path, { _resume: challenge.key, code });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(exportPath);
    const file = await admin.get(exportPath);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/csv");

    // Another session of the same admin is asked again; the code already used is refused there.
    // (Signed in with a recovery code: the authenticator's codes of this minute are spent.)
    const other = await signInWithCode(email, recoveryCodes[1]!);
    const second = challengeOf(await other.get(exportPath));
    // Not this session's: the first session cannot carry it on.
    expect((await admin.get(second.path)).status).toBe(410);
    const replayed = await other.post(second.path, { _resume: second.key, code });
    expect(replayed.status).toBe(400);
    const recovered = await other.post(second.path, { _resume: second.key, code: recoveryCodes[0]! });
    expect(recovered.status).toBe(303);
    // Taken: the same challenge answers that it is gone.
    expect((await other.get(second.path)).status).toBe(410);

    // Wrong codes count with the sign-in's limits: past the free ones, the next waits.
    const third = await signInWithCode(email, recoveryCodes[2]!);
    const held = challengeOf(await third.get(exportPath));
    const answers: number[] = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt++)
      answers.push((await third.post(held.path, { _resume: held.key, code: wrongCode(secret) })).status);
    expect(answers).toEqual([400, 400, 400, 429]);

    const { rows } = await auditRows(admin, `?admin=${encodeURIComponent(email)}`);
    const actions = rows.map((row) => `${row.Action}: ${row.Result}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Re-authenticated: Done.*with an authentication code: Download CSV: users/),
        expect.stringMatching(/^Re-authenticated: Done.*with a recovery code/),
        expect.stringMatching(/^Re-authenticated: Failed.*wrong authentication code/),
        expect.stringMatching(/^Used a recovery code: Done/),
      ]),
    );
  });

  it("asks before a plan deletion, deletes it once after, and Cancel goes back without the dialog", async () => {
    await resetDemo(stack.demo.url);
    const panel = await PanelClient.signedIn(stack.panel.url, "support.admin@example.com", PASSWORD);
    await clearRecordedRequests(stack.demo.url);
    const dialog = "/memberships?confirm=delete&id=3";
    const fields = { intent: "delete", id: "3" };
    const challenge = challengeOf(await panel.post(dialog, fields));
    const html = decodeEntities(await (await panel.get(challenge.path)).text());
    expect(html).toContain("Delete plan 3");
    expect(html).toContain('href="/memberships"');
    const deletes = async () =>
      (await recordedRequests(stack.demo.url, "/")).filter((call) => call.method === "DELETE").length;
    expect(await deletes()).toBe(0);

    const challengeFields = { _resume: challenge.key, password: PASSWORD };
    const right = await panel.post(challenge.path, challengeFields);
    expect(right.status).toBe(307);
    const deleted = await panel.post(dialog, challengeFields);
    expect(deleted.status).toBe(302);
    expect(await deletes()).toBe(1);
    // Within 15 minutes the next guarded action runs at once.
    const next = await panel.post("/memberships?confirm=delete&id=4", { intent: "delete", id: "4" });
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).not.toMatch(/^\/account\/confirm/);
    expect(await deletes()).toBe(2);
  });
});
