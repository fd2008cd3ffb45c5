import { type ReactNode, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

import { buttonClass } from "~/components/ui/button";
import { useModal } from "~/components/ui/use-modal";

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
  const titleId = useId();
  const descriptionId = useId();
  const navigation = useNavigation();
  const panel = useRef<HTMLDivElement>(null);
  const loading =
    navigation.state !== "idle" &&
    navigation.formData !== undefined &&
    Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);

  useModal(panel, cancelTo);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        // Without JavaScript too, the page opens with focus in the dialog.
        autoFocus
        className="w-full max-w-md rounded-xl bg-surface p-6 shadow-xl outline-none"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2 text-sm text-slate-600">
          {description}
        </div>
        <Form method="post" action={action} preventScrollReset className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
      </div>
    </div>
  );
}
