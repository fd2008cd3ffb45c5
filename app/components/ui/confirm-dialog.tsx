import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonClass } from "~/components/ui/button";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { ModalFrame } from "~/components/ui/modal-frame";
import { MutationForm } from "~/recipe/mutation-form";

export interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** What the action is about (a post's title, a plan's name), named under the question. */
  item?: string;
  /** Hidden fields posted with the confirmation, `intent` among them. */
  fields: Record<string, string>;
  /** Where Cancel goes: the same screen without the dialog params. */
  cancelTo: string;
  /** The action the form posts to (default: the current route). */
  action?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  /** Set when the action no longer applies (e.g. "User X is already verified"): shown instead of the button. */
  stale?: string | null;
}

/**
 * The reusable confirmation dialog (docs/product.md#confirmation-dialogs). It is URL state: the screen renders it when its
 * `?confirm=...` params are present, so the server sends it open and it works without
 * JavaScript. With JavaScript, Escape cancels, focus stays inside (useModal); while it submits,
 * nothing closes it (ModalFrame, CancelLink) until its outcome shows. When the action no longer
 * applies, it says so and offers no button, so an old URL (Back) can never send it again.
 */
export function ConfirmDialog({
  title,
  description,
  item,
  fields,
  cancelTo,
  action,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "danger",
  stale,
}: ConfirmDialogProps) {
  if (stale) {
    return (
      <ModalFrame role="dialog" title={title} description={stale} closeTo={cancelTo} size="md" autoFocus>
        <div className="mt-6 flex justify-end">
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary", "md")}>
            Close
          </Link>
        </div>
      </ModalFrame>
    );
  }

  return (
    <ModalFrame
      role="alertdialog"
      title={title}
      description={
        item ? (
          <>
            {description}
            <span className="mt-2 block font-medium break-words text-slate-900">“{item}”</span>
          </>
        ) : (
          description
        )
      }
      closeTo={cancelTo}
      size="md"
      autoFocus
    >
      <MutationForm
        action={action}
        preventScrollReset
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <CancelLink to={cancelTo}>{cancelLabel}</CancelLink>
        <SubmitButton variant={tone} pendingLabel={`${confirmLabel}...`}>
          {confirmLabel}
        </SubmitButton>
      </MutationForm>
    </ModalFrame>
  );
}
