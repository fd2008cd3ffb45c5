// What each list's server HTML offers for a bulk action (docs/product.md#bulk-selection), read as a
// browser without JavaScript reads it: the GET form to `{list}/bulk`, its labelled controls, a
// checkbox per row, the page's ids and the list's own params as hidden fields.
import { describe, expect, it } from "vitest";

import { selectionSubmit } from "../support/bulk";
import { injectFault } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { type HtmlPage, htmlPage, valueOf } from "../support/html";
import { useStack } from "../support/use-stack";

// A small cap, so the cap's text shows with the demo's few items.
const stack = useStack({ BULK_MAX: "3" });

async function open(path: string, status = 200): Promise<HtmlPage> {
  const panel = await PanelClient.signedIn(stack.panel.url);
  const response = await panel.get(path);
  expect(response.status).toBe(status);
  return htmlPage(response);
}

/** Follows a GET the selection form sends to the page the panel shows for it (redirects followed). */
async function follow(path: string): Promise<{ url: string; page: HtmlPage }> {
  const panel = await PanelClient.signedIn(stack.panel.url);
  let url = path;
  let response = await panel.get(url);
  for (let hops = 0; response.status === 302 && hops < 3; hops++) {
    url = response.headers.get("location")!;
    response = await panel.get(url);
  }
  expect(response.status).toBe(200);
  return { url, page: await htmlPage(response) };
}

/** The bulk selection form of a page, with the name=value pairs of its hidden fields. */
function bulkForm(page: HtmlPage) {
  const form = page.getByRole("form", { name: "Bulk actions" }) as HTMLFormElement;
  const hidden = [...form.querySelectorAll("input[type=hidden]")].map(
    (input) => `${input.getAttribute("name")}=${input.getAttribute("value")}`,
  );
  return { form, hidden };
}

/** The labels of the "Bulk action" select's options, and their values. */
function actionChoices(page: HtmlPage): string[] {
  const select = page.getByRole("combobox", { name: "Bulk action" });
  expect(select.getAttribute("name")).toBe("action");
  expect(select.getAttribute("form")).toBeNull();
  return [...select.querySelectorAll("option")].map(
    (option) => `${option.getAttribute("value")}:${option.textContent}`,
  );
}

/** The row checkboxes: each joins the form by its `form` attribute, posts `id`, and is named "Select {name}". */
function rowBoxes(page: HtmlPage, ticked = false): { label: string; id: string }[] {
  return page.getAllByRole("checkbox", { name: /^Select (?!all )/ }).map((box) => {
    expect(box.getAttribute("form")).toBe("bulk-selection");
    expect(box.getAttribute("name")).toBe("id");
    expect(valueOf(box)).toBe(ticked);
    return { label: box.getAttribute("aria-label")!, id: box.getAttribute("value")! };
  });
}

/** "Select all N matching", when the page offers it: a button of the form, pressed while it holds. */
const matchingButton = (page: HtmlPage) => page.queryByRole("button", { name: /^Select all \d+ matching$/ });

const LISTS = [
  {
    list: "/users",
    actions: ["ban:Ban", "unban:Un-Ban", "verify:Verify"],
    filtered: "/users?status=verified&limit=25&page=1",
    carried: ["status=verified", "limit=25", "page=1"],
  },
  {
    list: "/badge-requests",
    actions: ["approve:Approve", "reject:Reject"],
    filtered: "/badge-requests?search=e&limit=25",
    carried: ["search=e", "limit=25"],
  },
  {
    list: "/posts",
    actions: ["delete:Delete"],
    filtered: "/posts?search=e",
    carried: ["search=e"],
  },
  {
    list: "/announcements",
    actions: ["activate:Activate", "deactivate:Deactivate", "pin:Pin", "unpin:Unpin", "delete:Delete"],
    filtered: "/announcements?search=e&page=1",
    carried: ["search=e", "page=1"],
  },
] as const;

describe.each(LISTS)("$list", ({ list, actions, filtered, carried }) => {
  it("has the bulk form: action select, Review, a named checkbox per row, the page's ids", async () => {
    const page = await open(list);
    const { form, hidden } = bulkForm(page);
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe(`${list}/bulk`);
    expect(form.id).toBe("bulk-selection");
    expect(actionChoices(page)).toEqual(actions);
    expect(page.getByRole("button", { name: "Review" }).closest("form")).toBe(form);
    const rows = rowBoxes(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(hidden).toEqual(rows.map((row) => `pageId=${row.id}`));
    const all = page.getByRole("button", { name: "Select all on this page" });
    expect([all.getAttribute("name"), all.getAttribute("value"), all.getAttribute("aria-pressed")]).toEqual([
      "select",
      "page",
      "false",
    ]);
    expect(all.closest("form")).toBe(form);
    // Without a filter or search there is nothing to match: no "Select all N matching".
    expect(matchingButton(page)).toBeNull();
    // The count needs JavaScript: the server's HTML has none.
    expect(page.queryByText(/\d+ selected$/)).toBeNull();
  });

  it("with a filter: carries the list's params (not a dialog's), offers 'Select all N matching' with the cap", async () => {
    const page = await open(`${filtered}&confirm=delete&id=999&notify=1&edit=1&new`);
    const { form, hidden } = bulkForm(page);
    const rows = rowBoxes(page);
    expect(hidden).toEqual([...carried, ...rows.map((row) => `pageId=${row.id}`)]);
    const matching = matchingButton(page)!;
    expect([
      matching.getAttribute("name"),
      matching.getAttribute("value"),
      matching.getAttribute("aria-pressed"),
    ]).toEqual(["select", "matching", "false"]);
    expect(matching.closest("form")).toBe(form);
    const total = Number(/\d+/.exec(matching.textContent!)![0]);
    expect(total).toBeGreaterThanOrEqual(rows.length);
    // BULK_MAX is 3 in this file: above it, the page says so, as the checkbox's description.
    expect(total).toBeGreaterThan(3);
    const described = matching.getAttribute("aria-describedby");
    expect(page.document.getElementById(described ?? "")?.textContent).toBe(
      "At most 3 at a time: the first 3 the action applies to are taken; run it again for the rest",
    );
  });

  it("'Select all on this page' shows every row ticked; a row unticked after it is left out", async () => {
    const list_ = await open(filtered);
    const { url, page } = await follow(
      selectionSubmit(list_.document, { submitter: list_.getByRole("button", { name: "Select all on this page" }) }),
    );
    // The list again, as it was, with every row of the page ticked and the choice kept.
    expect(url.startsWith(`${list}?`)).toBe(true);
    const rows = rowBoxes(page, true);
    expect(rows.map((row) => row.id)).toEqual(rowBoxes(list_).map((row) => row.id));
    const all = page.getByRole("button", { name: "Select all on this page" });
    expect([all.getAttribute("aria-pressed"), all.getAttribute("value")]).toEqual(["true", "none"]);
    expect(valueOf(page.getByRole("combobox", { name: "Bulk action" }))).toBe(actions[0].split(":")[0]);

    // The person unticks the first row, then presses Review: the rest of the page, not that row.
    const [first, ...others] = rows;
    const review = new URL(
      selectionSubmit(page.document, { untick: [first!.label.replace(/^Select /, "")] }),
      "http://panel",
    );
    expect(review.pathname).toBe(`${list}/bulk`);
    expect(review.searchParams.getAll("id")).toEqual(others.map((row) => row.id));
    expect(review.searchParams.getAll("scope")).toEqual([]);
  });

  it("'Select all N matching' shows every row ticked and holds them, on every page, until pressed again", async () => {
    const list_ = await open(filtered);
    const { url, page } = await follow(selectionSubmit(list_.document, { submitter: matchingButton(list_)! }));
    expect(url.startsWith(`${list}?`)).toBe(true);
    const boxes = page.getAllByRole("checkbox", { name: /^Select (?!all )/ });
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(valueOf(box)).toBe(true);
      expect(box.hasAttribute("disabled")).toBe(true);
    }
    const matching = matchingButton(page)!;
    expect([matching.getAttribute("aria-pressed"), matching.getAttribute("value")]).toEqual(["true", "clear"]);
    const total = /\d+/.exec(matching.textContent!)![0];
    expect(
      page.getByText(`All ${total} matching are selected, on every page: clear it to tick rows one by one.`),
    ).toBeTruthy();
    // Review sends the list's query: every matching item, whatever page this is.
    const review = new URL(selectionSubmit(page.document), "http://panel");
    expect(review.searchParams.getAll("scope")).toEqual(["matching"]);
    expect(review.searchParams.getAll("id")).toEqual([]);
    // Another page of the list holds it too.
    const next = new URL(url, "http://panel");
    next.searchParams.set("page", "2");
    for (const box of (await open(`${next.pathname}${next.search}`)).queryAllByRole("checkbox", {
      name: /^Select (?!all )/,
    })) {
      expect([valueOf(box), box.hasAttribute("disabled")]).toEqual([true, true]);
    }
    // Pressed again: the list with nothing selected.
    const cleared = await follow(selectionSubmit(page.document, { submitter: matchingButton(page)! }));
    rowBoxes(cleared.page, false);
    expect(matchingButton(cleared.page)!.getAttribute("aria-pressed")).toBe("false");
  });

  it("has no selection controls when nothing matches, nor in the error state", async () => {
    const empty = await open(`${list}?search=zzz-nothing-matches`);
    expect(empty.queryByRole("form", { name: "Bulk actions" })).toBeNull();
    expect(empty.queryByRole("checkbox", { name: /^Select / })).toBeNull();
    // A table without rows has no column of checkboxes either.
    expect(empty.queryByRole("columnheader", { name: "Select" })).toBeNull();
    const path = list === "/badge-requests" ? "/users/pending-badges" : list;
    await injectFault(stack.demo.url, { method: "GET", path, status: 500 });
    const failed = await open(list, 502);
    expect(failed.getByText("Some error occurred while fetching data")).toBeTruthy();
    expect(failed.queryByRole("form", { name: "Bulk actions" })).toBeNull();
  });
});

it("says plainly, by the controls, that ticks are per page on a list of several pages", async () => {
  const users = await open("/users");
  const form = users.getByRole("form", { name: "Bulk actions" });
  expect(form.textContent).toContain(
    "Ticks are per page: changing page clears them. To act on more than one page, search or filter the list, then use 'Select all matching'.",
  );
  const filtered = await open("/users?status=verified");
  const total = /\d+/.exec(matchingButton(filtered)!.textContent!)![0];
  expect(filtered.getByRole("form", { name: "Bulk actions" }).textContent).toContain(
    `Ticks are per page: changing page clears them. To act on every page, use 'Select all ${total} matching'.`,
  );
  // The posts list is one page: nothing to say.
  expect((await open("/posts")).getByRole("form", { name: "Bulk actions" }).textContent).not.toContain("per page");
});

it("names a user's row by their full name, else their email", async () => {
  const rows = rowBoxes(await open("/users?limit=100"));
  const labels = rows.map((row) => row.label);
  expect(labels.some((label) => /^Select [^@]+$/.test(label))).toBe(true);
  expect(labels.every((label) => label !== "Select " && label !== "Select Not provided")).toBe(true);
});

it("gives the dashboard's requests table no checkboxes and no bulk form", async () => {
  const page = await open("/");
  expect(page.getByRole("table", { name: "Pending citizenship requests" })).toBeTruthy();
  expect(page.queryByRole("form", { name: "Bulk actions" })).toBeNull();
  expect(page.queryByRole("checkbox", { name: /^Select / })).toBeNull();
});
