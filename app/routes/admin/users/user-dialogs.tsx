import type { Route } from "./+types/list";
import { USER_DIALOGS } from "./user-actions";
import { IntentDialog } from "~/components/ui/intent-dialog";

// Its own module: the users list loads it when a confirmation opens (decision 026).

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

/** The users list's row confirmations (`?confirm=<intent>&id=<id>`). */
export function UserDialogs({ rows }: { rows: readonly UserRow[] }) {
  return <IntentDialog dialogs={USER_DIALOGS} rows={rows} />;
}
