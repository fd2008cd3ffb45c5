import { useEffect, useRef } from "react";
import { Form, useLocation, useSearchParams } from "react-router";

import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { DIALOG_PARAMS } from "~/lib/dialog-url";

/** The lists' bulk selection form; the row checkboxes, outside it (rows hold forms of their own), join it by `form`. */
const FORM_ID = "bulk-selection";

/** One choice of the "Bulk action" select: the action's value in the URL and its label. */
export interface BulkAction {
  value: string;
  label: string;
}

/** The list's URL params the form does not carry: its own fields, and those that open a dialog. */
const NOT_CARRIED = new Set<string>(["action", "scope", "pageId", ...DIALOG_PARAMS]);

const checkboxClass = "size-5 accent-brand-600";

/** A row's checkbox, "Select {name}": it sends the row's id with the bulk selection (docs/product.md#bulk-selection). */
export function SelectRow({ id, name }: { id: string; name: string }) {
  return (
    <input
      type="checkbox"
      form={FORM_ID}
      name="id"
      value={id}
      aria-label={`Select ${name}`}
      className={checkboxClass}
    />
  );
}

/**
 * The bulk selection bar of a list (docs/product.md#bulk-selection): a GET form to `{list}/bulk`
 * with the "Bulk action" select, "Review", "Select all on this page" (the page's ids as hidden
 * `pageId` fields, so it works without JavaScript) and, with a filter or search set, "Select all
 * {N} matching", with the cap stated when N is above it. The list's own URL params go with it.
 * Nothing renders for an empty page.
 */
export function BulkSelection({
  actions,
  pageIds,
  matching,
  max,
}: {
  actions: readonly BulkAction[];
  /** The ids of the rows on this page, in their order. */
  pageIds: readonly string[];
  /** How many items the list's query matches when a filter or search is set; null without one. */
  matching: number | null;
  /** BULK_MAX: the most items one bulk action takes. */
  max: number;
}) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  const rowIds = pageIds.join();
  useEffect(() => {
    // The count, Shift+click and ticking the page's rows: code loaded once the page runs JavaScript.
    let stop: (() => void) | undefined;
    let gone = false;
    void import("./bulk-selection-behaviour").then(({ followSelection }) => {
      if (!gone && form.current && count.current) stop = followSelection(form.current, matching ?? 0, count.current);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [matching, rowIds]);
  if (pageIds.length === 0) return null;
  const capped = matching !== null && matching > max;

  return (
    <Form
      ref={form}
      id={FORM_ID}
      action={`${pathname}/bulk`}
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700"
    >
      {[...params].map(([name, value], index) =>
        NOT_CARRIED.has(name) ? null : <input key={index} type="hidden" name={name} value={value} />,
      )}
      {pageIds.map((id) => (
        <input key={id} type="hidden" name="pageId" value={id} />
      ))}
      <label htmlFor="bulk-action" className="font-medium">
        Bulk action
      </label>
      <span className="w-36">
        <select id="bulk-action" name="action" className={inputClass}>
          {actions.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </span>
      <button className={buttonClass("secondary")}>Review</button>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="scope" value="page" className={checkboxClass} />
        Select all on this page
      </label>
      {matching === null ? null : (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="scope"
            value="matching"
            aria-describedby={capped ? "bulk-cap" : undefined}
            className={checkboxClass}
          />
          {`Select all ${matching} matching`}
        </label>
      )}
      {capped ? <p id="bulk-cap">{`At most ${max} at a time: the first ${max} are taken`}</p> : null}
      {/* '{n} selected', filled in with JavaScript (bulk-selection-behaviour.ts); hidden without it. */}
      <p ref={count} role="status" hidden />
    </Form>
  );
}
