// Issue 41: /insights against both state engines (the embedded one and Redis), on the built panel
// and the demo API. The trail is seeded two ways: entries of earlier days written through the
// trail's own API before the panel starts, then counted by `npm run insights:rebuild`
// (build/server/insights-rebuild.js); and today's decisions made over HTTP, counted as the trail
// writes them. Every figure on the page is then compared with a count made directly from the
// trail's entries, days without decisions included, and one figure's /audit link lists as many.
// The citizenship queue's figures count from when the panel first saw a request pending: the
// first-seen record is seeded in the panel's state before it starts (three pending requests seen
// 30, 26 and 2 hours ago), and the times are compared with the trail's decisions from those times.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { Redis } from "ioredis";
import { beforeAll, describe, expect, it } from "vitest";

import type { AuditEngine } from "~/audit/engine";
import type { AuditEntry } from "~/audit/entry";
import { levelEngine } from "~/audit/level-engine.server";
import { redisEngine } from "~/audit/redis-engine.server";
import { auditTrail } from "~/audit/trail.server";
import { formatWait, nearestRank } from "~/insights/queue-figures";
import { dayOf, REVERSAL_MS } from "~/insights/rollup";
import { familyOn } from "~/state/family.server";
import { levelStateEngine } from "~/state/level-engine.server";
import { redisStateEngine } from "~/state/redis-engine.server";
import { auditRows } from "../support/audit-page";
import { csvColumn, downloadCsv, tableColumn } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useRedis } from "../support/redis-server";
import { ROOT } from "../support/servers";
import { useStack } from "../support/use-stack";

const REBUILD = path.join(ROOT, "build/server/insights-rebuild.js");
const DAY_MS = 86_400_000;

/** Entries of earlier days: decisions of each kind by two admins, and what counts for nothing. */
function seededRecords(now: number) {
  const at = (daysAgo: number) => now - daysAgo * DAY_MS;
  const request = (id: string) => ({ kind: "badge-request" as const, id, name: `Request ${id}` });
  return [
    { admin: "ops.admin@example.com", action: "approved", target: request("5"), result: "done", at: at(3) },
    { admin: "OPS.admin@example.com", action: "approved", target: request("6"), result: "done", at: at(3) },
    { admin: "support.admin@example.com", action: "rejected", target: request("7"), result: "done", at: at(3) },
    { admin: "ops.admin@example.com", action: "banned", target: { kind: "user", id: "12" }, result: "done", at: at(5) },
    {
      admin: "ops.admin@example.com",
      action: "unbanned",
      target: { kind: "user", id: "12" },
      result: "done",
      at: at(5),
    },
    {
      admin: "support.admin@example.com",
      action: "deleted",
      target: { kind: "post", id: "3" },
      result: "done",
      at: at(5),
    },
    {
      admin: "support.admin@example.com",
      action: "warned",
      target: { kind: "user", id: "16" },
      result: "done",
      at: at(5),
    },
    { admin: "ops.admin@example.com", action: "warned", target: { kind: "user", id: "17" }, result: "done", at: at(2) },
    { admin: "support.admin@example.com", action: "skipped", target: request("8"), result: "done", at: at(5) },
    { admin: "ops.admin@example.com", action: "took over", target: request("8"), result: "done", at: at(5) },
    // Reversals: support's ban undone by ops within 24 hours; a ban undone after more than 24 hours is none.
    {
      admin: "support.admin@example.com",
      action: "banned",
      target: { kind: "user", id: "14" },
      result: "done",
      at: at(4),
    },
    {
      admin: "ops.admin@example.com",
      action: "unbanned",
      target: { kind: "user", id: "14" },
      result: "done",
      at: at(4) + 3_600_000,
    },
    { admin: "ops.admin@example.com", action: "banned", target: { kind: "user", id: "15" }, result: "done", at: at(6) },
    {
      admin: "support.admin@example.com",
      action: "unbanned",
      target: { kind: "user", id: "15" },
      result: "done",
      at: at(4),
    },
    // Counted by nothing: a refused decision, another kind's deletion, a sign-in.
    { admin: "ops.admin@example.com", action: "approved", target: request("5"), result: "refused", at: at(3) },
    {
      admin: "ops.admin@example.com",
      action: "deleted",
      target: { kind: "announcement", id: "2" },
      result: "done",
      at: at(5),
    },
    { admin: "ops.admin@example.com", action: "signed in", result: "done", at: at(5) },
  ] as const;
}

/** When the panel is told it first saw three of the demo's pending requests (before it starts). */
const SEEN_HOURS_AGO: Record<string, number> = { "9": 30, "29": 26, "19": 2 };

/** Reversals counted from the entries themselves: per admin whose ban or un-ban was undone within 24 hours, on the undoing day. */
function reversalsFor(entries: readonly AuditEntry[], admin: string, from: string, to: string): number {
  const done = entries.filter(
    (entry) =>
      entry.result === "done" && entry.target?.kind === "user" && ["banned", "unbanned"].includes(entry.action),
  );
  return done.filter((entry, index) => {
    const undoing = done.slice(index + 1).find((later) => later.target!.id === entry.target!.id);
    if (!undoing || undoing.action === entry.action) return false;
    const day = dayOf(Date.parse(undoing.at), "UTC");
    return (
      entry.admin?.toLowerCase() === admin &&
      Date.parse(undoing.at) - Date.parse(entry.at) <= REVERSAL_MS &&
      day >= from &&
      day <= to
    );
  }).length;
}

/** Every entry of the trail, oldest first. */
async function allEntries(engine: AuditEngine): Promise<AuditEntry[]> {
  const head = await engine.head();
  return engine.entries(await engine.seqs("all", { min: 1, max: head.seq }, "oldest", 100_000));
}

/** How many of `entries` the /audit query `href` lists, counted here from the entries themselves. */
function countFor(entries: readonly AuditEntry[], href: string, timeZone: string): number {
  const query = new URL(href, "http://panel").searchParams;
  const admin = query.get("admin")?.toLowerCase();
  return entries.filter((entry) => {
    const day = dayOf(Date.parse(entry.at), timeZone);
    return (
      entry.action === query.get("action") &&
      entry.target?.kind === query.get("kind") &&
      entry.result === query.get("result") &&
      day >= query.get("from")! &&
      day <= query.get("to")! &&
      (!admin || entry.admin?.toLowerCase() === admin)
    );
  }).length;
}

describe.each(["embedded", "Redis"] as const)("/insights on the %s state engine", { timeout: 180_000 }, (kind) => {
  const seededAt = Date.now();
  const panelEnv: NodeJS.ProcessEnv = {
    AUDIT_DIR: mkdtempSync(path.join(tmpdir(), "insights-audit-")),
    STATE_DIR: mkdtempSync(path.join(tmpdir(), "insights-state-")),
  };
  if (kind === "Redis") useRedis(panelEnv);
  // Before the panel starts (it holds the embedded stores): the earlier days, then the rebuild.
  beforeAll(async () => {
    if (kind === "Redis" && !panelEnv.REDIS_URL) return;
    const redis = panelEnv.REDIS_URL ? new Redis(panelEnv.REDIS_URL) : undefined;
    const engine = redis ? await redisEngine(redis) : await levelEngine(panelEnv.AUDIT_DIR!);
    const trail = auditTrail(async () => engine, { retentionDays: 365 });
    // Oldest first: the chain never goes back in time (an entry is never dated before the one before it).
    const records = [...seededRecords(seededAt)].sort((one, other) => one.at - other.at);
    for (const record of records) await trail.record(record);
    await trail.idle();
    await trail.close();
    // When the panel first saw three pending requests (the record every look keeps, decision 081).
    // (On a connection of its own: closing the trail closed the trail's.)
    const stateRedis = panelEnv.REDIS_URL ? new Redis(panelEnv.REDIS_URL) : undefined;
    const state = stateRedis ? redisStateEngine(stateRedis) : await levelStateEngine(panelEnv.STATE_DIR!);
    const seen = Object.fromEntries(
      Object.entries(SEEN_HOURS_AGO).map(([id, hours]) => [id, seededAt - hours * 3_600_000]),
    );
    await familyOn(async () => state, "queue").set("first-seen", JSON.stringify(seen), 86_400);
    await state.close();
    stateRedis?.disconnect();
    redis?.disconnect();
    const { stdout } = await promisify(execFile)(process.execPath, [REBUILD], {
      cwd: ROOT,
      env: { ...process.env, ...panelEnv, APP_TIMEZONE: "UTC" },
    });
    const days = new Set(records.map((record) => dayOf(record.at, "UTC"))).size;
    expect(stdout).toMatch(new RegExp(`written again from the audit trail: ${days} days with entries`));
  });
  const stack = useStack(panelEnv);

  /** The trail as the store holds it (the embedded store is the panel's: read from a copy). */
  async function trailEntries(): Promise<AuditEntry[]> {
    if (panelEnv.REDIS_URL) {
      const redis = new Redis(panelEnv.REDIS_URL);
      try {
        return await allEntries(await redisEngine(redis));
      } finally {
        redis.disconnect();
      }
    }
    const copy = mkdtempSync(path.join(tmpdir(), "insights-audit-copy-"));
    cpSync(panelEnv.AUDIT_DIR!, copy, { recursive: true, filter: (source) => path.basename(source) !== "LOCK" });
    const engine = await levelEngine(copy);
    try {
      return await allEntries(engine);
    } finally {
      await engine.close();
      rmSync(copy, { recursive: true, force: true });
    }
  }

  it("shows every figure as the trail's entries count it, each linking to the /audit query that lists them", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    // Today's decisions, made through the panel: each is counted as its entry is written.
    await admin.post("/users", { intent: "ban", id: "12" });
    await admin.post("/users", { intent: "unban", id: "12" });
    await admin.post("/posts", { intent: "delete", id: "30" });
    await admin.post("/badge-requests", { intent: "approve", id: "9" });
    // Refused (already approved): counted by nothing.
    await admin.post("/badge-requests", { intent: "approve", id: "9" });

    // The citizenship queue: two seeded requests decided, one the panel first saw at the first look here.
    const firstLook = Date.now();
    await admin.post("/badge-requests", { intent: "reject", id: "19" });
    await admin.post("/badge-requests", { intent: "approve", id: "39" });

    const asked = Date.now();
    const response = await admin.get("/insights?days=7");
    const answered = Date.now();
    expect(response.status).toBe(200);
    const page = await htmlPage(response);
    const entries = await trailEntries();
    // The figures of one action each (the reversals' and the times' links list more: checked below).
    const figures = [...page.document.querySelectorAll<HTMLAnchorElement>('main a[href^="/audit?"]')].filter((figure) =>
      figure.getAttribute("href")!.includes("action="),
    );
    // 7 days × 6 kinds of decision (warnings among them), and 8 measures for each of the three admins.
    expect(figures).toHaveLength(7 * 6 + 3 * 8);
    for (const figure of figures) {
      expect(`${figure.getAttribute("aria-label")}: ${figure.textContent}`).toBe(
        `${figure.getAttribute("aria-label")}: ${countFor(entries, figure.getAttribute("href")!, "UTC")}`,
      );
    }
    const today = dayOf(Date.now(), "UTC");
    const dayBefore = dayOf(Date.now() - DAY_MS, "UTC");
    const label = (text: string) => page.getByRole("link", { name: text }).textContent;
    expect(label(`1 bans on ${today}`)).toBe("1");
    expect(label(`2 citizenship approved on ${today}`)).toBe("2");
    expect(label(`2 citizenship approved on ${dayOf(Date.now() - 3 * DAY_MS, "UTC")}`)).toBe("2");
    // A day without decisions: every figure of its row is 0.
    for (const name of ["citizenship approved", "citizenship rejected", "bans", "un-bans", "posts deleted"])
      expect(label(`0 ${name} on ${dayBefore}`)).toBe("0");
    const ops = page.getByRole("link", { name: /^1 take-overs by ops\.admin@example\.com/ });

    // The figure's link lists as many entries on /audit.
    const { rows } = await auditRows(admin, ops.getAttribute("href")!.slice("/audit".length));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Admin: "ops.admin@example.com", Action: "Took over" });

    // Reversals per admin, as counted from the entries (each a ban or un-ban undone within 24 hours).
    const from = dayOf(Date.now() - 6 * DAY_MS, "UTC");
    const reversals = page.getAllByRole("link", { name: /^\d+ reversals by / });
    expect(reversals).toHaveLength(3);
    for (const figure of reversals) {
      const admin = /by (\S+),/.exec(figure.getAttribute("aria-label")!)![1]!;
      expect(`${admin}: ${figure.textContent}`).toBe(`${admin}: ${reversalsFor(entries, admin, from, today)}`);
    }
    expect(reversals.map((figure) => figure.textContent)).toEqual(["1", "1", "1"]);

    // Times to decision: today's approvals and rejections from when the panel first saw each pending
    // (a seeded time, or between the first look here and the decision for a request it had not seen).
    const decisions = entries.filter(
      (entry) =>
        ["approved", "rejected"].includes(entry.action) &&
        entry.result === "done" &&
        dayOf(Date.parse(entry.at), "UTC") === today,
    );
    expect(decisions.map((entry) => entry.target!.id).sort()).toEqual(["19", "39", "9"]);
    const waits = (unseen: (entry: AuditEntry) => number) =>
      decisions.map((entry) => {
        const hours = SEEN_HOURS_AGO[entry.target!.id];
        const seen = hours === undefined ? unseen(entry) : seededAt - hours * 3_600_000;
        return Math.floor((Date.parse(entry.at) - seen) / 1000);
      });
    const expected = [waits(() => firstLook), waits((entry) => Date.parse(entry.at))];
    const queueRow = (header: string) => tableColumn(page, /^Citizenship queue per day, /, header)[0];
    expect(expected.map((times) => formatWait(nearestRank(times, 50)!))).toContain(queueRow("Median time to decision"));
    expect(expected.map((times) => formatWait(nearestRank(times, 90)!))).toContain(queueRow("90th percentile"));
    expect(queueRow("90th percentile")).toMatch(/^30 h 0\d min$/);
    expect(queueRow("Decisions timed")).toBe("3");
    // Pending now: as many as the upstream holds; the oldest is request 29, first seen 26 hours before.
    const summary = (await (await fetch(`${stack.demo.url}/__demo/summary`)).json()) as {
      data: { pendingBadges: number };
    };
    expect(queueRow("Pending at end of day")).toBe(String(summary.data.pendingBadges));
    expect(page.getByRole("link", { name: /^\d+ pending now$/ }).getAttribute("href")).toBe("/badge-requests");
    const seen29 = seededAt - 26 * 3_600_000;
    expect([asked, answered].map((at) => formatWait(Math.floor((at - seen29) / 1000)))).toContain(
      queueRow("Oldest waiting"),
    );
    // The day before: no decision to time, and the panel had not looked at the pending list yet.
    const dayBeforeRow = (header: string) => tableColumn(page, /^Citizenship queue per day, /, header)[1];
    expect(tableColumn(page, /^Citizenship queue per day, /, "Day")[1]).toBe(dayBefore);
    for (const header of ["Pending at end of day", "Oldest waiting", "Median time to decision", "90th percentile"])
      expect(`${header}: ${dayBeforeRow(header)}`).toBe(`${header}: none—`);
    expect(dayBeforeRow("Decisions timed")).toBe("0");

    // The shell's banner on every page: request 29 has waited more than 24 hours.
    for (const path of ["/insights", "/users"]) {
      const shown = await htmlPage(await admin.get(path));
      expect(shown.getByTestId("waiting-notice").textContent).toBe(
        "The oldest citizenship request has waited more than 24 hours.See the citizenship requests",
      );
    }

    // Each table as a CSV file, through the list export: the same figures.
    const decisionsCsv = await downloadCsv(admin, "/insights.csv?days=7&table=decisions");
    expect(decisionsCsv.response.headers.get("content-disposition")).toMatch(/insights-decisions-7-days-/);
    expect(csvColumn(decisionsCsv.records, "Day")).toEqual(tableColumn(page, /^Decisions per day, /, "Day"));
    expect(csvColumn(decisionsCsv.records, "Bans")).toEqual(tableColumn(page, /^Decisions per day, /, "Bans"));
    const adminsCsv = await downloadCsv(admin, "/insights.csv?days=7&table=admins");
    expect(csvColumn(adminsCsv.records, "Reversals")).toEqual(["1", "1", "1"]);
    expect(csvColumn(adminsCsv.records, "Take-overs")).toEqual(
      tableColumn(page, /^Decisions, skips, take-overs and reversals per admin/, "Take-overs"),
    );
    const queueCsv = await downloadCsv(admin, "/insights.csv?days=7&table=queue");
    const [todayRow] = queueCsv.records.slice(1);
    expect(todayRow![0]).toBe(today);
    expect(expected.map((times) => String(Math.floor(nearestRank(times, 50)! / 60)))).toContain(
      csvColumn(queueCsv.records, "Median time to decision (minutes)")[0],
    );
    expect(csvColumn(queueCsv.records, "Pending at end of day")[0]).toBe(String(summary.data.pendingBadges));
    const wrong = await admin.get("/insights.csv?days=7&table=everything");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("There is no table &#34;everything&#34;: choose decisions, queue or admins.");
  });

  it("refuses a moderator with a 403 page, and offers the page in the sidebar to an admin only", async () => {
    const moderator = await PanelClient.signedIn(stack.panel.url, "moderator@example.com", "Moderator12345");
    const refused = await moderator.get("/insights");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You do not have access to this page");
    expect((await htmlPage(await moderator.get("/"))).queryByRole("link", { name: /^Insights/ })).toBeNull();
    const admin = await PanelClient.signedIn(stack.panel.url);
    const home = await htmlPage(await admin.get("/"));
    expect(home.getByRole("link", { name: "Insights The team's work" }).getAttribute("href")).toBe("/insights");
  });

  it("offers 7, 30 and 90 days, and answers a period it does not offer with a 400 that says so", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const page = await htmlPage(await admin.get("/insights?days=90"));
    const table = page.getByRole("table", { name: /^Decisions per day, / });
    expect(table.querySelectorAll("tbody tr")).toHaveLength(90);
    expect(page.getByRole("link", { name: "Last 90 days" }).getAttribute("aria-current")).toBe("page");
    const chart = page.getByRole("img", { name: /^Decisions per day, / });
    expect(chart.querySelector("desc")!.textContent).toMatch(/4 bans, 4 un-bans, 2 posts deleted/);

    const wrong = await admin.get("/insights?days=12");
    expect(wrong.status).toBe(400);
    const shown = await htmlPage(wrong);
    expect(shown.getByRole("alert").textContent).toBe("Choose a period of 7, 30 or 90 days. Showing the last 7 days.");
  });
});
