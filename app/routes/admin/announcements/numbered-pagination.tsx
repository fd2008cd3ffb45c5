import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import { pageWindow, showingText } from "~/lib/page-window";
import { pageHref } from "~/lib/pagination";
import { Icon } from "~/components/ui/icon";

const base = "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium";
const idle = `${base} bg-surface text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`;
const current = `${base} bg-brand-600 text-white ring-1 ring-inset ring-brand-600`;
const disabled = `${base} cursor-not-allowed bg-surface text-slate-300 ring-1 ring-inset ring-slate-200`;

/**
 * Numbered pagination (docs/product.md#announcements): Previous, at most 5 page links in a sliding window around
 * the current page, Next, and 'Showing X to Y of Z announcements'. Every control is a link
 * that keeps the list's other params, so it works without JavaScript. Shown only when there
 * is more than one page.
 */
export function NumberedPagination({
  page,
  limit,
  total,
  totalPages,
}: {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (target: number) => pageHref(location.pathname, location.search, target);
  const previous = page > 1 ? Math.min(page - 1, totalPages) : null;
  const next = page < totalPages ? page + 1 : null;

  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        {showingText(page, limit, total)}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {previous ? (
            <Link to={href(previous)} preventScrollReset className={idle} rel="prev">
              <Icon name="solid-chevron-left" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              <Icon name="solid-chevron-left" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((number) => (
          <li key={number}>
            <Link
              to={href(number)}
              preventScrollReset
              aria-label={`Page ${number}`}
              aria-current={number === page ? "page" : undefined}
              className={number === page ? current : idle}
            >
              {number}
            </Link>
          </li>
        ))}
        <li>
          {next ? (
            <Link to={href(next)} preventScrollReset className={idle} rel="next">
              Next
              <Icon name="solid-chevron-right" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Next
              <Icon name="solid-chevron-right" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
