import type { ReactNode } from "react";
import { useLocation, useSearchParams } from "react-router";

import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { closeDialogHref } from "~/lib/dialog-url";

/** One row action's confirmation, described as data (docs/how-a-screen-works.md). */
export interface DialogEntry<T> {
  title: (row: T) => ReactNode;
  description: ReactNode | ((row: T) => ReactNode);
  confirmLabel: string;
  tone?: "danger" | "primary";
  /** What the action is about, named under the question (when the title does not say it). */
  item?: (row: T) => string;
  /** Why the action no longer applies to the row, or null: the same check its action makes. */
  stale?: (row: T) => string | null;
}

/**
 * The confirmation the URL asks for (`?confirm=<intent>&id=<id>`), for a row on this page, from
 * the screen's table of dialogs: the one component every row action's dialog goes through.
 */
export function IntentDialog<T extends { id: string }>({
  dialogs,
  rows,
}: {
  dialogs: Readonly<Partial<Record<string, DialogEntry<T>>>>;
  rows: readonly T[];
}) {
  const location = useLocation();
  const [params] = useSearchParams();
  const intent = params.get("confirm") ?? "";
  const entry = Object.hasOwn(dialogs, intent) ? dialogs[intent] : undefined;
  const row = rows.find((candidate) => candidate.id === params.get("id"));
  if (!entry || !row) return null;
  return (
    <ConfirmDialog
      title={entry.title(row)}
      description={typeof entry.description === "function" ? entry.description(row) : entry.description}
      confirmLabel={entry.confirmLabel}
      tone={entry.tone}
      item={entry.item?.(row)}
      fields={{ intent, id: row.id }}
      cancelTo={closeDialogHref(location.pathname, location.search)}
      stale={entry.stale?.(row)}
    />
  );
}
