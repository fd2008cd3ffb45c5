import { createContext, type ReactNode, use, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";

import type { BulkSelectionView } from "~/components/ui/bulk-selection.server";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/** The lists' bulk selection form; the row checkboxes, outside it (rows hold forms of their own), join it by `form`. */
const FORM_ID = "bulk-selection";

/** The rows shown ticked and whether they are locked, from the list's BulkSelection around them. */
const Shown = createContext<Pick<BulkSelectionView, "ticked" | "holds">>({ ticked: [], holds: false });

/**
 * A row's checkbox, "Select {name}": it sends the row's id with the bulk selection
 * (docs/product.md#bulk-selection). Ticked as the list's URL shows it; while "Select all N
 * matching" holds, ticked and locked: the whole query is selected, whatever this row says.
 */
export function SelectRow({ id, name }: { id: string; name: string }) {
  const { ticked, holds } = use(Shown);
  const checked = ticked.includes(id);
  return (
    <input
      // A new box when the shown state changes, so one a person clicked shows it too.
      key={String(checked)}
      type="checkbox"
      form={FORM_ID}
      name="id"
      value={id}
      defaultChecked={checked}
      disabled={holds}
      aria-label={`Select ${name}`}
      className="row-check"
    />
  );
}

/** A "Select all" toggle button: filled while pressed. */
const selectAllClass = buttonClass("secondary", "sm", "btn-toggle");

/**
 * The bulk selection of a list (docs/product.md#bulk-selection) around its rows (`children`),
 * rendered from the loader's view model (bulk-selection.server.ts, decision 065): a GET form to
 * `{list}/bulk` with the "Bulk action" select and "Review" (the ticked rows, or the list's query),
 * and the "Select all" toggles, which send the form there too and come back to the list showing
 * what they select ("Select all on this page" ticks the rows at once with JavaScript). What the
 * page shows ticked is what Review sends. Review says it works while the review page resolves the
 * selection. No form for an empty page.
 */
export function BulkSelection({ view, children }: { view: BulkSelectionView; children?: ReactNode }) {
  const { location } = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The count, Shift+click and ticking the page's rows: code loaded once the page runs JavaScript.
    let stop: (() => void) | undefined;
    let gone = false;
    void import("./bulk-selection-behaviour").then(({ followSelection }) => {
      if (!gone && form.current) stop = followSelection(form.current, view.matching);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [view]);
  // The review page resolves the selection before it shows (every matching item): it works meanwhile.
  const busy = location?.pathname === view.target;
  const reviewing = busy && !location.search.includes("select=");

  return (
    <Shown value={view}>
      {view.hidden[0] ? (
        <Form
          ref={form}
          id={FORM_ID}
          action={view.target}
          aria-label="Bulk actions"
          aria-busy={busy || undefined}
          className="bulk-form"
        >
          {view.hidden.map(([name, value], index) => (
            <input key={index} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="bulk-action" className="font-medium">
            Bulk action
          </label>
          <span className="w-36">
            <select id="bulk-action" name="action" defaultValue={view.action} className={inputClass}>
              {view.actions.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </span>
          <button className={buttonClass("secondary")}>{reviewing ? "Reviewing..." : "Review"}</button>
          {view.page ? (
            <button name="select" {...view.page} className={selectAllClass}>
              Select all on this page
            </button>
          ) : null}
          {view.all ? <button name="select" {...view.all} className={selectAllClass} /> : null}
          {view.cap ? <p id="bulk-cap">{view.cap}</p> : null}
          {view.note ? <p className="basis-full">{view.note}</p> : null}
          {/* '{n} selected', filled in with JavaScript (bulk-selection-behaviour.ts); hidden without it. */}
          <p role="status" hidden />
        </Form>
      ) : null}
      {children}
    </Shown>
  );
}
