// Issue 28: the audit trail end to end, on the built panel and the demo API with the embedded
// store (AUDIT_DIR): an admin's actions, sign-in and sign-out show on /audit with their results,
// filtered and paged in the URL; the entries survive a restart of the server on the same
// directory; no password reaches the store; `npm run audit:verify` checks the chain and names
// a tampered entry.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { within } from "@testing-library/dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { levelEngine } from "~/audit/level-engine.server";
import { demoRows } from "../support/bulk";
import { findDemoUser } from "../support/demo-data";
import { holdCalls, injectFault, resetDemo } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { auditRows as auditRowsOf } from "../support/audit-page";
import { htmlPage, valueOf } from "../support/html";
import { ROOT, type RunningServer, startDemoApi, startPanel } from "../support/servers";

const PASSWORD = "Admin12345";
const auditDir = mkdtempSync(path.join(tmpdir(), "audit-trail-test-"));
let demo: RunningServer;
let panel: RunningServer;
let admin: PanelClient;

const startOurPanel = () => startPanel(`${demo.url}/api`, { AUDIT_DIR: auditDir });

beforeAll(async () => {
  demo = await startDemoApi();
  panel = await startOurPanel();
});
afterAll(async () => {
  await Promise.all([panel?.stop(), demo?.stop()]);
  rmSync(auditDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDemo(demo.url);
  admin = await PanelClient.signedIn(panel.url);
});

/** The announcements as the demo API lists them (their ids and flags). */
async function announcementRows() {
  return demoRows<{ id: number; isPinned: boolean; isActive: boolean }>(demo.url, "/announcements");
}

/** The rows of /audit (at `search`) as the table shows them, the page and its status. */
const auditRows = (search = "") => auditRowsOf(admin, search);

describe("/audit", { timeout: 120_000 }, () => {
  it("shows an admin's action, newest first, with its target linking to the user and its result", async () => {
    const member = await findDemoUser(demo.url, (user) => user.id === 12);
    const named = `${member.fullName ?? member.email} (user 12)`;
    await admin.post("/users", { intent: "ban", id: "12" });
    const { rows, page } = await auditRows();
    // The row action's read of the user names the entry (its name at the time).
    expect(rows[0]).toMatchObject({ Admin: "admin@example.com", Action: "Banned", Target: named });
    expect(rows[0]!.Result).toMatch(/^Done \(200\)/);
    expect(rows[1]).toMatchObject({ Admin: "admin@example.com", Action: "Signed in", Result: "Done" });
    expect(page.getByRole("link", { name: named }).getAttribute("href")).toBe("/users/12");
    const time = page.getByRole("table").querySelector("time")!;
    expect(Number.isNaN(Date.parse(time.getAttribute("datetime")!))).toBe(false);
  });

  it("records a failed action with the upstream's status, a refused one, and a sign-out", async () => {
    await injectFault(demo.url, { method: "DELETE", path: "/posts/*", status: 500, times: 1 });
    await admin.post("/posts", { intent: "delete", id: "30" });
    // Already banned: the panel refuses without sending the ban.
    await admin.post("/users", { intent: "ban", id: "12" });
    await admin.post("/users", { intent: "ban", id: "12" });
    await admin.post("/logout", {});
    admin = await PanelClient.signedIn(panel.url);
    const { rows } = await auditRows("?admin=admin%40example.com");
    const [, signOut, refused, banned, failed] = rows;
    expect(signOut).toMatchObject({ Action: "Signed out", Result: "Done" });
    expect(refused!.Target).toMatch(/ \(user 12\)$/);
    expect(refused!.Action).toBe("Banned");
    expect(refused!.Result).toMatch(/^Refused/);
    expect(banned!.Result).toMatch(/^Done \(200\)/);
    // The posts row action names its post (its read of the post, auditTarget; decision 060).
    expect(failed).toMatchObject({ Action: "Deleted", Target: "Photo contest: autumn colours (#30) (post 30)" });
    expect(failed!.Result).toMatch(/^Failed \(500\)/);
  });

  it("names the target of each row action by the state it read: an announcement, a plan, a citizenship request", async () => {
    // Announcement 2 is not pinned in the demo data (announcements.test.ts pins it the same way).
    await admin.post("/announcements", { intent: "toggle-pinned", id: "2", isPinned: "true" });
    await admin.post("/memberships", { intent: "deactivate", id: "2" });
    // The newest request on the page: the queue's test below decides the oldest.
    const requests = await (await admin.get("/badge-requests")).text();
    const requestId = [...requests.matchAll(/name="pageId" value="(\d+)"/g)].at(-1)![1]!;
    await admin.post("/badge-requests", { intent: "approve", id: requestId });

    const { rows } = await auditRows();
    const [approved, deactivated, pinned] = rows;
    expect(pinned!.Target).toMatch(/^.+ \(announcement 2\)$/);
    expect(deactivated!.Target).toMatch(/^.+ \(plan 2\)$/);
    expect(approved!.Target).toMatch(new RegExp(`^.+ \\(badge-request ${requestId}\\)$`));
    for (const entry of [approved, deactivated, pinned]) expect(entry!.Result).toMatch(/^Done \(200\)/);
  });

  it("filters by action, target and date, pages by cursor in the URL, and refuses a malformed date", async () => {
    for (const id of ["12", "13", "14"]) await admin.post("/users", { intent: "verify", id });
    const verifies = await auditRows("?action=verify&limit=25");
    expect(verifies.rows.every((row) => row.Action === "Verified")).toBe(true);
    const oneUser = await auditRows("?kind=user&target=13&action=verify");
    expect(oneUser.rows.map((row) => row.Target)).toEqual([expect.stringMatching(/ \(user 13\)$/)]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditRows(`?from=${today}&to=${today}&action=verify`)).rows.length).toBeGreaterThanOrEqual(3);
    expect((await auditRows("?to=2000-01-01")).rows).toEqual([]);

    // 25 a page: these and the entries of the tests so far fill more than one.
    for (let index = 0; index < 25; index++) await admin.post("/users", { intent: "verify", id: "15" });
    const first = await auditRows();
    expect(first.rows).toHaveLength(25);
    const older = first.page.getByRole("link", { name: "Older entries" }).getAttribute("href")!;
    expect(older).toMatch(/^\/audit\?before=\d+$/);
    const second = await auditRows(older.slice("/audit".length));
    // The oldest entries: this file's first sign-in is the last row.
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.rows.at(-1)).toMatchObject({ Action: "Signed in" });
    expect(second.page.queryByRole("link", { name: "Older entries" })).toBeNull();
    const newer = second.page.getByRole("link", { name: "Newer entries" }).getAttribute("href")!;
    expect((await auditRows(newer.slice("/audit".length))).rows).toEqual(first.rows);

    const response = await admin.get("/audit?from=yesterday&action=verify");
    expect(response.status).toBe(400);
    const bad = await htmlPage(response);
    // The action asked for as an intent is read as its word, and the choice shows it.
    expect(valueOf(bad.getByRole("combobox", { name: "Action" }))).toBe("verified");
    expect(bad.getByLabelText("From").getAttribute("value")).toBe("yesterday");
    expect(bad.getByText("Enter a date such as 2026-11-25")).toBeTruthy();
    expect(bad.queryByRole("table")).toBeNull();
  });

  it("records what happened in the admin's words, with its direction, and finds it by word or intent in any case", async () => {
    const [announcement] = await announcementRows();
    const pinned = announcement!.isPinned;
    // A row's pin toggle twice: the first entry says the way it went, the second the way back.
    await admin.post("/announcements", {
      intent: "toggle-pinned",
      id: String(announcement!.id),
      isPinned: String(!pinned),
    });
    await admin.post("/announcements", {
      intent: "toggle-pinned",
      id: String(announcement!.id),
      isPinned: String(pinned),
    });
    const rows = (await auditRows(`?kind=announcement&target=${announcement!.id}`)).rows.map((row) => row.Action);
    expect(rows.slice(0, 2)).toEqual(pinned ? ["Pinned", "Unpinned"] : ["Unpinned", "Pinned"]);

    await admin.post("/users", { intent: "ban", id: "14" });
    for (const asked of ["BAN", "banned", "Banned"]) {
      const { rows: found, page } = await auditRows(`?action=${asked}`);
      expect(
        found.map((row) => row.Action),
        asked,
      ).toContain("Banned");
      expect(
        found.every((row) => row.Action === "Banned"),
        asked,
      ).toBe(true);
      expect(valueOf(page.getByRole("combobox", { name: "Action" }))).toBe("banned");
    }
    // The filter offers the words as a choice.
    const { page } = await auditRows();
    const choices = within(page.getByRole("combobox", { name: "Action" }))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(choices).toEqual(expect.arrayContaining(["All", "Banned", "Pinned", "Unpinned", "Activated", "Signed in"]));
  });

  it("filters by the kind of target alone, without an id", async () => {
    await admin.post("/users", { intent: "verify", id: "15" });
    const [announcement] = await announcementRows();
    await admin.post("/announcements", {
      intent: "toggle-status",
      id: String(announcement!.id),
      isActive: String(!announcement!.isActive),
    });
    const { rows, page } = await auditRows("?kind=announcement");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /\(announcement \d+\)$/.test(row.Target!))).toBe(true);
    expect(valueOf(page.getByRole("combobox", { name: "Target" }))).toBe("announcement");
  });

  it("shows the entries other screens record: a bulk action's items with their batch and reason, a queue decision", async () => {
    const bulk = await admin.post("/users/bulk?action=ban&id=4&id=5", { reason: "Spam" });
    expect(bulk.status).toBe(302);
    // A batch may end after its answer: its items' entries follow.
    await expect.poll(async () => (await auditRows("?action=ban&kind=user&target=5")).rows.length).toBe(1);
    await expect.poll(async () => (await auditRows("?action=ban&kind=user&target=4")).rows.length).toBe(1);
    const { rows, page } = await auditRows("?action=ban");
    const items = rows.filter((row) => row.Batch !== "");
    expect(items).toHaveLength(2);
    // The name at the time, as the bulk page knew it, beside the id.
    expect(
      items.map((row) => [/\(user \d+\)$/.exec(row.Target!)?.[0], row.Reason, row.Result!.slice(0, 4)]).sort(),
    ).toEqual([
      ["(user 4)", "Spam", "Done"],
      ["(user 5)", "Spam", "Done"],
    ]);
    const batchLink = page.getAllByRole("link", { name: /^Batch / })[0]!.getAttribute("href")!;
    expect(batchLink).toMatch(/^\/audit\?batch=[\w-]+$/);
    expect((await auditRows(batchLink.slice("/audit".length))).rows).toHaveLength(2);

    const queue = await (await admin.get("/badge-requests/review")).text();
    const id = /name="id" value="(\d+)"/.exec(queue)![1]!;
    await admin.post(`/badge-requests/review/${id}`, { intent: "approve", id });
    // One entry per decision: the queue records it, the middleware does not again.
    await expect.poll(async () => (await auditRows(`?kind=badge-request&target=${id}`)).rows.length).toBe(1);
    const [decision] = (await auditRows(`?kind=badge-request&target=${id}`)).rows;
    expect(decision).toMatchObject({ Action: "Approved", Admin: "admin@example.com" });
  });

  it("names the item a form saves as it was saved: a new plan and announcement by their names, an edited one with its id", async () => {
    await admin.post("/memberships/create", {
      intent: "create",
      name: "Platinum",
      price: "20",
      period: "month",
      description: "The top tier.",
      features: "Everything",
      image: "",
    });
    await admin.post("/memberships/edit/1", {
      intent: "update",
      id: "1",
      name: "Basic Plus",
      price: "4.99",
      period: "month",
      description: "x",
      isActive: "true",
    });
    await admin.post("/announcements", {
      intent: "create",
      title: "Maintenance tonight",
      description: "At 22:00.",
      date: "2026-12-01T22:00",
      imageUrl: "",
      isActive: "true",
    });
    await admin.post("/announcements", {
      intent: "update",
      id: "2",
      title: "Renamed",
      description: "Still here.",
      date: "2026-12-02T10:00",
      imageUrl: "",
      isActive: "true",
    });
    const { rows } = await auditRows();
    expect(rows.slice(0, 4).map((row) => [row.Action, row.Target, row.Result!.slice(0, 4)])).toEqual([
      ["Saved", "Renamed (announcement 2)", "Done"],
      ["Created", "Maintenance tonight (new announcement)", "Done"],
      ["Saved", "Basic Plus (plan 1)", "Done"],
      ["Created", "Platinum (new plan)", "Done"],
    ]);
    // An edited item's History (its target filter) has the save.
    expect((await auditRows("?kind=plan&target=1")).rows[0]).toMatchObject({
      Action: "Saved",
      Target: "Basic Plus (plan 1)",
    });
  });

  it("records a long batch's items and not its Confirm, even when the answer comes before the first item ends", async () => {
    // The only item is held at the upstream: Confirm answers with the running batch's page first.
    const held = await holdCalls(demo.url, { method: "GET", path: "/users/ban/6", times: 1 });
    const confirm = admin.post("/users/bulk?action=ban&id=6", { intent: "confirm", reason: "Spam" });
    await held.arrived();
    expect((await confirm).status).toBe(302);
    // The entries since this test's sign-in: each an action and whether it belongs to a batch.
    const sinceSignIn = async () => {
      const { rows } = await auditRows();
      return rows
        .slice(
          0,
          rows.findIndex((row) => row.Action === "Signed in"),
        )
        .map((row) => [row.Action, row.Batch !== ""]);
    };
    expect(await sinceSignIn()).toEqual([]);
    await held.release();
    await expect.poll(sinceSignIn).toEqual([["Banned", true]]);

    // A Confirm refused for its missing reason runs no batch: it is an entry of its own, naming no user.
    expect((await admin.post("/users/bulk?action=ban&id=7", { intent: "confirm" })).status).toBe(400);
    const [refused] = (await auditRows()).rows;
    expect(refused).toMatchObject({ Action: "Confirm", Target: "", Reason: "" });
    expect(refused!.Result).toMatch(/^Refused/);
  });

  it("shows the empty state for filters that match nothing", async () => {
    const response = await admin.get("/audit?admin=nobody%40example.com");
    const page = await htmlPage(response);
    expect(page.getByText("No entries match these filters")).toBeTruthy();
    expect(page.getAllByRole("link", { name: "Clear filters" }).map((link) => link.getAttribute("href"))).toEqual([
      "/audit",
      "/audit",
    ]);
  });
});

describe("the store", { timeout: 180_000 }, () => {
  it("keeps no password, and keeps its entries across a restart of the server on the same directory", async () => {
    await admin.post("/users", { intent: "unban", id: "12" });
    const before = (await auditRows()).rows;
    await panel.stop();
    // Every byte the store wrote (its log and tables), and every entry it holds.
    const raw = readdirSync(auditDir).map((file) => readFileSync(path.join(auditDir, file)).toString("latin1"));
    const engine = await levelEngine(auditDir);
    const entries = await engine.entries(await engine.seqs("all", { min: 1, max: 1e9 }, "oldest", 10_000));
    await engine.close();
    expect(entries.some((entry) => entry.action === "signed in")).toBe(true);
    for (const text of [...raw, JSON.stringify(entries)]) expect(text).not.toContain(PASSWORD);

    panel = await startOurPanel();
    admin = await PanelClient.signedIn(panel.url);
    const after = (await auditRows()).rows;
    // The new sign-in comes first; the rest is the page before, less its last row when it was full.
    expect(after.slice(1, before.length)).toEqual(before.slice(0, -1));
  });

  it("audit:verify checks the chain (the panel running) and names a tampered entry", async () => {
    const verify = (env: NodeJS.ProcessEnv = {}) =>
      promisify(execFile)("npm", ["run", "--silent", "audit:verify"], {
        cwd: ROOT,
        env: { ...process.env, AUDIT_DIR: auditDir, REDIS_URL: "", ...env },
      }).then(
        ({ stdout }) => ({ code: 0, output: stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
    const running = await verify();
    expect(running.code).toBe(0);
    expect(running.output).toMatch(/in use by the panel: checking a copy of it/);
    expect(running.output).toMatch(/holds: \d+ entries, 1 to \d+, each linked to the one before/);

    await panel.stop();
    const engine = await levelEngine(auditDir);
    const [third] = await engine.entries([3]);
    await engine.overwrite({ ...third!, admin: "someone-else@example.com" });
    await engine.close();
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.output).toContain("is broken at entry 3: its content does not match its hash");
    panel = await startOurPanel();
  });
});
