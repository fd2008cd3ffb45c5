import { type BadgeRequestRow, DECISIONS } from "./badge-request-table";
import { type DialogEntry, IntentDialog } from "~/components/ui/intent-dialog";

// Its own module: the dashboard and the citizenship requests load it when a confirmation opens
// (decision 026).

/** Each decision's confirmation, as data (IntentDialog). */
const BADGE_DIALOGS: Record<string, DialogEntry<BadgeRequestRow>> = Object.fromEntries(
  DECISIONS.map(({ intent, label, tone }) => [
    intent,
    {
      title: () => `${label} Citizenship Request`,
      description: (row: BadgeRequestRow) =>
        `Are you sure you want to ${intent} the citizenship request of ${row.name || row.email}?`,
      confirmLabel: label,
      tone,
    },
  ]),
);

/** The approve and reject confirmations of a citizenship request (`?confirm=<intent>&id=<id>`). */
export function BadgeDialogs({ rows }: { rows: readonly BadgeRequestRow[] }) {
  return <IntentDialog dialogs={BADGE_DIALOGS} rows={rows} />;
}
