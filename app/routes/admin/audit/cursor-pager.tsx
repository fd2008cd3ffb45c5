import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import { hrefWith } from "~/lib/pagination";

const linkClass = "rounded-md px-3 py-1.5 font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-slate-50";

/**
 * The paging of /audit: links to newer and older entries by cursor (`after`/`before` an entry's
 * number), other params kept, so a page stays the same page while new entries arrive.
 */
export function CursorPager({ older, newer, limit }: { older: number | null; newer: number | null; limit: number }) {
  const location = useLocation();
  if (older === null && newer === null) return null;
  const href = (changes: Record<string, number | null>) => hrefWith(location.pathname, location.search, changes);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 text-sm">
      {newer !== null ? (
        <Link to={href({ after: newer, before: null })} className={linkClass}>
          Newer entries
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{`${limit} per page`}</span>
      {older !== null ? (
        <Link to={href({ before: older, after: null })} className={linkClass}>
          Older entries
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
