// Issue 41: /insights against both state engines (the embedded one and Redis), on the built panel
// and the demo API. The trail is seeded two ways: entries of earlier days written through the
// trail's own API before the panel starts, then counted by `npm run insights:rebuild`
// (build/server/insights-rebuild.js); and today's decisions made over HTTP, counted as the trail
// writes them. Every figure on the page is then compared with a count made directly from the
// trail's entries, days without decisions included, and one figure's /audit link lists as many.
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
import { dayOf } from "~/insights/rollup";
import { auditRows } from "../support/audit-page";
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
    { admin: "support.admin@example.com", action: "skipped", target: request("8"), result: "done", at: at(5) },
    { admin: "ops.admin@example.com", action: "took over", target: request("8"), result: "done", at: at(5) },
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
    const records = [...seededRecords(Date.now())].sort((one, other) => one.at - other.at);
    for (const record of records) await trail.record(record);
    await trail.idle();
    await trail.close();
    redis?.disconnect();
    const { stdout } = await promisify(execFile)(process.execPath, [REBUILD], {
      cwd: ROOT,
      env: { ...process.env, ...panelEnv, APP_TIMEZONE: "UTC" },
    });
    expect(stdout).toMatch(/written again from the audit trail: 2 days with entries/);
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

    const response = await admin.get("/insights?days=7");
    expect(response.status).toBe(200);
    const page = await htmlPage(response);
    const entries = await trailEntries();
    const figures = [...page.document.querySelectorAll<HTMLAnchorElement>('main a[href^="/audit?"]')];
    // 7 days × 5 kinds of decision, and 7 measures for each of the three admins.
    expect(figures).toHaveLength(7 * 5 + 3 * 7);
    for (const figure of figures) {
      expect(`${figure.getAttribute("aria-label")}: ${figure.textContent}`).toBe(
        `${figure.getAttribute("aria-label")}: ${countFor(entries, figure.getAttribute("href")!, "UTC")}`,
      );
    }
    const today = dayOf(Date.now(), "UTC");
    const dayBefore = dayOf(Date.now() - DAY_MS, "UTC");
    const label = (text: string) => page.getByRole("link", { name: text }).textContent;
    expect(label(`1 bans on ${today}`)).toBe("1");
    expect(label(`1 citizenship approved on ${today}`)).toBe("1");
    expect(label(`2 citizenship approved on ${dayOf(Date.now() - 3 * DAY_MS, "UTC")}`)).toBe("2");
    // A day without decisions: every figure of its row is 0.
    for (const name of ["citizenship approved", "citizenship rejected", "bans", "un-bans", "posts deleted"])
      expect(label(`0 ${name} on ${dayBefore}`)).toBe("0");
    const ops = page.getByRole("link", { name: /^1 take-overs by ops\.admin@example\.com/ });

    // The figure's link lists as many entries on /audit.
    const { rows } = await auditRows(admin, ops.getAttribute("href")!.slice("/audit".length));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Admin: "ops.admin@example.com", Action: "Took over" });
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
    expect(chart.querySelector("desc")!.textContent).toMatch(/2 bans, 2 un-bans, 2 posts deleted/);

    const wrong = await admin.get("/insights?days=12");
    expect(wrong.status).toBe(400);
    const shown = await htmlPage(wrong);
    expect(shown.getByRole("alert").textContent).toBe("Choose a period of 7, 30 or 90 days. Showing the last 7 days.");
  });
});
