// The layout as a checked property of every screen (issue 15): each screen and state a person
// meets (lists, their open dialogs, forms showing errors, the mobile sheet, toasts over lists and
// open dialogs) at a phone, a tablet and a laptop size, in both projects. Each state is opened
// once and checked at the three sizes in turn (the panel's layout follows the viewport in CSS;
// nothing it renders depends on the size it was loaded at). At each size the page is measured in
// one evaluate:
// - the page does not scroll sideways; only regions marked `data-scroll-x` may;
// - every visible control, scrolled into view, is the element at its own centre point;
// - a toast covers no control as the page and its dialog first show (scrolled to their tops);
// - an open dialog's heading and buttons can be scrolled into view, whole;
// - no text spills out of a table cell or card, or is cut off without its full value in a title.
// With SCREENSHOTS=1, a screenshot of each lands in test-results/layout/ for a reviewer to look through.
import type { Page, TestInfo } from "@playwright/test";

import { injectFault } from "../support/demo-hooks";
import { startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { SCREENSHOTS } from "./screenshots";

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
] as const;

/** Screens anyone can open, as a link from an email does. */
const PUBLIC_SCREENS = [
  "/login",
  "/forgot-password",
  "/reset-password?token=not-a-token",
  "/delete-account",
  "/accept-invite",
  "/get-app",
  "/verify",
  "/no-such-page",
];

/** Admin screens; the lists among them open each kind of dialog their rows offer. */
const ADMIN_SCREENS = [
  "/",
  "/users",
  "/users/5",
  "/users/view-invites/5",
  "/badge-requests",
  "/badge-requests/review",
  "/posts",
  "/announcements",
  "/memberships",
  "/memberships/create",
  "/memberships/edit/2",
  "/memberships/view/3",
  "/audit",
  "/account/sessions",
];

/** What one evaluate finds wrong with the page as it is; an empty list when nothing is. */
function measure(): string[] {
  const problems: string[] = [];
  const describe = (element: Element) => {
    const name =
      element.getAttribute("aria-label") ?? element.getAttribute("title") ?? element.textContent?.trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}> "${name ?? ""}"`;
  };
  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    // Visually hidden (sr-only) elements are 1 px squares: not part of the layout.
    return rect.width > 1 && rect.height > 1 && element.checkVisibility({ visibilityProperty: true });
  };
  const html = document.documentElement;

  // 1. No sideways scroll, except in regions marked as scrollable.
  if (html.scrollWidth > html.clientWidth + 1)
    problems.push(`the page scrolls sideways: ${html.scrollWidth} px wide in a ${html.clientWidth} px viewport`);
  for (const element of document.body.querySelectorAll("*")) {
    const { overflowX } = getComputedStyle(element);
    if (overflowX !== "auto" && overflowX !== "scroll") continue;
    if (element.scrollWidth > element.clientWidth + 1 && !element.closest("[data-scroll-x]") && shown(element))
      problems.push(`${describe(element).slice(0, 60)} scrolls sideways without data-scroll-x`);
  }

  // With a modal open (or the mobile sheet), only what is inside it can be reached.
  const modal = document.querySelector('[aria-modal="true"]');
  const sheet = document.querySelector<HTMLInputElement>("#mobile-sidebar:checked")
    ? document.querySelector('aside[aria-label="Sidebar"]')
    : null;
  const scope = modal ?? sheet ?? document.body;
  const controls = scope.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, label[for], [tabindex]:not([tabindex="-1"]), [role="link"]',
  );
  const reachable = (control: HTMLElement) =>
    shown(control) && !control.closest("[inert]") && getComputedStyle(control).pointerEvents !== "none";

  // 2a. A toast covers no control as the page and its dialog first show, scrolled to their tops:
  // each place where a control's box meets a shown toast's box is the control's, not the toast's,
  // at the middle of that overlap (a sheet over a toast may cover it). Further down, a toast lies
  // over the top of a scrolled page; 2b proves that what it covers there scrolls clear.
  const scrollToTops = () => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    for (let box = modal?.parentElement; box && box !== document.body; box = box.parentElement)
      box.scrollTo({ top: 0, behavior: "instant" });
  };
  scrollToTops();
  for (const toast of document.querySelectorAll<HTMLElement>('[data-testid="toast"]')) {
    if (!shown(toast)) continue;
    const box = toast.getBoundingClientRect();
    for (const control of controls) {
      if (!reachable(control) || toast.contains(control)) continue;
      const rect = control.getBoundingClientRect();
      const left = Math.max(rect.left, box.left);
      const right = Math.min(rect.right, box.right);
      const top = Math.max(rect.top, box.top);
      const bottom = Math.min(rect.bottom, box.bottom);
      if (left >= right || top >= bottom) continue;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && toast.contains(hit))
        problems.push(`${describe(control)} lies under the toast "${toast.textContent?.trim().slice(0, 40)}"`);
    }
  }

  // 2b. Every visible control, scrolled into view, is what a click at its centre hits.
  for (const control of controls) {
    if (!reachable(control)) continue;
    control.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const rect = control.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit === control || (hit && control.contains(hit))) continue;
    // An open menu (a <details>) lies over the page on purpose.
    if (hit?.closest("details[open]") && !control.closest("details[open]")) continue;
    problems.push(
      hit
        ? `${describe(control)} is covered by ${describe(hit)} at (${Math.round(x)}, ${Math.round(y)})`
        : `${describe(control)} lies off screen at (${Math.round(x)}, ${Math.round(y)})`,
    );
  }

  // 3. The dialog's heading and buttons can be scrolled into view, whole.
  if (modal) {
    const parts = [
      ...modal.querySelectorAll<HTMLElement>("h1, h2"),
      ...modal.querySelectorAll<HTMLElement>('button, a[href], input[type="submit"]'),
    ];
    for (const part of parts) {
      if (!shown(part)) continue;
      part.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      const rect = part.getBoundingClientRect();
      if (rect.top < -1 || rect.left < -1 || rect.bottom > innerHeight + 1 || rect.right > innerWidth + 1)
        problems.push(
          `dialog part ${describe(part)} cannot be scrolled into view (top ${Math.round(rect.top)}, bottom ${Math.round(rect.bottom)})`,
        );
    }
  }

  // 4. No text cut off or spilling out of its cell or card. An element that truncates on purpose
  // carries the full value in a title (hover) and in its text for assistive technology.
  const boxes = new Set<Element>(document.body.querySelectorAll("td, th, [data-card]"));
  for (const element of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(element);
    if (style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis")
      boxes.add(element);
  }
  for (const box of boxes) {
    // A field scrolls its own value, and the caret reaches all of it.
    if (box.matches("input, textarea, select")) continue;
    if (!shown(box) || box.scrollWidth <= box.clientWidth + 1) continue;
    if (box.closest("[title], [data-scroll-x]") || box.querySelector("[data-scroll-x]")) continue;
    problems.push(`${describe(box).slice(0, 70)} cuts its text off: ${box.scrollWidth} px in ${box.clientWidth} px`);
  }

  // 5. A tooltip, shown, lies inside the viewport and inside every box that clips it.
  for (const bubble of scope.querySelectorAll<HTMLElement>("[data-tooltip]")) {
    if (getComputedStyle(bubble).display === "none") continue;
    const trigger = bubble.parentElement!;
    trigger.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    bubble.style.visibility = "visible";
    const rect = bubble.getBoundingClientRect();
    let clipped = rect.top < 0 || rect.left < 0 || rect.bottom > innerHeight || rect.right > innerWidth;
    for (let box = trigger.parentElement; box && box !== document.body && !clipped; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const edge = box.getBoundingClientRect();
      clipped = rect.top < edge.top || rect.left < edge.left || rect.bottom > edge.bottom || rect.right > edge.right;
    }
    bubble.style.visibility = "";
    if (clipped && shown(trigger)) problems.push(`the tooltip "${bubble.textContent}" is clipped`);
  }

  scrollToTops();
  sheet?.querySelector("nav")?.scrollTo({ top: 0 });
  return problems;
}

type Size = (typeof SIZES)[number];

/**
 * Measures the page as it is at each of `sizes`, saves a screenshot of each, and adds what was
 * wrong to `found`. A toast shown on the page stays while it is checked: its 5 s clock (a CSS
 * animation) is paused, so every size sees it. A size is measured once the transitions the resize
 * started have ended.
 */
async function check(page: Page, testInfo: TestInfo, found: string[], what: string, sizes: readonly Size[] = SIZES) {
  await page.evaluate(() => {
    for (const toast of document.querySelectorAll('[data-testid="toast"]'))
      for (const animation of toast.getAnimations()) animation.pause();
  });
  for (const size of sizes) {
    await page.setViewportSize(size);
    // Crossing 768 px slides the sidebar in or out (a CSS transition): measure once it has ended.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const problems = await page.evaluate(measure);
    if (SCREENSHOTS) {
      const file = `${what.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root"}-${size.width}x${size.height}-${testInfo.project.name}.png`;
      await page.screenshot({ path: `test-results/layout/${file}` });
    }
    for (const problem of problems) found.push(`${what} at ${size.width}x${size.height}: ${problem}`);
    checked += 1;
  }
}

let checked = 0;

/** Opens each kind of row dialog the screen links to (`?confirm=`, `?edit=`), once per kind. */
async function dialogLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, string>();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href*="confirm="], a[href*="edit="]')) {
      const url = new URL(link.href);
      const kind = url.searchParams.get("confirm") ?? "edit";
      if (!seen.has(kind)) seen.set(kind, `${url.pathname}${url.search}`);
    }
    return [...seen.values()];
  });
}

test("every screen holds at every size", async ({ page, demoUrl }, testInfo) => {
  // About 40 states, each loaded once, then measured and photographed at three sizes: 240 s
  // was the limit for one size, whose loads now serve all three.
  test.setTimeout(360_000);
  const found: string[] = [];
  checked = 0;

  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await check(page, testInfo, found, path);
  }
  await page.goto("/login");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Email is required").waitFor();
  await check(page, testInfo, found, "/login with errors");

  await startSession(page);

  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await check(page, testInfo, found, path);
    for (const dialog of await dialogLinks(page)) {
      await page.goto(dialog);
      await page.locator('[aria-modal="true"]').waitFor();
      await check(page, testInfo, found, dialog);
    }
  }

  await page.goto("/users/5?notify=1");
  const notify = page.getByRole("dialog", { name: "Send Push Notification" });
  await check(page, testInfo, found, "/users/5?notify=1");
  await notify.getByRole("button", { name: "Send Notification" }).click();
  await notify.getByRole("alert").first().waitFor();
  await check(page, testInfo, found, "/users/5?notify=1 with errors");

  await page.goto("/announcements?new");
  const form = page.getByRole("dialog", { name: "Create Announcement" });
  await check(page, testInfo, found, "/announcements?new");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await form.locator("[data-field-error]").first().waitFor();
  await check(page, testInfo, found, "/announcements?new with errors");

  await page.goto("/memberships/create");
  await page.getByRole("button", { name: "Create Membership Tier" }).click();
  await page.locator("[data-field-error]").first().waitFor();
  await check(page, testInfo, found, "/memberships/create with errors");

  await page.goto("/memberships");
  await page.getByRole("button", { name: "Sync" }).click();
  await page.getByTestId("toast").waitFor();
  await check(page, testInfo, found, "/memberships with a toast");

  // A toast over a list, then beside open dialogs: each upstream field error is a toast of its own.
  await page.goto("/users");
  const banLink = page.getByRole("link", { name: /^Ban User/ }).first();
  const bannedId = new URL((await banLink.getAttribute("href"))!, page.url()).searchParams.get("id");
  await banLink.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ban" }).click();
  await page.getByTestId("toast").waitFor();
  await check(page, testInfo, found, "/users after a ban");
  await page.goto(`/users?confirm=unban&id=${bannedId}`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Unban" }).click();
  await page.getByTestId("toast").waitFor();

  const fieldErrors = (...errors: [string, string][]) => ({
    status: 400,
    body: { message: "Validation failed", errors: errors.map(([field, message]) => ({ field, message })) },
  });
  await injectFault(demoUrl, {
    method: "POST",
    path: "/fcm/send-notification-to-user",
    ...fieldErrors(
      ["body.title", "Title is too long for a lock screen"],
      ["body.body", "Message contains a banned word"],
    ),
  });
  await page.goto("/users/5?notify=1");
  await notify.getByLabel("Title").fill("Maintenance tonight");
  await notify.getByLabel("Message").fill("The app is down from 22:00 to 23:00.");
  await notify.getByRole("button", { name: "Send Notification" }).click();
  await page.getByTestId("toast").nth(1).waitFor();
  await check(page, testInfo, found, "/users/5?notify=1 with error toasts");

  await injectFault(demoUrl, {
    method: "POST",
    path: "/announcements",
    ...fieldErrors(
      ["body.title", "Title already exists"],
      ["body.description", "Description mentions a banned word"],
      ["body.date", "Date must not be in the past"],
    ),
  });
  await page.goto("/announcements?new");
  await form.getByLabel("Title").fill("Maintenance tonight");
  await form.getByLabel("Description").fill("The app is down from 22:00 to 23:00.");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await page.getByTestId("toast").nth(2).waitFor();
  await check(page, testInfo, found, "/announcements?new with error toasts");

  // The user menu and the collapsed sidebar belong to the wider screens, the sheet to the phone.
  const wide = SIZES.filter((size) => size.width >= 768);
  const narrow = SIZES.filter((size) => size.width < 768);
  await page.goto("/");
  await page.setViewportSize(wide[0]!);
  await page.locator("summary", { hasText: "Administrator" }).click();
  await check(page, testInfo, found, "/ with the user menu open", wide);
  await page.context().addCookies([{ name: "sidebar_state", value: "false", url: page.url() }]);
  await page.goto("/users");
  await check(page, testInfo, found, "/users with the sidebar collapsed", wide);
  await page.context().addCookies([{ name: "sidebar_state", value: "true", url: page.url() }]);

  await page.goto("/users");
  await page.setViewportSize(narrow[0]!);
  await page.locator("header label", { hasText: "Open sidebar" }).click();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeInViewport({ ratio: 1 });
  await check(page, testInfo, found, "/users with the mobile sheet open", narrow);

  testInfo.annotations.push({ type: "layout states checked", description: String(checked) });
  expect(found, `${checked} states checked`).toEqual([]);
});

// The citizenship queue is worked one request after another: its decision costs no scroll. Each
// size loads the page afresh, scrolled to its top, as the next request arrives.
test("the citizenship queue's decision shows without scrolling, on a phone and on a laptop", async ({ page }) => {
  await startSession(page);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    const at = `at ${size.width}x${size.height}`;
    await page.setViewportSize(size);
    await page.goto("/badge-requests/review/119");
    await expect(page.getByRole("button", { name: "Approve & next" }), at).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Skip" }), at).toBeInViewport({ ratio: 1 });
    const reject = page.locator("summary", { hasText: "Reject…" });
    await expect(reject, at).toBeInViewport({ ratio: 1 });
    // Reject unfolds its reason under the buttons (a <details>: no script needed), its button in view.
    await reject.click();
    await expect(page.getByLabel("Reason"), at).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Reject & next" }), at).toBeInViewport({ ratio: 1 });
    // A refused reason comes back unfolded, its message and the button still in view.
    await page.getByLabel("Reason").selectOption("Other");
    await page.getByRole("button", { name: "Reject & next" }).click();
    await expect(page.getByText("Please describe the reason"), at).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: "Reject & next" }), at).toBeInViewport({ ratio: 1 });
  }
});
