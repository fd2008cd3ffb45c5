import { ReasonFields } from "~/components/moderation/reason-fields";
import { SavedMessagePicker, type SavedMessagePickerView } from "~/components/moderation/saved-message-picker";
import { Dialog } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/field";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { MODERATION_REASONS, OTHER_REASON } from "~/forms/moderation-reasons";
import { BAN_MESSAGE_MAX } from "~/lib/ban-ladder";
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
        <ReasonFields
          id="warn-reason"
          reasons={[...MODERATION_REASONS.ban, OTHER_REASON]}
          typed={typed}
          errors={errors}
        />
        <TextAreaField
          // A new field when another saved message is chosen, so it shows that text.
          key={picker?.chosen?.id ?? ""}
          id="warn-text"
          label="Message to the member"
          name="text"
          rows={4}
          maxLength={BAN_MESSAGE_MAX}
          hint="Sent as a push notification"
          defaultValue={typeof typed.text === "string" ? typed.text : (picker?.chosen?.text ?? "")}
          error={errors.text?.message}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton pendingLabel="Warning...">Warn</SubmitButton>
        </div>
      </MutationForm>
    </Dialog>
  );
}
