import type { NoteSummary } from "~/state/staff-notes.server";

/**
 * A member's staff notes in short (docs/product.md#staff-notes), where a decision is made: the
 * count and the newest note, its author and time. Nothing when the member has none.
 */
export function NoteSummaryLine({ summary }: { summary: NoteSummary | null | undefined }) {
  if (!summary?.latest) return null;
  const { count, latest } = summary;
  return (
    <p className="text-sm break-words text-slate-700">
      <span className="font-medium text-slate-900">{count === 1 ? "1 staff note" : `${count} staff notes`}</span>
      {", latest by "}
      {latest.author}
      {", "}
      <time dateTime={latest.at}>{latest.when}</time>
      {`: “${latest.text}”`}
    </p>
  );
}
