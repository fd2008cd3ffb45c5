/**
 * The citizenship queue (docs/product.md#citizenship-queue) over real HTTP: urlencoded posts as a
 * browser without JavaScript sends them, two admins signed in at once, and the demo API's request
 * log for what reached the upstream. The same cases run with the claims in memory and in Redis.
 */
import { within } from "@testing-library/dom";
import { beforeEach, describe, expect, it } from "vitest";

import { auditRows } from "../support/audit-page";
import { findDemoUser } from "../support/demo-data";
import { holdCalls, injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type HtmlPage, parsePage, valueOf } from "../support/html";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

const ANN = "admin@example.com";
const OPS = "ops.admin@example.com";
const SUPPORT = "support.admin@example.com";
const PASSWORD = "Admin12345";

/** The pending requests in the demo's order (ids of its seeded members with k % 10 === 3). */
const [FIRST, SECOND, THIRD] = ["9", "19", "29"];

/** A page of the queue as a browser shows it. */
async function open(client: PanelClient, path: string) {
  const response = await client.get(path);
  const html = decodeEntities(await response.text());
  return { status: response.status, html, page: parsePage(html) };
}

/** The id a queue page shows (its forms' hidden `id`), and its one-time key for `button`. */
function formOf(page: HtmlPage, button: string) {
  const form = page.getByRole("button", { name: button }).closest("form")!;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? "";
  return { id: field("id"), once: field("_once") };
}

/** A date and time as the queue writes them ('Nov 26, 2026, 9:05 AM'). */
const DATE_TIME = /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/;

/** The badge decisions that reached the upstream. */
async function decisions(demoUrl: string) {
  return (await recordedRequests(demoUrl, "/users/badges")).filter((call) => call.method === "POST");
}

describe.each(["memory", "redis"] as const)("the citizenship queue (claims in %s)", (store) => {
  const panelEnv: NodeJS.ProcessEnv = {};
  if (store === "redis") useRedis(panelEnv);
  const stack = useStack(panelEnv);
  let ann: PanelClient;
  let ops: PanelClient;

  beforeEach(async () => {
    [ann, ops] = await Promise.all([
      PanelClient.signedIn(stack.panel.url, ANN, PASSWORD),
      PanelClient.signedIn(stack.panel.url, OPS, PASSWORD),
    ]);
  });

  // The first test finds the queue as nobody has touched it; the others open requests by their links.
  it("shows the oldest request first, claimed for its admin, and the next one to a second admin", async () => {
    const first = await open(ann, "/badge-requests/review");
    expect(first.status).toBe(200);
    expect(first.page.getByRole("heading", { level: 1, name: "Citizenship Queue" })).toBeTruthy();
    expect(formOf(first.page, "Approve & next").id).toBe(FIRST);
    expect(first.page.getByRole("region", { name: "Elias O'Brien" })).toBeTruthy();
    expect(first.page.getByText("Pending").nextElementSibling?.textContent).toBe("13");
    expect(first.page.getByText("Oldest waiting").nextElementSibling?.textContent).toBe("less than a minute");
    expect(first.page.getByText("Decided today").nextElementSibling?.textContent).toBe("0");
    expect(first.page.getByRole("link", { name: "Download Passport" }).getAttribute("href")).toBe(
      `/users/${FIRST}/passport?back=%2Fbadge-requests%2Freview%2F${FIRST}`,
    );
    // What the admin decides with besides: the member's details and History (earlier rejections,
    // bans), and when the panel first saw the request.
    expect(first.page.getByRole("link", { name: "Member details" }).getAttribute("href")).toBe(
      `/users/${FIRST}?back=%2Fbadge-requests%2Freview%2F${FIRST}`,
    );
    expect(first.page.getByRole("link", { name: "Member history" }).getAttribute("href")).toBe(
      `/audit?kind=member&target=${FIRST}`,
    );
    expect(first.page.getByText("First seen").nextElementSibling?.textContent).toMatch(DATE_TIME);
    // Reject's fields wait, folded, until the admin chooses to reject (no script needed to unfold them).
    const reject = first.page.getByText("Reject…", { selector: "summary" }).closest("details")!;
    expect(reject.hasAttribute("open")).toBe(false);
    expect(within(reject).getByRole("button", { name: "Reject & next", hidden: true })).toBeTruthy();
    expect(first.page.getByRole("button", { name: "Skip" })).toBeTruthy();
    // The keys are listed only once JavaScript runs: the server's HTML does not offer them.
    expect(first.page.queryByText(/^Keyboard:/)).toBeNull();

    // Ann holds the oldest: Ops gets the next one; Ann, coming back, gets hers again.
    const second = await open(ops, "/badge-requests/review");
    expect(formOf(second.page, "Approve & next").id).toBe(SECOND);
    const again = await open(ann, "/badge-requests/review");
    expect(formOf(again.page, "Approve & next").id).toBe(FIRST);
  });

  it("shows a claimed request by its link with who holds it, and lets another admin take it over", async () => {
    await open(ann, `/badge-requests/review/${THIRD}`);
    const claimed = await open(ops, `/badge-requests/review/${THIRD}`);
    const notice = claimed.page.getByRole("status").textContent ?? "";
    expect(notice).toMatch(
      new RegExp(`^Being reviewed by ${ANN} since \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M$`),
    );
    expect(claimed.page.queryByRole("button", { name: "Approve & next" })).toBeNull();

    // Ann's decision is refused while Ops holds it after taking over, and nothing reaches the upstream.
    const takeOver = await ops.post(`/badge-requests/review/${THIRD}`, {
      intent: "take-over",
      id: THIRD,
      _once: formOf(claimed.page, "Take over").once,
    });
    expect(takeOver.status).toBe(302);
    expect(takeOver.headers.get("location")).toBe(`/badge-requests/review/${THIRD}`);
    const taken = await ops.follow(takeOver);
    expect(toastMessage(taken.html)).toBe("You are now reviewing this request");
    expect(formOf(parsePage(decodeEntities(taken.html)), "Approve & next").id).toBe(THIRD);

    const refused = await ann.post(`/badge-requests/review/${THIRD}`, { intent: "approve", id: THIRD });
    expect(refused.headers.get("location")).toBe(`/badge-requests/review/${THIRD}`);
    expect(toastMessage(decodeEntities((await ann.follow(refused)).html))).toMatch(
      new RegExp(`^Being reviewed by ${OPS} since `),
    );
    expect(await decisions(stack.demo.url)).toEqual([]);
  });

  it("approves once and goes on; the second admin's decision sends nothing and says who decided", async () => {
    const id = "39";
    const annPage = await open(ann, `/badge-requests/review/${id}`);
    const approve = formOf(annPage.page, "Approve & next");
    const fields = { intent: "approve", id, _once: approve.once };
    // A double click: the second post, sent while the first is held upstream, gets the same answer.
    const held = await holdCalls(stack.demo.url, { method: "POST", path: `/users/badges/${id}`, times: 1 });
    const first = ann.post(`/badge-requests/review/${id}`, fields);
    await held.arrived();
    const second = ann.post(`/badge-requests/review/${id}`, fields);
    await held.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.headers.get("location"))).toEqual([
      "/badge-requests/review",
      "/badge-requests/review",
    ]);
    const next = await ann.follow(answers[0]!);
    expect(toastMessage(next.html)).toBe("Badge request approved successfully");
    expect(parsePage(decodeEntities(next.html)).getByText("Decided today").nextElementSibling?.textContent).toBe("1");

    // Ops had the page open from before Ann's claim ended; their reject reaches nothing.
    const late = await ops.post(`/badge-requests/review/${id}`, {
      intent: "reject",
      id,
      reason: "Incomplete application",
    });
    expect(late.headers.get("location")).toBe("/badge-requests/review");
    expect(toastMessage(decodeEntities((await ops.follow(late)).html))).toMatch(
      new RegExp(`^Already approved by ${ANN} at \\w{3} \\d{1,2}, \\d{4}, `),
    );
    expect((await decisions(stack.demo.url)).map((call) => [call.path, call.body])).toEqual([
      [`/users/badges/${id}`, { approved: 2 }],
    ]);

    // Its link now says who decided it.
    const gone = await open(ops, `/badge-requests/review/${id}`);
    expect(gone.page.getByRole("heading", { level: 3 }).textContent).toMatch(
      new RegExp(`^Already approved by ${ANN} at `),
    );
  });

  it("names who decided a request decided outside the queue, on its page and to a late decision", async () => {
    await ann.post("/badge-requests", { intent: "approve", id: "49" });
    const gone = await open(ops, "/badge-requests/review/49");
    const decidedBy = new RegExp(`^Already approved by ${ANN} at `);
    expect(gone.page.getByRole("heading", { level: 3 }).textContent).toMatch(decidedBy);
    const late = await ops.post("/badge-requests/review/49", { intent: "approve", id: "49" });
    expect(toastMessage(decodeEntities((await ops.follow(late)).html))).toMatch(decidedBy);
    expect(await decisions(stack.demo.url)).toHaveLength(1);
  });

  it("rejects with a reason and sends the member the message, edited, in one push call", async () => {
    const member = await findDemoUser(
      stack.demo.url,
      (user) => user.badgeRequestStatus === 1 && user.devicesCount > 0 && user.id > 69,
    );
    const id = String(member.id);
    await open(ann, `/badge-requests/review/${id}`);
    const missing = await ann.post(`/badge-requests/review/${id}`, {
      intent: "reject",
      id,
      reason: "Other",
      message: "Hi",
    });
    expect(missing.status).toBe(400);
    const retyped = parsePage(decodeEntities(await missing.text()));
    // Reject's fields come back unfolded, with the error beside what was typed.
    expect(retyped.getByText("Reject…", { selector: "summary" }).closest("details")!.hasAttribute("open")).toBe(true);
    expect(retyped.getByText("Please describe the reason")).toBeTruthy();
    expect(valueOf(retyped.getByRole("combobox", { name: "Reason" }))).toBe("Other");
    expect(valueOf(retyped.getByRole("textbox", { name: "Message to the member (optional)" }))).toBe("Hi");
    expect(await decisions(stack.demo.url)).toEqual([]);

    const message = "Your passport scan was unreadable: please upload it again.";
    const rejected = await ann.post(`/badge-requests/review/${id}`, {
      intent: "reject",
      id,
      reason: "Documents unreadable",
      reasonText: "blurred scan",
      message,
    });
    expect(rejected.headers.get("location")).toBe("/badge-requests/review");
    expect(toastMessage(decodeEntities((await ann.follow(rejected)).html))).toBe("Badge request rejected successfully");
    expect(await decisions(stack.demo.url)).toMatchObject([{ path: `/users/badges/${id}`, body: { approved: 0 } }]);
    const pushes = await recordedRequests(stack.demo.url, "/fcm/send-notification-to-user");
    expect(pushes.map((call) => call.body)).toEqual([
      { email: member.email, title: "Your citizenship request", body: message },
    ]);
  });

  it("rejects without a message when the admin clears it: no push call", async () => {
    const id = "69";
    await open(ann, `/badge-requests/review/${id}`);
    const rejected = await ann.post(`/badge-requests/review/${id}`, {
      intent: "reject",
      id,
      reason: "Not eligible for citizenship",
      message: "",
    });
    expect(rejected.status).toBe(302);
    expect(await decisions(stack.demo.url)).toHaveLength(1);
    expect(await recordedRequests(stack.demo.url, "/fcm")).toEqual([]);
  });

  it("skips: the request leaves this admin's queue until they ask for the skipped ones again", async () => {
    const support = await PanelClient.signedIn(stack.panel.url, SUPPORT, PASSWORD);
    const shown = formOf((await open(support, "/badge-requests/review")).page, "Skip");
    const skipped = await support.post("/badge-requests/review", { intent: "skip", id: shown.id, _once: shown.once });
    expect(skipped.headers.get("location")).toBe("/badge-requests/review");
    const next = formOf(parsePage(decodeEntities((await support.follow(skipped)).html)), "Skip");
    expect(next.id).not.toBe(shown.id);
    // The skipped request is free for another admin.
    const byLink = await open(ops, `/badge-requests/review/${shown.id}`);
    expect(byLink.page.queryByRole("status")).toBeNull();
    expect(await decisions(stack.demo.url)).toEqual([]);

    // Skip and "Show skipped requests again" are the panel's own steps, and they worked: the trail
    // has each as done (an auditor looking for refusals finds none of them), once, with what it did.
    const [skip, ...others] = (await auditRows(ann, `?kind=badge-request&target=${shown.id}`)).rows;
    expect(others).toEqual([]);
    expect(skip).toMatchObject({ Admin: SUPPORT, Action: expect.stringMatching(/^skip/i) });
    expect(skip!.Result).toBe("Doneout of their queue for an hour; panel only, nothing sent upstream");
    const unskip = await support.post("/badge-requests/review", { intent: "unskip" });
    expect(unskip.headers.get("location")).toBe("/badge-requests/review");
    const [shownAgain] = (await auditRows(ann, `?admin=${encodeURIComponent(SUPPORT)}`)).rows;
    expect(shownAgain).toMatchObject({ Action: expect.stringMatching(/^unskip/i), Target: "" });
    expect(shownAgain!.Result).toBe("Done1 skipped request back in their queue; panel only, nothing sent upstream");
  });

  it("shows the list's error state when the upstream fails, never a stack trace", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/users/pending-badges", status: 500 });
    const failed = await open(ann, "/badge-requests/review");
    expect(failed.page.getByRole("alert").textContent).toContain("Some error occurred while fetching data");
    expect(failed.html).not.toMatch(/at \w+ \(/);
  });
});

describe("an empty citizenship queue", () => {
  const stack = useStack();

  it("says what is left when this admin skipped every request, names who holds the others, and shows the skipped again", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    const ops = await PanelClient.signedIn(stack.panel.url, OPS, PASSWORD);
    await open(ops, `/badge-requests/review/${FIRST}`);
    let skips = 0;
    for (;;) {
      const { page } = await open(admin, "/badge-requests/review");
      if (!page.queryByRole("button", { name: "Skip" })) {
        expect(page.getByRole("heading", { name: "No requests left for you" })).toBeTruthy();
        expect(page.getByText("12 skipped by you, 1 being reviewed by other admins.")).toBeTruthy();
        // Which requests, and who holds each since when: a link to the request (to take it over).
        const held = page.getByRole("list", { name: "Being reviewed by other admins" });
        const items = within(held).getAllByRole("listitem");
        expect(items.map((item) => item.textContent)).toEqual([
          expect.stringMatching(new RegExp(`^Elias O'Brien — by ${OPS} since \\d{1,2}:\\d{2} [AP]M$`)),
        ]);
        expect(within(items[0]!).getByRole("link", { name: "Elias O'Brien" }).getAttribute("href")).toBe(
          `/badge-requests/review/${FIRST}`,
        );
        break;
      }
      const { id } = formOf(page, "Skip");
      expect((await admin.post("/badge-requests/review", { intent: "skip", id })).status).toBe(302);
      skips += 1;
      expect(skips).toBeLessThanOrEqual(12);
    }
    const again = await admin.post("/badge-requests/review", { intent: "unskip" });
    expect(again.headers.get("location")).toBe("/badge-requests/review");
    expect(formOf(parsePage(decodeEntities((await admin.follow(again)).html)), "Skip").id).toBe(SECOND);
  });
});

describe("a queue whose requests are all decided", () => {
  // A panel of its own: no review left over from another test holds a request.
  const stack = useStack();

  it("says there is nothing to review once every request is decided, with a link back", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    for (let k = 3; k < 130; k += 10) await admin.post("/badge-requests", { intent: "approve", id: String(6 + k) });
    const empty = await open(admin, "/badge-requests/review");
    expect(empty.page.getByRole("heading", { name: "No Pending Requests" })).toBeTruthy();
    expect(empty.page.getByText("There are no citizenship requests waiting for review.")).toBeTruthy();
    expect(empty.page.getByRole("link", { name: "Back to Citizenship Requests" }).getAttribute("href")).toBe(
      "/badge-requests",
    );
    expect(empty.page.getByText("Oldest waiting").nextElementSibling?.textContent).toBe("None waiting");
  });
});
