// What each list's server HTML offers for a bulk action (docs/product.md#bulk-selection), read as a
// browser without JavaScript reads it: the GET form to `{list}/bulk`, its labelled controls, a
// checkbox per row, the page's ids and the list's own params as hidden fields.
import { describe, expect, it } from "vitest";

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
function rowBoxes(page: HtmlPage): { label: string; id: string }[] {
  return page.getAllByRole("checkbox", { name: /^Select (?!all )/ }).map((box) => {
    expect(box.getAttribute("form")).toBe("bulk-selection");
    expect(box.getAttribute("name")).toBe("id");
    expect(valueOf(box)).toBe(false);
    return { label: box.getAttribute("aria-label")!, id: box.getAttribute("value")! };
  });
}

/** "Select all N matching", when the page offers it. */
const matchingBox = (page: HtmlPage) => page.queryByRole("checkbox", { name: /^Select all \d+ matching$/ });

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
    const all = page.getByRole("checkbox", { name: "Select all on this page" });
    expect([all.getAttribute("name"), all.getAttribute("value"), all.closest("form")]).toEqual(["scope", "page", form]);
    // Without a filter or search there is nothing to match: no "Select all N matching".
    expect(matchingBox(page)).toBeNull();
    // The count needs JavaScript: the server's HTML has none.
    expect(page.queryByText(/\d+ selected$/)).toBeNull();
  });

  it("with a filter: carries the list's params (not a dialog's), offers 'Select all N matching' with the cap", async () => {
    const page = await open(`${filtered}&confirm=delete&id=999&notify=1&edit=1&new`);
    const { form, hidden } = bulkForm(page);
    const rows = rowBoxes(page);
    expect(hidden).toEqual([...carried, ...rows.map((row) => `pageId=${row.id}`)]);
    const matching = matchingBox(page)!;
    expect([matching.getAttribute("name"), matching.getAttribute("value"), matching.closest("form")]).toEqual([
      "scope",
      "matching",
      form,
    ]);
    const total = Number(
      /\d+/.exec(matching.getAttribute("aria-label") ?? matching.closest("label")!.textContent!)![0],
    );
    expect(total).toBeGreaterThanOrEqual(rows.length);
    // BULK_MAX is 3 in this file: above it, the page says so, as the checkbox's description.
    expect(total).toBeGreaterThan(3);
    const described = matching.getAttribute("aria-describedby");
    expect(page.document.getElementById(described ?? "")?.textContent).toBe(
      "At most 3 at a time: the first 3 are taken",
    );
  });

  it("has no selection controls when nothing matches, nor in the error state", async () => {
    const empty = await open(`${list}?search=zzz-nothing-matches`);
    expect(empty.queryByRole("form", { name: "Bulk actions" })).toBeNull();
    expect(empty.queryByRole("checkbox", { name: /^Select / })).toBeNull();
    const path = list === "/badge-requests" ? "/users/pending-badges" : list;
    await injectFault(stack.demo.url, { method: "GET", path, status: 500 });
    const failed = await open(list, 502);
    expect(failed.getByText("Some error occurred while fetching data")).toBeTruthy();
    expect(failed.queryByRole("form", { name: "Bulk actions" })).toBeNull();
  });
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
