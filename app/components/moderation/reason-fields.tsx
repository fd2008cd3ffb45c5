import { FieldShell, fieldDescription, inputClass, TextField } from "~/components/ui/field";

/**
 * The reason of a ban, a rejection or a deletion (app/forms/moderation-reasons.ts): a "Reason"
 * select of the kind's list plus "Other", and "Details", free text required with "Other". Shared by
 * the bulk review page and the citizenship queue; `typed` and `errors` come back from a failed post.
 */
export function ReasonFields({
  id,
  reasons,
  typed,
  errors,
}: {
  /** The select's id (the queue's `r` key focuses it). */
  id: string;
  reasons: readonly string[];
  typed: Record<string, unknown>;
  errors: Partial<Record<string, { message: string }>>;
}) {
  const reasonError = errors.reason?.message;
  return (
    <>
      <FieldShell id={id} label="Reason" error={reasonError}>
        <select
          id={id}
          name="reason"
          defaultValue={String(typed.reason ?? "")}
          className={inputClass}
          {...fieldDescription(id, reasonError)}
        >
          <option value="">Choose a reason</option>
          {reasons.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
      </FieldShell>
      <TextField
        label="Details"
        name="reasonText"
        hint="Required with Other"
        defaultValue={String(typed.reasonText ?? "")}
        error={errors.reasonText?.message}
        autoComplete="off"
      />
    </>
  );
}
