// "Delete and warn the author" on a post (docs/product.md#posts, decision 083) in the browser, in
// both projects, at 390 px: the dialog names the post and its author, a saved warning starts the
// message, which the moderator edits; one DELETE and one push carrying the edited text. Everything
// else (double submits, failures, both state engines): tests/integration/post-warn.test.ts.
import { demoAdminCookie, demoUsers } from "../support/demo-data";
import { recordedRequests } from "../support/demo-hooks";
import { expectAccessible } from "./a11y-helpers";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ page }) => startSession(page));

test("deletes a post and warns its author with an edited saved warning, at 390 px", async ({
  page,
  demoUrl,
}, testInfo) => {
  // A post whose author can receive a push.
  const cookie = await demoAdminCookie(demoUrl);
  const posts = (await (await fetch(`${demoUrl}/api/posts`, { headers: { cookie } })).json()) as {
    data: { data: { id: number; title: string; user: { id: number } | null }[] };
  };
  const reachable = new Set((await demoUsers(demoUrl)).filter((user) => user.devicesCount > 0).map((user) => user.id));
  const post = posts.data.data.find((candidate) => candidate.user && reachable.has(candidate.user.id))!;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/posts?search=${encodeURIComponent(post.title)}`);
  await page.getByRole("link", { name: `Delete and warn the author of ${post.title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete and warn the author" });
  await expect(dialog.getByText(`“${post.title}”`)).toBeVisible();

  await dialog.getByRole("combobox", { name: "Saved message" }).selectOption({ label: "Spam" });
  await dialog.getByRole("button", { name: "Use this message" }).click();
  const message = page.getByRole("dialog", { name: "Delete and warn the author" }).getByLabel("Message to the member");
  await expect(message).toHaveValue(/^Please stop posting advertising/);
  await expectAccessible(page, testInfo, "delete and warn the author, a saved warning chosen, 390 px");

  const edited = "Please stop posting advertising: this post was removed.";
  await message.fill(edited);
  await page.getByRole("dialog").getByLabel("Reason").selectOption("Spam");
  await page.getByRole("dialog").getByRole("button", { name: "Delete and warn" }).click();

  await expect(
    page.getByRole("status").filter({ hasText: "Post deleted successfully. Member warned: the message was sent" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: post.title, exact: true })).toHaveCount(0);
  const deletes = (await recordedRequests(demoUrl, `/posts/${post.id}`)).filter((call) => call.method === "DELETE");
  expect(deletes).toHaveLength(1);
  const pushes = await recordedRequests(demoUrl, "/fcm/send-notification-to-user");
  expect(pushes.map((call) => (call.body as { body: string }).body)).toEqual([edited]);
});
