// Issue 37, batches that survive a restart (docs/decisions/068-batches-that-survive-a-restart.md):
// a panel stopped (SIGTERM) during a batch lets its items in flight end, each with its audit entry,
// and marks the rest "not run"; a panel killed (SIGKILL) leaves a batch that the next start marks
// interrupted. A new panel process on the same state (STATE_DIR and AUDIT_DIR, or the same Redis)
// shows the not-run items, and Retry sends exactly those: in the demo API's log no item is banned
// twice, and every item is banned once in the end. The same cases against the embedded engine and
// Redis, where a batch that another live instance runs is left alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { confirmKey, finishedResults, formKey, reviewPath } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import { holdCalls, recordedRequests, resetDemo } from "../support/demo-hooks";
import { csvColumn, downloadCsv } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { parsePage } from "../support/html";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { type RunningServer, startDemoApi, startPanel, waitForExit, waitForLine } from "../support/servers";
import { missingForTests } from "../../scripts/ensure-packages.mjs";

const engines = [{ name: "embedded" }, { name: "redis" }] as const;

/** The results table's rows as [user id, result, details], the id read from the item's link. */
function resultRows(html: string): [string, string, string][] {
  return parsePage(html)
    .getAllByRole("row")
    .slice(1)
    .map((row) => {
      const cells = [...row.querySelectorAll("td")];
      const href = cells[0]?.querySelector("a")?.getAttribute("href") ?? "";
      return [href.replace("/users/", ""), cells[1]?.textContent ?? "", cells[2]?.textContent ?? ""];
    });
}

/** The status line of a results page. */
const statusOf = (html: string) => parsePage(html).getAllByRole("status")[0]?.textContent ?? "";

describe.each(engines)("bulk batches across a restart ($name engine)", { timeout: 180_000 }, ({ name }) => {
  const missing = name === "redis" ? missingForTests(["redis-server"], "the Redis-backed tests") : null;
  let demo: RunningServer;
  let redis: RunningRedis | undefined;
  /** Each test's panels share a Redis database of their own (the claims of a killed panel stay in theirs). */
  let database = 0;
  const clients: Redis[] = [];
  const dirs: string[] = [];
  let panels: RunningServer[] = [];

  beforeAll(async () => {
    if (missing) return;
    demo = await startDemoApi();
    if (name === "redis") redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(panels.map((panel) => panel.stop()));
    panels = [];
  });
  afterAll(async () => {
    await demo?.stop();
    for (const client of clients) client.disconnect();
    await redis?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async (context) => {
    if (missing) return context.skip(missing);
    await resetDemo(demo.url);
  });

  /** The state a panel keeps: its own directories (embedded), or the one Redis; a restart gets the same. */
  const panelState = (): NodeJS.ProcessEnv => {
    if (redis) return { REDIS_URL: `${redis.url}/${++database}` };
    const state = mkdtempSync(path.join(tmpdir(), "bulk-restart-state-"));
    const audit = mkdtempSync(path.join(tmpdir(), "bulk-restart-audit-"));
    dirs.push(state, audit);
    return { STATE_DIR: state, AUDIT_DIR: audit };
  };
  const panelOn = async (state: NodeJS.ProcessEnv) => {
    const panel = await startPanel(`${demo.url}/api`, state);
    panels.push(panel);
    return panel;
  };
  const unbanned = async (count: number) => {
    const users = (await demoUsers(demo.url)).filter((user) => user.role !== "admin" && !user.isBanned);
    expect(users.length).toBeGreaterThanOrEqual(count);
    return users.slice(0, count).map((user) => String(user.id));
  };
  /** The ids the demo API was asked to ban, one entry per call. */
  const bans = async () =>
    (await recordedRequests(demo.url, "/users/ban/"))
      .filter((call) => call.method === "GET")
      .map((call) => call.path.replace(/^.*\/users\/ban\//, ""));
  /** The demo's banned users among `ids`. */
  const bannedAmong = async (ids: readonly string[]) =>
    (await demoUsers(demo.url))
      .filter((user) => user.isBanned && ids.includes(String(user.id)))
      .map((u) => String(u.id));
  const sorted = (ids: readonly string[]) => [...ids].sort((a, b) => Number(a) - Number(b));

  it("SIGTERM during a 40-item batch: the items in flight end with their audit entries, the rest are not run; after a restart Retry sends exactly those", async () => {
    const state = panelState();
    const first = await panelOn(state);
    const ids = await unbanned(40);
    const admin = await PanelClient.signedIn(first.url);
    const review = reviewPath("users", "ban", ids);
    // Every ban waits in the demo API until the test lets it go: the batch is slow, with no clock.
    const held = await holdCalls(demo.url, { method: "GET", path: "/users/ban/*" });
    const confirmed = await admin.post(review, { reason: "Spam", _once: await confirmKey(admin, review) });
    expect(confirmed.status).toBe(302);
    const results = confirmed.headers.get("location")!;
    const batch = results.split("/").at(-1)!;
    await held.arrived();

    const outputBefore = first.output().length;
    first.process.kill("SIGTERM");
    await waitForLine(
      first.process,
      () => first.output().slice(outputBefore).split("\n"),
      (line) => line.includes("stopping bulk batches"),
      (problem) => `the stopping panel ${problem}; it printed:\n${first.output().slice(outputBefore)}`,
    );
    // The panel takes no new item now: the bans in flight may end.
    const inFlight = await held.release();
    expect((await waitForExit(first.process)).code).toBe(0);
    const stopped = first.output().slice(outputBefore);
    expect(stopped).not.toContain("AUDIT ENTRIES LOST");
    const interrupted = stopped.split("\n").find((line) => line.includes("bulk batch interrupted"));
    expect(interrupted).toBeDefined();

    // A new panel process on the same state.
    const second = await panelOn(state);
    const again = await PanelClient.signedIn(second.url);
    const page = await finishedResults(again, confirmed);
    const rows = resultRows(page);
    const done = rows.filter(([, result]) => result === "Done").map(([id]) => id);
    const notRun = rows.filter(([, result]) => result === "Not run").map(([id]) => id);
    expect(sorted([...done, ...notRun])).toEqual(sorted(ids));
    // The bans held at the stop, and any item then still reading, which went on to its ban.
    expect(done.length).toBeGreaterThanOrEqual(inFlight);
    expect(notRun.length).toBeGreaterThan(0);
    expect(JSON.parse(interrupted!)).toMatchObject({ batch, notRun: notRun.length, interrupted: "stopped" });
    expect(statusOf(page)).toBe(
      `Interrupted: ${done.length} done, 0 skipped, 0 failed, 0 outcome unknown, ${notRun.length} not run.`,
    );
    expect(rows.find(([, result]) => result === "Not run")?.[2]).toBe(
      "Not sent: the panel stopped before this item's turn",
    );
    // Each item done was banned once, and has its audit entry; nothing else was sent.
    expect(sorted(await bans())).toEqual(sorted(done));
    const { records } = await downloadCsv(again, `/audit.csv?batch=${batch}`);
    expect(sorted(csvColumn(records, "Target ID"))).toEqual(sorted(done));
    expect(new Set(csvColumn(records, "Result"))).toEqual(new Set(["done"]));

    // Retry sends exactly what did not run, each read again first.
    const retry = parsePage(page).getByRole("button", { name: `Retry what did not run (${notRun.length})` });
    expect(retry).toBeTruthy();
    const retried = await again.post(results, { intent: "retry", _once: formKey(page, "retry") });
    const after = await finishedResults(again, retried);
    expect(statusOf(after)).toBe(`Finished: ${notRun.length} done, 0 skipped, 0 failed, 0 outcome unknown.`);
    expect(sorted(await bans())).toEqual(sorted(ids));
    expect(sorted(await bannedAmong(ids))).toEqual(sorted(ids));
  });

  it("marks a batch whose panel was killed (SIGKILL) interrupted at the next start; Retry bans each item once in the end", async () => {
    const state = panelState();
    const first = await panelOn(state);
    // More items than the batch has in flight: some were never started when the panel died.
    const ids = await unbanned(12);
    const admin = await PanelClient.signedIn(first.url);
    const review = reviewPath("users", "ban", ids);
    const held = await holdCalls(demo.url, { method: "GET", path: "/users/ban/*" });
    const confirmed = await admin.post(review, { reason: "Spam", _once: await confirmKey(admin, review) });
    const results = confirmed.headers.get("location")!;
    const batch = results.split("/").at(-1)!;
    await held.arrived();
    first.process.kill("SIGKILL");
    await waitForExit(first.process);
    // The bans the killed panel had sent go on upstream: they happened, though no panel heard.
    await held.release();
    // On Redis the runner's heartbeat expires within 30 s; the test removes it instead of waiting.
    if (state.REDIS_URL) {
      const client = new Redis(state.REDIS_URL);
      clients.push(client);
      expect(await client.del(`panel:bulk:${batch}:runner`)).toBe(1);
    }

    const second = await panelOn(state);
    const again = await PanelClient.signedIn(second.url);
    const page = await finishedResults(again, confirmed);
    expect(statusOf(page)).toBe(`Interrupted: 0 done, 0 skipped, 0 failed, 0 outcome unknown, ${ids.length} not run.`);
    expect(page).toContain("The panel stopped unexpectedly while this batch ran");
    const logged = second
      .output()
      .split("\n")
      .find((line) => line.includes("bulk batch interrupted"));
    expect(JSON.parse(logged!)).toMatchObject({ batch, notRun: ids.length, interrupted: "lost" });

    // Retry takes each item's claim and reads it first: those the killed panel was banning are
    // skipped (still claimed by it for a while, or banned already), the others are banned; none twice.
    const sentBefore = await bans();
    const retried = await again.post(results, { intent: "retry", _once: formKey(page, "retry") });
    const after = await finishedResults(again, retried);
    const [, doneNow, skippedNow] = /^Finished: (\d+) done, (\d+) skipped, 0 failed, 0 outcome unknown\.$/.exec(
      statusOf(after),
    )!;
    expect(Number(doneNow) + Number(skippedNow)).toBe(ids.length);
    expect(Number(doneNow)).toBe(ids.length - sentBefore.length);
    const banned = await bans();
    expect(new Set(banned).size).toBe(banned.length);
    expect(sorted(await bannedAmong(ids))).toEqual(sorted(ids));
  });

  // Only Redis is shared by two live instances: the embedded engine is one process's.
  if (name === "redis")
    it("leaves alone a batch that another live instance runs", async () => {
      const state = panelState();
      const [runner, other] = await Promise.all([panelOn(state), panelOn(state)]);
      const ids = await unbanned(2);
      const admin = await PanelClient.signedIn(runner.url);
      const review = reviewPath("users", "ban", ids);
      const held = await holdCalls(demo.url, { method: "GET", path: "/users/ban/*" });
      const confirmed = await admin.post(review, { reason: "Spam", _once: await confirmKey(admin, review) });
      await held.arrived(ids.length);

      // The other instance reads the batch while the runner's heartbeat lives: still running.
      const elsewhere = await PanelClient.signedIn(other.url);
      const running = await (await elsewhere.get(confirmed.headers.get("location")!)).text();
      expect(statusOf(running)).toBe("Running: 0 of 2 finished. This page updates itself.");

      await held.release();
      const page = await finishedResults(elsewhere, confirmed);
      expect(statusOf(page)).toBe("Finished: 2 done, 0 skipped, 0 failed, 0 outcome unknown.");
      expect(other.output()).not.toContain("bulk batch interrupted");
    });
});
