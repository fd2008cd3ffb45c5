import { useId } from "react";
import type { Route } from "./+types/details";
import { FormAlert } from "~/components/ui/form-alert";
import { Dialog } from "~/components/ui/dialog";
import { TextAreaField, TextField } from "~/components/ui/field";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { pushNotificationSchema } from "~/forms/schema-loaders.client";
import { useFormCheck } from "~/forms/use-form-check";
import { MutationForm } from "~/recipe/mutation-form";

// Its own module: the user details screen loads it when the dialog opens (lazyDialog, decision 026).

/**
 * The 'Send Push Notification' dialog (docs/product.md#send-push-notification): open while the URL
 * has `?notify`. A form, not a confirmation: its Send Notification button is the admin's yes.
 */
export function NotifyDialog({
  closeTo,
  actionData,
}: {
  closeTo: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const typed = actionData?.values ?? {};
  const form = useFormCheck(pushNotificationSchema, actionData?.errors);
  // One message for either blank field (docs/product.md#send-push-notification), shown once above
  // the fields and describing each field it is about. A field refused for a reason of its own (an
  // upstream field error) says that reason under itself, so no field reads another's message.
  const problemId = useId();
  const titleError = form.error("title");
  const messageError = form.error("message");
  const failing = [titleError, messageError].filter((error) => error !== undefined);
  const shared = failing.length > 0 && failing.every((error) => error === failing[0]) ? failing[0] : undefined;
  const problem = shared ?? actionData?.formError;
  /** What ties a field to its message: the shared one above, or its own under it (FieldShell). */
  const described = (error: string | undefined) =>
    error === undefined ? {} : error === shared ? { "aria-invalid": true, "aria-describedby": problemId } : { error };

  return (
    <Dialog title="Send Push Notification" closeTo={closeTo}>
      <MutationForm {...form.props} className="space-y-4">
        {problem ? <FormAlert id={problemId}>{problem}</FormAlert> : null}
        <input type="hidden" name="intent" value="notify" />
        <TextField
          label="Title"
          name="title"
          defaultValue={String(typed.title ?? "")}
          autoFocus
          autoComplete="off"
          {...described(titleError)}
        />
        <TextAreaField
          label="Message"
          name="message"
          rows={4}
          defaultValue={String(typed.message ?? "")}
          {...described(messageError)}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton pendingLabel="Sending...">Send Notification</SubmitButton>
        </div>
      </MutationForm>
    </Dialog>
  );
}
