/**
 * The bulk selection's view model (docs/product.md#bulk-selection), worked out by each list's loader
 * from its URL: the actions, the list params the form carries, what the URL shows selected and what
 * the form says about it. The component (bulk-selection.tsx) only renders it, so none of this is
 * code a list's first load pays for (decisions 028 and 065).
 */
import { DIALOG_PARAMS } from "~/lib/dialog-url";

/** The list URL's params the form does not carry: its own fields, and those that open a dialog. */
const NOT_CARRIED = new Set<string>([
  "action",
  "scope",
  "of",
  "pageId",
  "select",
  "reviewPage",
  "index",
  ...DIALOG_PARAMS,
]);

/**
 * The query "Select all N matching" holds, as URL params: the list's search and filters, empty ones
 * left out, in a fixed order. The list's URL keeps it in `of` beside `scope=matching`, so another
 * search or filter ends the selection instead of moving it to the new query's items.
 */
export function matchingQuery(params: URLSearchParams): string {
  const entries = [...params]
    .filter(([name, value]) => !NOT_CARRIED.has(name) && name !== "page" && name !== "limit" && value.trim() !== "")
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
  return new URLSearchParams(entries).toString();
}

/** A "Select all" toggle button's attributes (`name=select`), as the component spreads them. */
interface SelectAllButton {
  value: "page" | "none" | "matching" | "clear";
  "aria-pressed": boolean;
  "aria-describedby"?: string;
  children?: string;
}

/** What the list's selection form shows and sends, and which rows it shows ticked. */
export interface BulkSelectionView {
  /** The "Bulk action" choices, labelled as their row actions, and the one chosen (the URL's, else the first). */
  actions: { value: string; label: string }[];
  action: string | undefined;
  /**
   * The form's hidden fields: the list's own URL params (for the way back), the page's ids
   * (`pageId`, for "Select all on this page" without JavaScript) and, while "Select all N matching"
   * holds, `scope=matching`. None for an empty page: no form.
   */
  hidden: [string, string][];
  /** The rows shown ticked: after "Select all on this page" the URL's ids, while all matching hold every row. */
  ticked: string[];
  /** Whether "Select all N matching" holds: the rows are locked. */
  holds: boolean;
  /** Where the form goes: the list's review page, `{list}/bulk`. */
  target: string;
  /** "Select all on this page": what it sends and whether it is pressed (every row ticked); null while all matching hold. */
  page: SelectAllButton | null;
  /** "Select all N matching", offered with a filter or search: what it sends, whether it holds, its label. */
  all: SelectAllButton | null;
  /** N, for the count ('{n} selected') while all matching hold. */
  matching: number;
  /** Beside "Select all N matching" when N is above BULK_MAX. */
  cap: string | null;
  /** What is selected while all matching hold, or that ticks are per page on a list of several pages. */
  note: string | null;
}

/**
 * The selection form of a list at `request`'s URL, rendered by BulkSelection: `actions` (value and
 * label, as the row actions say them), the ids of the page's rows, `matching` (the list's total for
 * its filter or search, null without one), `max` (BULK_MAX) and whether the list has more than this
 * page. `id` also names a dialog's item (`?confirm=ban&id=7`): with one open, no row is shown ticked by it.
 */
export function bulkSelectionView(
  request: Request,
  options: {
    actions: readonly (readonly [value: string, label: string])[];
    rows: readonly string[];
    matching: number | null;
    max: number;
    paged: boolean;
  },
): BulkSelectionView {
  const url = new URL(request.url);
  const params = url.searchParams;
  const { rows, matching, max } = options;
  const capped = matching !== null && matching > max;
  const actions = options.actions.map(([value, label]) => ({ value, label }));
  const chosen = params.get("action");
  const holds =
    matching !== null && params.getAll("scope").includes("matching") && params.get("of") === matchingQuery(params);
  const shown = new Set(params.has("confirm") ? [] : params.getAll("id"));
  const ticked = holds ? [...rows] : rows.filter((id) => shown.has(id));
  const full = rows.length > 0 && ticked.length === rows.length;
  return {
    actions,
    action: actions.some(({ value }) => value === chosen) ? chosen! : actions[0]?.value,
    // No form for an empty page, nor for a role that may use none of the list's bulk actions.
    hidden:
      rows.length === 0 || actions.length === 0
        ? []
        : [
            ...[...params].filter(([name]) => !NOT_CARRIED.has(name)),
            ...rows.map((id): [string, string] => ["pageId", id]),
            ...(holds ? [["scope", "matching"] as [string, string]] : []),
          ],
    ticked,
    holds,
    target: `${url.pathname}/bulk`,
    page: holds ? null : { value: full ? "none" : "page", "aria-pressed": full },
    all:
      matching === null
        ? null
        : {
            value: holds ? "clear" : "matching",
            "aria-pressed": holds,
            ...(capped ? { "aria-describedby": "bulk-cap" } : {}),
            children: `Select all ${matching} matching`,
          },
    matching: matching ?? 0,
    cap: capped
      ? `At most ${max} at a time: the first ${max} the action applies to are taken; run it again for the rest`
      : null,
    note: holds
      ? `All ${matching} matching are selected, on every page: clear it to tick rows one by one.`
      : options.paged
        ? `Ticks are per page: changing page clears them. ${
            matching === null
              ? "To act on more than one page, search or filter the list, then use 'Select all matching'."
              : `To act on every page, use 'Select all ${matching} matching'.`
          }`
        : null,
  };
}

/** The selection form of a list that shows no rows (its page could not be read): nothing to tick. */
export function bulkSelectionWithoutRows(
  request: Request,
  actions: readonly (readonly [value: string, label: string])[],
  max: number,
): BulkSelectionView {
  return bulkSelectionView(request, { actions, rows: [], matching: null, max, paged: false });
}
