// @vitest-environment happy-dom
// The lists' bulk selection (docs/product.md#bulk-selection): its controls, what the form sends and
// what the list's URL shows selected, and, once JavaScript runs, the count, Shift+click ranges,
// "Select all on this page" and the pending Review.
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";

import { BulkSelection, SelectRow } from "~/components/ui/bulk-selection";
import { bulkSelectionView } from "~/components/ui/bulk-selection.server";
import { renderRoute } from "../support/route-stub";

const ACTIONS = [
  ["ban", "Ban"],
  ["unban", "Un-Ban"],
] as const;
const ROWS = [
  { id: "11", name: "Ann Lee" },
  { id: "12", name: "Bo Diaz" },
  { id: "13", name: "cy@example.org" },
  { id: "14", name: "Di Moss" },
];

/** The users screen with a bulk selection over ROWS (or `rows`), at `url`. */
function renderList({
  url = "/users",
  matching = null,
  max = 500,
  rows = ROWS,
  paged = false,
}: { url?: string; matching?: number | null; max?: number; rows?: typeof ROWS; paged?: boolean } = {}) {
  renderRoute({
    path: "/users",
    url,
    Component: () => <List matching={matching} max={max} rows={rows} paged={paged} />,
  });
}

/** The list's selection around its rows, with the view model its loader would give for the URL. */
function List({
  matching = null,
  max = 500,
  rows = ROWS,
  paged = false,
}: {
  matching?: number | null;
  max?: number;
  rows?: typeof ROWS;
  paged?: boolean;
}) {
  const { pathname, search } = useLocation();
  const view = bulkSelectionView(new Request(`http://panel${pathname}${search}`), {
    actions: ACTIONS,
    rows: rows.map((row) => row.id),
    matching,
    max,
    paged,
  });
  return (
    <BulkSelection view={view}>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <SelectRow id={row.id} name={row.name} />
          </li>
        ))}
      </ul>
    </BulkSelection>
  );
}

const form = () => screen.getByRole("form", { name: "Bulk actions" }) as HTMLFormElement;
const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const ticks = () => ROWS.map((row) => box(`Select ${row.name}`).checked);
/** What the form would send, as name=value pairs in order, the row checkboxes (outside it) included. */
const sent = () =>
  [...form().querySelectorAll("input, select"), ...document.querySelectorAll("input[form=bulk-selection]")]
    .filter((field) => !(field instanceof HTMLInputElement && field.type === "checkbox" && !field.checked))
    .map((field) => `${field.getAttribute("name")}=${(field as HTMLInputElement).value}`);

describe("the bulk selection form", () => {
  it("is a GET form to {list}/bulk with a labelled action select, Review and a checkbox per row", () => {
    renderList();
    expect(form().getAttribute("method")).toBe("get");
    expect(form().getAttribute("action")).toBe("/users/bulk");
    const select = screen.getByRole("combobox", { name: "Bulk action" }) as HTMLSelectElement;
    expect(select.name).toBe("action");
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["ban", "Ban"],
      ["unban", "Un-Ban"],
    ]);
    expect(screen.getByRole("button", { name: "Review" }).getAttribute("type")).not.toBe("button");
    for (const row of ROWS) {
      const checkbox = box(`Select ${row.name}`);
      expect([checkbox.name, checkbox.value, checkbox.getAttribute("form")]).toEqual(["id", row.id, "bulk-selection"]);
    }
    const page = button("Select all on this page");
    expect([page.name, page.value, page.getAttribute("aria-pressed")]).toEqual(["select", "page", "false"]);
  });

  it("carries the page's ids and the list's params, without the dialog's", () => {
    renderList({ url: "/users?search=ann&status=banned&page=2&limit=25&confirm=ban&id=11&notify=1" });
    expect(sent()).toEqual([
      "search=ann",
      "status=banned",
      "page=2",
      "limit=25",
      "pageId=11",
      "pageId=12",
      "pageId=13",
      "pageId=14",
      "action=ban",
    ]);
  });

  it("offers 'Select all N matching' only with a filter or search", () => {
    renderList();
    expect(screen.queryByRole("checkbox", { name: /matching/ })).toBeNull();
  });

  it("states the cap only when the matching items are more than BULK_MAX", () => {
    renderList({ url: "/users?search=a", matching: 500, max: 500 });
    const matching = button("Select all 500 matching");
    expect([matching.name, matching.value]).toEqual(["select", "matching"]);
    expect(matching.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText(/at a time/)).toBeNull();
  });

  it("says 'At most {BULK_MAX} at a time' beside 'Select all N matching' above it", () => {
    renderList({ url: "/users?search=a", matching: 501, max: 500 });
    const matching = button("Select all 501 matching");
    const description = document.getElementById(matching.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe(
      "At most 500 at a time: the first 500 the action applies to are taken; run it again for the rest",
    );
  });

  it("shows the rows the URL names ticked, and the action it chose", () => {
    renderList({ url: "/users?action=unban&id=11&id=13" });
    expect(ticks()).toEqual([true, false, true, false]);
    expect((screen.getByRole("combobox", { name: "Bulk action" }) as HTMLSelectElement).value).toBe("unban");
    expect(button("Select all on this page").getAttribute("aria-pressed")).toBe("false");
  });

  it("shows no row ticked by a dialog's id", () => {
    renderList({ url: "/users?confirm=ban&id=11" });
    expect(ticks()).toEqual([false, false, false, false]);
  });

  it("shows 'Select all on this page' pressed when the URL ticks every row, pressing it again clears them", () => {
    renderList({ url: "/users?id=11&id=12&id=13&id=14" });
    const page = button("Select all on this page");
    expect([page.getAttribute("aria-pressed"), page.value]).toEqual(["true", "none"]);
  });

  it("shows every row ticked and locked while all matching are selected, and sends the query", () => {
    renderList({ url: "/users?search=a&page=2&scope=matching&of=search%3Da", matching: 42 });
    for (const row of ROWS) {
      expect(box(`Select ${row.name}`).checked).toBe(true);
      expect(box(`Select ${row.name}`).disabled).toBe(true);
    }
    const matching = button("Select all 42 matching");
    expect([matching.getAttribute("aria-pressed"), matching.value]).toEqual(["true", "clear"]);
    expect(screen.queryByRole("button", { name: "Select all on this page" })).toBeNull();
    expect(sent()).toContain("scope=matching");
    expect(
      screen.getByText("All 42 matching are selected, on every page: clear it to tick rows one by one."),
    ).toBeTruthy();
  });

  it("holds no matching selection on a list that offers none (a URL kept after the search was cleared)", () => {
    renderList({ url: "/users?scope=matching&of=" });
    expect(ticks()).toEqual([false, false, false, false]);
    expect(sent()).not.toContain("scope=matching");
  });

  it("ends the matching selection when the search or a filter changes", () => {
    renderList({ url: "/users?search=ab&scope=matching&of=search%3Da", matching: 42 });
    expect(ticks()).toEqual([false, false, false, false]);
    expect(button("Select all 42 matching").getAttribute("aria-pressed")).toBe("false");
    expect(sent()).not.toContain("scope=matching");
  });

  it("says the ticks are per page on a list of several pages", () => {
    renderList({ paged: true });
    expect(
      screen.getByText(
        "Ticks are per page: changing page clears them. To act on more than one page, search or filter the list, then use 'Select all matching'.",
      ),
    ).toBeTruthy();
  });

  it("renders nothing for an empty page", () => {
    renderList({ rows: [], url: "/users?search=zz", matching: 0 });
    expect(screen.queryByRole("form", { name: "Bulk actions" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Bulk action" })).toBeNull();
  });
});

describe("with JavaScript", () => {
  const count = () => screen.getByRole("status").textContent;
  /** The behaviour's code loads after the page renders; the count shows once it runs. */
  const loaded = () => screen.findByRole("status");

  it("counts what is selected", async () => {
    renderList();
    await loaded();
    expect(count()).toBe("0 selected");
    fireEvent.click(box("Select Bo Diaz"));
    expect(count()).toBe("1 selected");
    fireEvent.click(box("Select Di Moss"));
    expect(count()).toBe("2 selected");
    fireEvent.click(box("Select Bo Diaz"));
    expect(count()).toBe("1 selected");
  });

  it("selects a range with Shift+click, and clears one the same way", async () => {
    renderList();
    await loaded();
    fireEvent.click(box("Select Ann Lee"));
    fireEvent.click(box("Select cy@example.org"), { shiftKey: true });
    expect(ROWS.map((row) => box(`Select ${row.name}`).checked)).toEqual([true, true, true, false]);
    expect(count()).toBe("3 selected");
    fireEvent.click(box("Select Bo Diaz"), { shiftKey: true });
    expect(ROWS.map((row) => box(`Select ${row.name}`).checked)).toEqual([true, false, false, false]);
    expect(count()).toBe("1 selected");
  });

  it("ticks every row at once with 'Select all on this page', unpressed when a row is cleared", async () => {
    renderList();
    await loaded();
    const page = button("Select all on this page");
    fireEvent.click(page);
    expect(ticks()).toEqual([true, true, true, true]);
    expect(count()).toBe("4 selected");
    expect([page.getAttribute("aria-pressed"), page.value]).toEqual(["true", "none"]);
    fireEvent.click(box("Select Ann Lee"));
    expect(page.getAttribute("aria-pressed")).toBe("false");
    expect(count()).toBe("3 selected");
    fireEvent.click(box("Select Ann Lee"));
    expect(page.getAttribute("aria-pressed")).toBe("true");
    // Pressed again: every row cleared.
    fireEvent.click(page);
    expect(ticks()).toEqual([false, false, false, false]);
    expect(count()).toBe("0 selected");
  });

  it("counts every matching item while 'Select all N matching' holds", async () => {
    renderList({ url: "/users?search=a&scope=matching&of=search%3Da", matching: 42 });
    await loaded();
    expect(count()).toBe("42 selected");
  });
});

describe("while the review page loads", () => {
  it("shows Review working (the form busy, its label saying so) until the review page shows", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const Stub = createRoutesStub([
      {
        path: "/users",
        Component: () => <List matching={42} />,
      },
      {
        path: "/users/bulk",
        // The review page resolves the selection (every matching item) before it answers: held here.
        loader: async () => {
          await held;
          return null;
        },
        Component: () => <h1>Review</h1>,
      },
    ]);
    render(<Stub initialEntries={["/users?search=a"]} />);
    fireEvent.click(box("Select Ann Lee"));
    fireEvent.click(screen.getByRole("button", { name: "Review" }));

    await screen.findByRole("button", { name: "Reviewing..." });
    expect(form().getAttribute("aria-busy")).toBe("true");
    answer();
    await screen.findByRole("heading", { name: "Review" });
  });
});
