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
  // One message for either blank field (docs/product.md#send-push-notification), shown once above the fields.
  const problemId = useId();
  const problem = form.error("title") ?? form.error("message") ?? actionData?.formError;

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
          aria-invalid={form.error("title") ? true : undefined}
          aria-describedby={form.error("title") ? problemId : undefined}
        />
        <TextAreaField
          label="Message"
          name="message"
          rows={4}
          defaultValue={String(typed.message ?? "")}
          aria-invalid={form.error("message") ? true : undefined}
          aria-describedby={form.error("message") ? problemId : undefined}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton pendingLabel="Sending...">Send Notification</SubmitButton>
        </div>
      </MutationForm>
    </Dialog>
  );
}
