// @vitest-environment happy-dom
// The lists' bulk selection (docs/product.md#bulk-selection): its controls and what the form sends,
// and, once JavaScript runs, the count, Shift+click ranges and "Select all on this page".
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { type BulkAction, BulkSelection, SelectRow } from "~/components/ui/bulk-selection";
import { renderRoute } from "../support/route-stub";

const ACTIONS: BulkAction[] = [
  { value: "ban", label: "Ban" },
  { value: "unban", label: "Un-Ban" },
];
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
}: { url?: string; matching?: number | null; max?: number; rows?: typeof ROWS } = {}) {
  renderRoute({
    path: "/users",
    url,
    Component: () => (
      <>
        <BulkSelection actions={ACTIONS} pageIds={rows.map((row) => row.id)} matching={matching} max={max} />
        <ul>
          {rows.map((row) => (
            <li key={row.id}>
              <SelectRow id={row.id} name={row.name} />
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

const form = () => screen.getByRole("form", { name: "Bulk actions" }) as HTMLFormElement;
const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
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
    const page = box("Select all on this page");
    expect([page.name, page.value]).toEqual(["scope", "page"]);
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
    const matching = box("Select all 500 matching");
    expect([matching.name, matching.value]).toEqual(["scope", "matching"]);
    expect(matching.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText(/at a time/)).toBeNull();
  });

  it("says 'At most {BULK_MAX} at a time' beside 'Select all N matching' above it", () => {
    renderList({ url: "/users?search=a", matching: 501, max: 500 });
    const matching = box("Select all 501 matching");
    const description = document.getElementById(matching.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("At most 500 at a time: the first 500 are taken");
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

  it("ticks every row with 'Select all on this page', and unticks it when a row is cleared", async () => {
    renderList();
    await loaded();
    fireEvent.click(box("Select all on this page"));
    expect(ROWS.every((row) => box(`Select ${row.name}`).checked)).toBe(true);
    expect(count()).toBe("4 selected");
    fireEvent.click(box("Select Ann Lee"));
    expect(box("Select all on this page").checked).toBe(false);
    expect(count()).toBe("3 selected");
    fireEvent.click(box("Select Ann Lee"));
    expect(box("Select all on this page").checked).toBe(true);
  });

  it("counts every matching item while 'Select all N matching' is ticked", async () => {
    renderList({ url: "/users?search=a", matching: 42 });
    await loaded();
    fireEvent.click(box("Select Ann Lee"));
    fireEvent.click(box("Select all 42 matching"));
    expect(count()).toBe("42 selected");
    fireEvent.click(box("Select all 42 matching"));
    expect(count()).toBe("1 selected");
  });
});
