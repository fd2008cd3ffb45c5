import { type ReactNode, useId } from "react";
import { Form, useLocation, useSearchParams, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";

import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { SolidIconName } from "~/components/ui/icon-names";
import { inputClass } from "~/components/ui/field";
import { useChoicesBeforeHydration } from "~/components/ui/use-choices-before-hydration";
import { useHydrated } from "~/components/ui/use-hydrated";
import { DIALOG_PARAMS } from "~/lib/dialog-url";
import { type PageInfo, PAGE_SIZES, pageHref, pageTargets } from "~/lib/pagination";
import { ReloadingRegion } from "~/components/ui/reloading-region";
import { SelectRow } from "~/components/ui/bulk-selection";

/** One column of a DataTable. */
export interface DataTableColumn<T> {
  /** Stable key of the column. */
  id: string;
  /** Header text; with `hideHeader` it is only read by assistive technology. */
  header: string;
  hideHeader?: boolean;
  /** What a row shows in this column. */
  cell: (row: T) => ReactNode;
  /** Extra classes for the header and body cells (width, alignment, responsive hiding). */
  className?: string;
}

/** Props of DataTable. */
export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Caption for assistive technology. */
  caption: string;
  /**
   * Server-side paging: the current page, page size and totals, read from and written to the
   * URL's `page` and `limit` params. Without it the table shows every row and no footer.
   */
  pageInfo?: PageInfo;
  /** Rows-per-page choices (default 10, 25, 50, 100). */
  pageSizes?: readonly number[];
  /** What shows instead of rows when there are none (default: the 'No data available' row). */
  empty?: ReactNode;
  /** What the footer says the total counts, when it is more than the rows a list shows (default: 'N items'). */
  totalText?: string;
  /** A first column of checkboxes for the list's BulkSelection, each "Select {the row's name}" (none without rows). */
  selectName?: (row: T) => string;
}

/**
 * The shared data table (docs/product.md#tables-search-and-paging): a real `<table>` with a header row, 'No data available'
 * when empty and, for paged lists, a footer with the total items, rows per page, 'Page X of Y'
 * and first/previous/next/last links. Everything is URL state, so it all works without
 * JavaScript: the page links are plain links and rows per page is a GET form (Apply button
 * without JavaScript, applied on change with it). Changing the page size returns to page 1.
 * In a box narrower than 48rem each row is a stacked card, name first (decision 021).
 */
export function DataTable<T>({
  columns: ownColumns,
  rows,
  rowKey,
  caption,
  pageInfo,
  pageSizes = PAGE_SIZES,
  empty,
  totalText,
  selectName,
}: DataTableProps<T>) {
  // A table without rows has nothing to select: no column of checkboxes, nor its header.
  const columns: DataTableColumn<T>[] =
    selectName && rows.length > 0
      ? [
          {
            id: "select",
            header: "Select",
            hideHeader: true,
            className: "w-10",
            cell: (row) => <SelectRow id={rowKey(row)} name={selectName(row)} />,
          },
          ...ownColumns,
        ]
      : ownColumns;
  // The identity columns: up to and including the first one with a visible header (the name,
  // after an avatar). A stacked card shows them first, on one line, without labels.
  const identity = columns.findIndex((column) => !column.hideHeader);
  return (
    <ReloadingRegion label={caption} className="table-card">
      {/* Where the table is wider than its box it scrolls here (data-scroll-x: the layout suite
          allows it); below 48rem of box width each row is a stacked card instead (decision 021). */}
      <div className="overflow-x-auto" data-scroll-x>
        {/* app.css: .data-table, its head and body; .table-card around it, .table-foot below. */}
        <table className="data-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={column.className}>
                  {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="@max-3xl:block">
                <td
                  colSpan={columns.length}
                  className={`@max-3xl:block ${empty ? "p-0" : "px-4 py-10 text-center text-slate-500"}`}
                >
                  {empty ?? "No data available"}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="data-row">
                  {columns.map((column, index) => (
                    // app.css styles the cells: with data-label a line of the stacked card, without it the card's heading.
                    <td
                      key={column.id}
                      data-label={index > identity ? column.header : undefined}
                      className={column.className}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pageInfo && !(pageInfo.total === 0 && pageInfo.page === 1 && empty) ? (
        <Pager pageInfo={pageInfo} pageSizes={pageSizes} totalText={totalText} />
      ) : null}
    </ReloadingRegion>
  );
}

const DROPPED_BY_LIMIT = new Set<string>(["page", "limit", ...DIALOG_PARAMS]);

function Pager({
  pageInfo,
  pageSizes,
  totalText,
}: {
  pageInfo: PageInfo;
  pageSizes: readonly number[];
  totalText?: string;
}) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const limitFormId = useChoicesBeforeHydration((form) => submit(form, { preventScrollReset: true }));
  const limitId = useId();
  const { page, limit, total } = pageInfo;
  const totalPages = Math.max(1, pageInfo.totalPages);
  const targets = pageTargets(page, totalPages);
  const kept = [...searchParams].filter(([name]) => !DROPPED_BY_LIMIT.has(name));
  const sizes = pageSizes.includes(limit) ? pageSizes : [...pageSizes, limit].sort((a, b) => a - b);
  const href = (target: number) => pageHref(location.pathname, location.search, target);

  return (
    <div className="table-foot">
      <p>{totalText ?? `${total} ${total === 1 ? "item" : "items"}`}</p>
      <div>
        <Form
          id={limitFormId}
          method="get"
          action={location.pathname}
          preventScrollReset
          className="flex items-center gap-2"
        >
          {kept.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={limitId} className="whitespace-nowrap">
            Rows per page
          </label>
          <select
            id={limitId}
            name="limit"
            defaultValue={String(limit)}
            key={limit}
            onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            className={inputClass}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button type="submit" className={buttonClass("secondary", "sm")}>
              Apply
            </button>
          )}
        </Form>
        <p className="whitespace-nowrap" aria-live="polite">
          {`Page ${page} of ${totalPages}`}
        </p>
        <nav aria-label="Pagination" className="flex items-center gap-1">
          <PageLink
            to={targets.first !== null ? href(targets.first) : null}
            label="First page"
            icon="solid-chevron-double-left"
          />
          <PageLink
            to={targets.previous !== null ? href(targets.previous) : null}
            label="Previous page"
            icon="solid-chevron-left"
          />
          <PageLink
            to={targets.next !== null ? href(targets.next) : null}
            label="Next page"
            icon="solid-chevron-right"
          />
          <PageLink
            to={targets.last !== null ? href(targets.last) : null}
            label="Last page"
            icon="solid-chevron-double-right"
          />
        </nav>
      </div>
    </div>
  );
}

function PageLink({ to, label, icon }: { to: string | null; label: string; icon: SolidIconName }) {
  if (!to) {
    return (
      <span aria-disabled="true" aria-label={label} role="link" className="page-link-off">
        <Icon name={icon} className="size-4" />
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} title={label} className="page-link">
      <Icon name={icon} className="size-4" />
    </Link>
  );
}
