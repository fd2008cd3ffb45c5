import { SavedMessagePicker, type SavedMessagePickerView } from "~/components/moderation/saved-message-picker";
import { WarnFields } from "~/components/moderation/warn-fields";
import { Dialog } from "~/components/ui/dialog";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { MutationForm } from "~/recipe/mutation-form";

// Its own module: user details loads it when Warn opens (lazyDialog, decision 026).

/**
 * Warn (docs/product.md#warnings-and-strikes): `?warn=1` on user details. A reason from the
 * moderation list and the message pushed to the member, which a saved message may start
 * (docs/product.md#saved-messages: the picker reloads the page with `?saved=<id>`, the dialog open);
 * the warning is a strike.
 */
export function WarnDialog({
  closeTo,
  failure,
  picker,
  here,
}: {
  closeTo: string;
  failure: { errors?: Partial<Record<string, { message: string }>>; values?: Record<string, unknown> } | null;
  picker: SavedMessagePickerView | null;
  /** The page's path: the picker loads it again with the dialog open. */
  here: string;
}) {
  const typed = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  return (
    <Dialog
      title="Warn the member"
      description="The warning counts as a strike towards the ban ladder."
      closeTo={closeTo}
    >
      {picker ? <SavedMessagePicker picker={picker} to={here} keep={[["warn", "1"]]} /> : null}
      <MutationForm preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="warn" />
        <WarnFields id="warn" typed={typed} errors={errors} chosen={picker?.chosen} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton pendingLabel="Warning...">Warn</SubmitButton>
        </div>
      </MutationForm>
    </Dialog>
  );
}
