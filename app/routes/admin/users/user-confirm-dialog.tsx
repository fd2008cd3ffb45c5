import { USER_CONFIRMATIONS, type UserState } from "./user-actions";
import type { BanOffer } from "~/lib/ban-ladder";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { SavedMessagePickerView } from "~/components/moderation/saved-message-picker";

// Its own module: user details loads it when Ban or Un-Ban opens (lazyDialog, decision 026), so
// the page's first load carries neither the dialog nor the users' confirmations.

/** User details' Ban and Un-Ban confirmations (docs/product.md#bans-with-an-end): the users list's own. */
export function UserConfirmDialog({
  user,
  offer,
  failure,
  picker,
}: {
  user: UserState & { strikes: number };
  /** The ban's offer, read only while Ban is open (decision 087). */
  offer: BanOffer | null;
  failure: { errors?: Partial<Record<string, { message: string }>>; values?: Record<string, unknown> } | null;
  /** The saved ban messages (docs/product.md#saved-messages), read while Ban is open. */
  picker: SavedMessagePickerView | null;
}) {
  return (
    <ConfirmDialog
      confirmations={USER_CONFIRMATIONS}
      rows={[user]}
      terms={offer ? { offer, failure, picker } : undefined}
    />
  );
}
