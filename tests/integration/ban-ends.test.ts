// Issue 40, "Bans with an end": a timed ban ends on its own, exactly once, on the built panel and
// the demo API, against the embedded state engine (one panel, STATE_DIR) and Redis (two panels on
// one Redis). The panels run with NODE_ENV=test and a clock file (PANEL_TEST_CLOCK_FILE,
// decision 075) that the tests move forward; each panel looks for due ends every second.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { within } from "@testing-library/dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { missingForTests } from "../../scripts/ensure-packages.mjs";
import { demoAdminCookie, findDemoUser } from "../support/demo-data";
import { clearRecordedRequests, recordedRequests, resetDemo } from "../support/demo-hooks";
import { PanelClient, toastMessage } from "../support/form-post";
import { htmlPage } from "../support/html";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { type RunningServer, startDemoApi, startPanel } from "../support/servers";

const missingRedis = missingForTests(["redis-server"], "the Redis engine of the ban ends");
const DAY_MS = 24 * 3600 * 1000;

/** The panels' clock: how far ahead of the real one, written where they read it. */
class TestClock {
  private ahead = 0;
  readonly dir = mkdtempSync(path.join(tmpdir(), "panel-clock-"));
  readonly file = path.join(this.dir, "ahead");

  constructor() {
    writeFileSync(this.file, "0");
  }

  advance(ms: number): void {
    this.ahead += ms;
    writeFileSync(this.file, String(this.ahead));
  }
}

/** The engines under test: how many panels share it, and the environment that points them to it. */
const engines = [
  {
    name: "embedded",
    panels: 1,
    async start() {
      const state = mkdtempSync(path.join(tmpdir(), "ban-ends-state-"));
      const audit = mkdtempSync(path.join(tmpdir(), "ban-ends-audit-"));
      return {
        env: { STATE_DIR: state, AUDIT_DIR: audit },
        stop: async () => {
          rmSync(state, { recursive: true, force: true });
          rmSync(audit, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "redis",
    panels: 2,
    async start() {
      const redis: RunningRedis = await startRedis();
      return { env: { REDIS_URL: redis.url }, stop: () => redis.stop() };
    },
  },
] as const;

/** The History section's entries of a member, as texts. */
async function history(admin: PanelClient, userId: number): Promise<string[]> {
  const page = await htmlPage(await admin.get(`/users/${userId}`));
  const list = within(page.getByRole("region", { name: "History" })).queryByRole("list");
  return (list ? within(list).getAllByRole("listitem") : []).map((item) =>
    item.textContent!.replace(/\s+/g, " ").trim(),
  );
}

/** The entries newer than the member's latest timed ban (the trail keeps earlier tests' entries). */
async function sinceBan(admin: PanelClient, userId: number): Promise<string[]> {
  const lines = await history(admin, userId);
  const ban = lines.findIndex((line) => /Banned until /.test(line));
  return ban < 0 ? lines : lines.slice(0, ban);
}

describe.each(engines)("Bans with an end, state engine $name", { timeout: 240_000 }, (engine) => {
  const skip = engine.name === "redis" && missingRedis;
  let store: { env: Record<string, string>; stop(): Promise<void> };
  let demo: RunningServer;
  let panels: RunningServer[] = [];
  let clock: TestClock;
  let admin: PanelClient;
  let member: { id: number; label: string };
  /**
   * Another member banned for a day right after `member`: their end is due a moment later, so once
   * its un-ban has come every tick that could have sent `member`'s has run (the tests wait on that
   * event, never on the clock).
   */
  let control: { id: number };

  const startPanels = async () => {
    panels = await Promise.all(
      Array.from({ length: engine.panels }, () =>
        startPanel(`${demo.url}/api`, {
          ...store.env,
          NODE_ENV: "test",
          PANEL_TEST_CLOCK_FILE: clock.file,
          BAN_END_TICK_SECONDS: "1",
          BAN_END_EMAIL: "admin@example.com",
          BAN_END_PASSWORD: "Admin12345",
        }),
      ),
    );
  };
  const unbanCallsOf = async (id: number) =>
    (await recordedRequests(demo.url, `/users/un-ban/${id}`)).filter((call) => call.method === "GET");
  const unbanCalls = () => unbanCallsOf(member.id);
  const isBanned = async () => {
    const cookie = await demoAdminCookie(demo.url);
    const answer = await fetch(`${demo.url}/api/users/${member.id}`, { headers: { cookie } });
    return ((await answer.json()) as { data: { isBanned: boolean } }).data.isBanned;
  };
  /** Bans a member for one day through the row's confirmation, as a browser without JavaScript posts it. */
  const banForADay = async (id = member.id) => {
    const answer = await admin.post(`/users?confirm=ban&id=${id}`, {
      intent: "ban",
      id: String(id),
      duration: "1d",
      until: "",
      reason: "Spam",
      reasonText: "",
      message: "",
    });
    expect(answer.status).toBe(302);
    expect(toastMessage((await admin.follow(answer)).html)).toBe("User banned successfully");
  };

  beforeAll(async () => {
    if (skip) return;
    clock = new TestClock();
    store = await engine.start();
    demo = await startDemoApi();
    await startPanels();
  });
  afterAll(async () => {
    await Promise.all([...panels.map((panel) => panel.stop()), demo?.stop()]);
    await store?.stop();
    if (clock) rmSync(clock.dir, { recursive: true, force: true });
  });
  beforeEach(async (context) => {
    if (skip) context.skip(skip);
    await resetDemo(demo.url);
    admin = await PanelClient.signedIn(panels[0]!.url);
    const user = await findDemoUser(demo.url, (candidate) => !candidate.isBanned && candidate.role === "user");
    member = { id: user.id, label: user.fullName ?? user.email };
    const other = await findDemoUser(
      demo.url,
      (candidate) => !candidate.isBanned && candidate.role === "user" && candidate.id !== user.id,
    );
    control = { id: other.id };
  });

  it(`a 1-day ban ends with exactly one GET /users/un-ban/{id} within a minute of its end${engine.panels > 1 ? ", on one of two instances" : ""}`, async () => {
    await banForADay();
    const [banned] = await history(admin, member.id);
    expect(banned).toMatch(/Banned until .+ — Spam \(by admin@example\.com\)/);
    // User details shows the end.
    const details = await htmlPage(await admin.get(`/users/${member.id}`));
    expect(details.getByText("Ban ends")).toBeTruthy();
    await banForADay(control.id);
    await clearRecordedRequests(demo.url);

    // Just past the end: one un-ban, from whichever instance took it, and none more by the time
    // the control's end (a moment later) has been sent too.
    clock.advance(DAY_MS + 1_000);
    await expect.poll(unbanCalls, { timeout: 30_000, interval: 250 }).toHaveLength(1);
    await expect.poll(() => unbanCallsOf(control.id), { timeout: 30_000, interval: 250 }).toHaveLength(1);
    await expect.poll(async () => (await history(admin, control.id))[0]).toContain("Un-banned: the ban ended");
    expect(await unbanCalls()).toHaveLength(1);
    expect(await isBanned()).toBe(false);
    await expect.poll(async () => (await history(admin, member.id))[0]).toContain("Un-banned: the ban ended");
    expect((await sinceBan(admin, member.id)).filter((line) => line.includes("the ban ended"))).toHaveLength(1);
  });

  it("a restart during the ban still ends it", async () => {
    await banForADay();
    await clearRecordedRequests(demo.url);
    await Promise.all(panels.map((panel) => panel.stop()));
    clock.advance(DAY_MS + 1_000);
    await startPanels();
    admin = await PanelClient.signedIn(panels[0]!.url);
    await expect.poll(unbanCalls, { timeout: 30_000, interval: 250 }).toHaveLength(1);
    expect(await isBanned()).toBe(false);
    await expect.poll(async () => (await history(admin, member.id))[0]).toContain("Un-banned: the ban ended");
    expect((await sinceBan(admin, member.id)).filter((line) => line.includes("the ban ended"))).toHaveLength(1);
  });

  it("a manual un-ban first means nothing is sent at the end", async () => {
    await banForADay();
    const unban = await admin.post(`/users/${member.id}?confirm=unban&id=${member.id}`, {
      intent: "unban",
      id: String(member.id),
    });
    expect(unban.status).toBe(302);
    await banForADay(control.id);
    await clearRecordedRequests(demo.url);
    clock.advance(DAY_MS + 1_000);
    await expect.poll(() => unbanCallsOf(control.id), { timeout: 30_000, interval: 250 }).toHaveLength(1);
    await expect.poll(async () => (await history(admin, control.id))[0]).toContain("Un-banned: the ban ended");
    expect(await unbanCalls()).toEqual([]);
    const since = await sinceBan(admin, member.id);
    expect(since).toHaveLength(1);
    expect(since[0]).toContain("admin@example.com Unbanned user");
    expect(since.filter((line) => line.includes("ban ended"))).toEqual([]);
  });

  it("a member un-banned elsewhere gets no call, and History says so", async () => {
    await banForADay();
    const cookie = await demoAdminCookie(demo.url);
    expect((await fetch(`${demo.url}/api/users/un-ban/${member.id}`, { headers: { cookie } })).status).toBe(200);
    await clearRecordedRequests(demo.url);
    clock.advance(DAY_MS + 1_000);
    await expect
      .poll(async () => (await history(admin, member.id))[0], { timeout: 30_000, interval: 250 })
      .toContain("The ban ended: the member was no longer banned: nothing was sent");
    expect(await unbanCalls()).toEqual([]);
  });
  it("a bulk ban for 3 days keeps one end per member, and the review page asks how long", async () => {
    const review = await htmlPage(await admin.get(`/users/bulk?action=ban&id=${member.id}`));
    const durations = review.getByRole("group", { name: "Duration" });
    expect(
      within(durations)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["1d", "3d", "7d", "30d", "until", "permanent"]);
    const confirm = await admin.post(`/users/bulk?action=ban&id=${member.id}`, {
      intent: "confirm",
      duration: "3d",
      until: "",
      reason: "Harassment or hate",
      reasonText: "",
      message: "",
    });
    expect(confirm.status).toBe(302);
    await expect.poll(async () => (await sinceBan(admin, member.id)).length, { timeout: 20_000 }).toBe(0);
    const [banned] = await history(admin, member.id);
    expect(banned).toMatch(/Banned until .+ — Harassment or hate \(by admin@example\.com\)/);
    await clearRecordedRequests(demo.url);
    clock.advance(3 * DAY_MS + 1_000);
    await expect.poll(unbanCalls, { timeout: 30_000, interval: 250 }).toHaveLength(1);
  });

  it("refuses an end in the past with a 400 that keeps what was typed and says why", async () => {
    const answer = await admin.post(`/users?confirm=ban&id=${member.id}`, {
      intent: "ban",
      id: String(member.id),
      duration: "until",
      until: "2001-01-01T10:00",
      reason: "Spam",
      reasonText: "",
      message: "Please read the rules",
    });
    expect(answer.status).toBe(400);
    const page = await htmlPage(answer);
    const dialog = page.getByRole("alertdialog", { name: `Ban User ${member.label}?` });
    expect(within(dialog).getAllByText("The end must be in the future").length).toBeGreaterThan(0);
    expect((within(dialog).getByLabelText(/^Ends at/) as HTMLInputElement).value).toBe("2001-01-01T10:00");
    expect((within(dialog).getByLabelText(/^Message to the member/) as HTMLTextAreaElement).value).toBe(
      "Please read the rules",
    );
    expect(await recordedRequests(demo.url, `/users/ban/${member.id}`)).toEqual([]);
  });
  it("Warn records a strike with its reason, pushes the message once, and the ladder's suggestion counts it", async () => {
    const warned = await findDemoUser(
      demo.url,
      (candidate) =>
        !candidate.isBanned &&
        candidate.role === "user" &&
        candidate.devicesCount > 0 &&
        ![member.id, control.id].includes(candidate.id),
    );
    await clearRecordedRequests(demo.url);
    const empty = await admin.post(`/users/${warned.id}?warn=1`, { intent: "warn", reason: "Spam", text: " " });
    expect(empty.status).toBe(400);
    expect(await htmlPage(empty).then((page) => page.getByText("Please write the message to the member"))).toBeTruthy();

    const answer = await admin.post(`/users/${warned.id}?warn=1`, {
      intent: "warn",
      reason: "Spam",
      reasonText: "",
      text: "Please stop posting the same link.",
    });
    expect(answer.status).toBe(302);
    expect(toastMessage((await admin.follow(answer)).html)).toBe("Member warned: the message was sent");
    const pushes = await recordedRequests(demo.url, "/fcm/send-notification-to-user");
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.body).toMatchObject({ email: warned.email, body: "Please stop posting the same link." });

    const details = await htmlPage(await admin.get(`/users/${warned.id}`));
    expect(details.getByText("1 in the last 180 days")).toBeTruthy();
    const [entry] = await history(admin, warned.id);
    expect(entry).toContain("admin@example.com Warned user");
    expect(entry).toContain("Reason: Spam");
    const dialog = await htmlPage(
      await admin.get(`/users?confirm=ban&id=${warned.id}&search=${encodeURIComponent(warned.email)}`),
    );
    const durations = dialog.getByRole("group", { name: "Duration" });
    expect(within(durations).getByText("1 strike in 180 days: suggested 3 days")).toBeTruthy();
    expect((within(durations).getByRole("radio", { name: "3 days" }) as HTMLInputElement).checked).toBe(true);
    // User details' Ban suggests the same: its offer is read when the dialog opens (decision 087).
    const fromDetails = await htmlPage(await admin.get(`/users/${warned.id}?confirm=ban&id=${warned.id}`));
    const offered = fromDetails.getByRole("group", { name: "Duration" });
    expect(within(offered).getByText("1 strike in 180 days: suggested 3 days")).toBeTruthy();
  });
});
