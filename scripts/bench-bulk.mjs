// Measures a bulk action (docs/product.md#bulk-actions): 100 items at 50 ms upstream latency, on
// the built panel against the demo API. Not a test (tests never time things): run
// `npm run bench:bulk` after `npm run build`, on a machine as quiet as you can make it.
//
// "Ban 100 users" on a fresh demo API at DEMO_API_LATENCY_MS=50 (every upstream call waits 50 ms):
// each item's state is read again right before it is sent (GET /users/{id}, as the row action
// does), then the ban is sent: two calls of 50 ms one after the other per item. The bound is 2 s
// (issue 38; issue 27's was 4 s): at 4 items in flight those calls alone took 2.5 s, at 10
// (BULK_CONCURRENCY) 1 s. The time runs from the Confirm post to the results page saying
// "Finished" (asked every 50 ms): Confirm, the batch and the last look. The review page's own
// time (it reads the 100 users to list them) is printed too, and the load average beside them.
// Exit code 1 when a run breaks its bound or an item is not done.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";

import { PanelClient } from "../tests/support/form-post.ts";
import { startDemoApi, startPanel } from "../tests/support/servers.ts";
import { demoUsers } from "../tests/support/demo-data.ts";

const LATENCY_MS = 50;
const ITEMS = 100;
/** The bound where each item's state is read again before the action (issue 38). */
const BOUND_WITH_READ_MS = 2_000;

/**
 * The Confirm form's one-time key on a review page.
 * @param {string} html
 */
function confirmKey(html) {
  const key = /name="_once" value="([^"]+)"\/><input type="hidden" name="intent" value="confirm"/.exec(html)?.[1];
  if (!key) throw new Error("no Confirm form on the review page");
  return key;
}

/**
 * One bulk action on ITEMS items of a list, timed from Confirm to the results page saying "Finished".
 * @param {string} name what the run does, as printed
 * @param {string} list the list's path ("users")
 * @param {(demoUrl: string) => Promise<(string | number)[]>} pick the ids it may act on
 * @param {string} action
 * @param {Record<string, string>} fields the Confirm form's reason fields
 */
async function run(name, list, pick, action, fields) {
  const demo = await startDemoApi({ DEMO_API_LATENCY_MS: String(LATENCY_MS), DEMO_API_DATA_FILE: "" });
  const panel = await startPanel(`${demo.url}/api`, { NODE_ENV: "production" });
  try {
    // Confirmed ahead: a bulk action over 50 items asks for a re-authentication (decision 080).
    const client = await PanelClient.reauthenticated(panel.url);
    const ids = await pick(demo.url);
    if (ids.length < ITEMS) throw new Error(`${name}: only ${ids.length} items to act on`);
    const params = new URLSearchParams({ action });
    for (const id of ids.slice(0, ITEMS)) params.append("id", String(id));
    const path = `/${list}/bulk?${params}`;

    const reviewStart = performance.now();
    const review = await (await client.get(path)).text();
    const reviewMs = performance.now() - reviewStart;

    const start = performance.now();
    const confirmed = await client.post(path, { ...fields, _once: confirmKey(review) });
    const location = confirmed.headers.get("location");
    if (confirmed.status !== 302 || !location) throw new Error(`${name}: Confirm answered ${confirmed.status}`);
    let html = "";
    for (;;) {
      html = await (await client.get(location)).text();
      if (!html.includes('http-equiv="refresh"')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const totalMs = performance.now() - start;
    const done = /Finished: (\d+) done/.exec(html)?.[1];
    const ok = Number(done) === ITEMS && totalMs <= BOUND_WITH_READ_MS;
    console.log(
      `${name}: review page ${reviewMs.toFixed(0)} ms; Confirm to finished ${totalMs.toFixed(0)} ms for ${done} of ${ITEMS} done ` +
        `(bound ${BOUND_WITH_READ_MS} ms, state read again before each item) ${ok ? "ok" : "BROKEN"}; ` +
        `load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(" ")}`,
    );
    return ok;
  } finally {
    await Promise.all([panel.stop(), demo.stop()]);
  }
}

/**
 * The ids of the demo's members that pass `test`.
 * @param {string} demoUrl
 * @param {(user: import("../tests/support/demo-data.ts").DemoUser) => boolean} test
 */
const members = async (demoUrl, test) =>
  (await demoUsers(demoUrl)).filter((user) => user.role !== "admin" && test(user)).map((user) => user.id);

const results = [
  await run("Ban 100 users", "users", (url) => members(url, (user) => !user.isBanned), "ban", { reason: "Spam" }),
];
process.exit(results.every(Boolean) ? 0 : 1);
