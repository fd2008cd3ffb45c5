// Issue 27, bulk batches (docs/product.md#bulk-actions, decisions 053 and 054): each item reaches
// the upstream once whatever the admin does (a double Confirm, a second tab, a browser that goes
// away), and the batch and its results live in the panel's state store. The same tests run against
// both stores: memory (one instance) and Redis (REDIS_URL), where a second instance shows the results too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { confirmKey, finishedResults, reviewPath } from "../support/bulk";
import { demoUsers } from "../support/demo-data";
import { clearRecordedRequests, holdCalls, recordedRequests, resetDemo } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { parsePage } from "../support/html";
import { type RunningRedis, startRedis } from "../support/redis-server";
import { type RunningServer, type Stack, startPanel, startStack, waitForLine } from "../support/servers";

const stores = [{ name: "memory" }, { name: "redis" }] as const;

describe.each(stores)("bulk batches ($name store)", { timeout: 120_000 }, ({ name }) => {
  let stack: Stack;
  let redis: RunningRedis | undefined;
  let second: RunningServer | undefined;
  let panel: PanelClient;

  beforeAll(async () => {
    if (name === "redis") redis = await startRedis();
    const env = redis ? { REDIS_URL: redis.url } : {};
    stack = await startStack(env);
    if (redis) second = await startPanel(`${stack.demo.url}/api`, env);
  });
  afterAll(async () => {
    await second?.stop();
    await stack?.stop();
    await redis?.stop();
  });
  beforeEach(async () => {
    await resetDemo(stack.demo.url);
    panel = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);
  });

  /** Two members who are not banned. */
  const unbanned = async () =>
    (await demoUsers(stack.demo.url)).filter((user) => user.role !== "admin" && !user.isBanned).slice(0, 2);
  const bans = async (id: number) =>
    (await recordedRequests(stack.demo.url, `/users/ban/${id}`)).filter((call) => call.method === "GET");

  it("runs one batch for a double Confirm (the same one-time key)", async () => {
    const [user] = await unbanned();
    const path = reviewPath("users", "ban", [user!.id]);
    const fields = { reason: "Spam", _once: await confirmKey(panel, path) };
    const held = await holdCalls(stack.demo.url, { method: "GET", path: `/users/ban/${user!.id}`, times: 1 });
    const first = panel.post(path, fields);
    await held.arrived();
    const again = panel.post(path, fields);
    await held.release();
    const answers = await Promise.all([first, again]);

    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    expect(await bans(user!.id)).toHaveLength(1);
  });

  it("sends nothing for an item a second tab's batch is sending, and the first batch's results show on any instance", async () => {
    const [user, other] = await unbanned();
    const path = reviewPath("users", "ban", [user!.id, other!.id]);
    const firstKey = await confirmKey(panel, path);
    const secondKey = await confirmKey(panel, path);
    const held = await holdCalls(stack.demo.url, { method: "GET", path: `/users/ban/${user!.id}`, times: 1 });
    const first = panel.post(path, { reason: "Spam", _once: firstKey });
    await held.arrived();

    // The second tab's Confirm finds the held item claimed, and the other one banned or claimed.
    const tab = await finishedResults(panel, await panel.post(path, { reason: "Spam", _once: secondKey }));
    const rows = parsePage(tab).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelectorAll("td")[1]?.textContent)).toEqual(["Skipped", "Skipped"]);
    expect(tab).toContain("This is being changed in another tab or batch right now");

    await held.release();
    const results = await finishedResults(panel, await first);
    expect(parsePage(results).getByText(/Finished: 2 done/)).toBeTruthy();
    expect(await bans(user!.id)).toHaveLength(1);
    expect(await bans(other!.id)).toHaveLength(1);

    if (second) {
      // The same browser, sent by the balancer to the other instance: its cookies go along.
      const elsewhere = new PanelClient(second.url);
      for (const pair of panel.cookieHeader().split("; ")) {
        const eq = pair.indexOf("=");
        elsewhere.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = (await first).headers.get("location")!;
      const there = await elsewhere.get(location);
      expect(there.status).toBe(200);
      expect(parsePage(await there.text()).getByText(/Finished: 2 done/)).toBeTruthy();
    }
  });

  it("answers a Confirm whose batch runs long with the results page, which shows progress and refreshes itself", async () => {
    const [user, other] = await unbanned();
    const path = reviewPath("users", "ban", [user!.id, other!.id]);
    const held = await holdCalls(stack.demo.url, { method: "GET", path: `/users/ban/${user!.id}`, times: 1 });
    const confirmed = await panel.post(path, { reason: "Spam", _once: await confirmKey(panel, path) });
    expect(confirmed.status).toBe(302);

    const running = await (await panel.get(confirmed.headers.get("location")!)).text();
    expect(parsePage(running).getByRole("status").textContent).toBe(
      "Running: 1 of 2 finished. This page updates itself.",
    );
    // Without JavaScript the page reloads itself; with it, the page revalidates instead.
    expect(running).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/><\/noscript>/);
    expect(parsePage(running).queryByRole("button", { name: /Retry failed/ })).toBeNull();

    await held.release();
    const done = await finishedResults(panel, confirmed);
    expect(parsePage(done).getByText(/Finished: 2 done/)).toBeTruthy();
  });

  it("finishes the batch when the browser drops the Confirm", async () => {
    const [user] = await unbanned();
    const path = reviewPath("users", "ban", [user!.id]);
    const key = await confirmKey(panel, path);
    const held = await holdCalls(stack.demo.url, { method: "GET", path: `/users/ban/${user!.id}`, times: 1 });
    const dropped = new AbortController();
    const posted = fetch(new URL(path, stack.panel.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: panel.cookieHeader() },
      body: new URLSearchParams({ reason: "Spam", _once: key }).toString(),
      redirect: "manual",
      signal: dropped.signal,
    }).catch(() => undefined);
    await held.arrived();
    dropped.abort();
    await posted;
    const loggedBefore = stack.panel.output().split("\n").length - 1;
    expect(await held.release()).toBe(1);

    // The batch goes on: its item's audit entry says done, with the batch it belongs to.
    const line = await waitForLine(
      stack.panel.process,
      () => stack.panel.output().split("\n").slice(loggedBefore),
      (candidate) => candidate.includes('"msg":"audit"') && candidate.includes(`"id":"${user!.id}"`),
      (problem) => `the audit entry of the dropped batch ${problem}`,
    );
    const entry = JSON.parse(line) as { result: string; batch: string };
    expect(entry.result).toBe("done");
    // The entry is written before the batch notes its end: its results page says so soon after.
    await expect
      .poll(async () =>
        parsePage(await (await panel.get(`/users/bulk/${entry.batch}`)).text()).queryByText(/Finished: 1 done/),
      )
      .toBeTruthy();
    expect(await bans(user!.id)).toHaveLength(1);
  });

  it("answers 404 for a batch it does not know, and for one of another list", async () => {
    const [user] = await unbanned();
    expect((await panel.get("/users/bulk/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await panel.get("/users/bulk/not-a-batch")).status).toBe(404);
    // A batch of users is not one of posts.
    const banPath = reviewPath("users", "ban", [user!.id]);
    const confirmed = await panel.post(banPath, { reason: "Spam", _once: await confirmKey(panel, banPath) });
    const location = confirmed.headers.get("location")!;
    expect((await panel.get(location)).status).toBe(200);
    expect((await panel.get(location.replace("/users/", "/posts/"))).status).toBe(404);
  });
});
