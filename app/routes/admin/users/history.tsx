import { Link } from "~/components/ui/link";

import type { UserHistory } from "./history.server";
import { Badge } from "~/components/ui/badge";

/** The section's texts (docs/product.md#user-details). */
export const HISTORY_TEXTS = {
  empty: "No recorded actions yet",
  unavailable: "The history cannot be shown right now. Please try again later.",
  seeAll: "See all",
} as const;

/**
 * The History of user details (docs/product.md#user-details): the newest audit entries about the
 * member as a timeline, each with its time, admin, action, target's name at the time, reason,
 * result and batch link; server HTML only (no client code of its own).
 */
export function HistorySection({ userId, history }: { userId: string; history: UserHistory }) {
  return (
    <section aria-labelledby="history-heading" className="space-y-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          History
        </h2>
        {history.more ? (
          <Link
            to={`/audit?kind=member&target=${encodeURIComponent(userId)}`}
            className="text-sm font-medium text-brand-700 hover:text-brand-800"
            aria-label="See all of this user's history"
          >
            {HISTORY_TEXTS.seeAll}
          </Link>
        ) : null}
      </div>
      {!history.ok ? (
        <p role="status" className="rounded-xl bg-surface p-6 text-sm text-red-700 shadow-sm ring-1 ring-slate-200">
          {HISTORY_TEXTS.unavailable}
        </p>
      ) : history.entries.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          {HISTORY_TEXTS.empty}
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-xl bg-surface shadow-sm ring-1 ring-slate-200">
          {history.entries.map((entry) => (
            <li key={entry.seq} className="flex flex-col gap-1 p-4 text-sm sm:flex-row sm:gap-4">
              <time dateTime={entry.at} className="shrink-0 text-slate-500 sm:w-48">
                {entry.when}
              </time>
              <div className="min-w-0 flex-1 space-y-1">
                {entry.line ? (
                  <p className="break-words text-slate-900">{entry.line}</p>
                ) : (
                  <>
                    <p className="break-words text-slate-900">
                      <span className="font-medium">{entry.admin}</span> {entry.what}
                    </p>
                    {entry.reason ? <p className="break-words text-slate-600">Reason: {entry.reason}</p> : null}
                  </>
                )}
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone={entry.tone}>{entry.result}</Badge>
                  {entry.batch ? (
                    <Link
                      to={`/audit?batch=${encodeURIComponent(entry.batch)}`}
                      className="font-medium text-brand-700 hover:text-brand-800"
                    >
                      {`Batch ${entry.batch.slice(0, 8)}`}
                    </Link>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
