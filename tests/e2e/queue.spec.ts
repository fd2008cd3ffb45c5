import { recordedRequests } from "../support/demo-hooks";
import { ADMIN, startSession, waitForShellHydration } from "./auth-helpers";
import { expect, test } from "./fixtures";

// The citizenship queue's journeys (docs/product.md#citizenship-queue). What its HTML says (the
// figures, the claimed notice, the empty state, a refused reason): tests/integration/queue.test.ts.

const OPS = { email: "ops.admin@example.com", password: ADMIN.password };

test("two admins, one request: one decision reaches the upstream, the other admin is told who decided", async ({
  browser,
  page,
  demoUrl,
}) => {
  const id = "79";
  await startSession(page);
  await page.goto(`/badge-requests/review/${id}`);
  await waitForShellHydration(page);
  await expect(page.getByRole("button", { name: "Approve & next" })).toBeVisible();

  const other = await browser.newContext();
  try {
    const ops = await other.newPage();
    await startSession(ops, OPS);
    await ops.goto(`/badge-requests/review/${id}`);
    await waitForShellHydration(ops);
    await expect(ops.getByRole("status").filter({ hasText: "Being reviewed by" })).toHaveText(
      /^Being reviewed by admin@example\.com since /,
    );
    await ops.getByRole("button", { name: "Take over" }).click();
    await expect(ops.getByTestId("toast")).toContainText("You are now reviewing this request");
    await ops.getByRole("button", { name: "Approve & next" }).click();
    await expect(ops.getByTestId("toast")).toContainText("Badge request approved successfully");
    await expect(ops).toHaveURL(/\/badge-requests\/review$/);
  } finally {
    await other.close();
  }

  // The first admin's page still offers the decisions: rejecting sends nothing and names the decider.
  // Reject's fields are folded until asked for (a <details>: with JavaScript or without).
  await expect(page.getByLabel("Reason")).toBeHidden();
  await page.locator("summary", { hasText: "Reject…" }).click();
  await page.getByLabel("Reason").selectOption("Incomplete application");
  await page.getByRole("button", { name: "Reject & next" }).click();
  await expect(page.getByTestId("toast")).toContainText(/Already approved by ops\.admin@example\.com at /);
  const calls = (await recordedRequests(demoUrl, "/users/badges")).filter((call) => call.method === "POST");
  expect(calls.map((call) => [call.path, call.body])).toEqual([[`/users/badges/${id}`, { approved: 2 }]]);
});

test(
  "the keys a, r and s approve, reach the reason and skip, never while typing",
  { tag: "@js-only" },
  async ({ page, demoUrl }) => {
    // JavaScript only (the no-js project leaves @js-only out): the queue's keys need JavaScript.
    await startSession(page);
    await page.goto("/badge-requests/review/89");
    await waitForShellHydration(page);
    await expect(page.getByText("Keyboard: a approve, r reject, s skip")).toBeVisible();

    // r unfolds Reject and reaches its reason.
    await expect(page.getByLabel("Reason")).toBeHidden();
    await page.keyboard.press("r");
    await expect(page.getByLabel("Reason")).toBeFocused();
    await page.getByLabel("Details").fill("as seen");
    await page.getByLabel("Details").press("a");
    await page.getByLabel("Details").press("s");
    await expect(page.getByLabel("Details")).toHaveValue("as seenas");
    await expect(page).toHaveURL(/\/badge-requests\/review\/89$/);

    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("s");
    await expect(page).toHaveURL(/\/badge-requests\/review$/);
    const next = page.locator('form input[name="id"]').first();
    await expect(next).not.toHaveValue("89");
    const nextId = await next.inputValue();
    await page.keyboard.press("a");
    await expect(page.getByTestId("toast")).toContainText("Badge request approved successfully");
    const decided = async (id: string) =>
      (await recordedRequests(demoUrl, `/users/badges/${id}`)).filter(
        (call) => call.method === "POST" && call.path === `/users/badges/${id}`,
      );
    expect((await decided(nextId)).map((call) => call.body)).toEqual([{ approved: 2 }]);
    expect(await decided("89")).toEqual([]);
  },
);
