import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";

import { buttonClass } from "~/components/ui/button";
import { ModalFrame } from "~/components/ui/modal-frame";

export interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** Hidden fields posted with the confirmation, `intent` among them. */
  fields: Record<string, string>;
  /** Where Cancel goes: the same screen without the dialog params. */
  cancelTo: string;
  /** The action the form posts to (default: the current route). */
  action?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
}

/**
 * The reusable confirmation dialog (spec 2.2). It is URL state: the screen renders it when its
 * `?confirm=...` params are present, so the server sends it open and it works without
 * JavaScript. With JavaScript, Escape cancels, focus stays inside (useModal) and both buttons
 * are disabled while it submits.
 */
export function ConfirmDialog({
  title,
  description,
  fields,
  cancelTo,
  action,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "danger",
}: ConfirmDialogProps) {
  const navigation = useNavigation();
  const loading =
    navigation.state !== "idle" &&
    navigation.formData !== undefined &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);

  return (
    <ModalFrame role="alertdialog" title={title} description={description} closeTo={cancelTo} size="md" autoFocus>
      <Form
        method="post"
        action={action}
        preventScrollReset
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link
          to={cancelTo}
          preventScrollReset
          aria-disabled={loading || undefined}
          className={buttonClass("secondary", "md", loading ? "pointer-events-none opacity-60" : "")}
        >
          {cancelLabel}
        </Link>
        <button type="submit" disabled={loading} className={buttonClass(tone === "danger" ? "danger" : "primary")}>
          {loading ? `${confirmLabel}...` : confirmLabel}
        </button>
      </Form>
    </ModalFrame>
  );
}
