import { ReasonFields } from "~/components/moderation/reason-fields";
import { TextAreaField } from "~/components/ui/field";
import { MODERATION_REASONS, OTHER_REASON } from "~/forms/moderation-reasons";
import { BAN_MESSAGE_MAX } from "~/lib/ban-ladder";

const WARN_REASONS = [...MODERATION_REASONS.ban, OTHER_REASON];

/**
 * A warning's fields (docs/product.md#warnings-and-strikes): a **Reason** from the moderation
 * reasons and the **Message to the member**, which a chosen saved message starts. Warn on user
 * details and a post's "Delete and warn the author" post the same fields (readWarning).
 */
export function WarnFields({
  id,
  typed,
  errors,
  chosen,
}: {
  /** The fields' ids start with it. */
  id: string;
  typed: Record<string, unknown>;
  errors: Partial<Record<string, { message: string }>>;
  /** The saved message the picker chose (SavedMessagePicker), if any. */
  chosen: { id: string; text: string } | null | undefined;
}) {
  return (
    <>
      <ReasonFields id={`${id}-reason`} reasons={WARN_REASONS} typed={typed} errors={errors} />
      <TextAreaField
        // A new field when another saved message is chosen, so it shows that text.
        key={chosen?.id ?? ""}
        id={`${id}-text`}
        label="Message to the member"
        name="text"
        rows={4}
        maxLength={BAN_MESSAGE_MAX}
        hint="Sent as a push notification"
        defaultValue={typeof typed.text === "string" ? typed.text : (chosen?.text ?? "")}
        error={errors.text?.message}
      />
    </>
  );
}
