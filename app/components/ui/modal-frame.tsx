import { type ReactNode, useId, useRef } from "react";
import { Link } from "~/components/ui/link";

import { ToastRoom, usePageToasts } from "~/components/feedback/toaster";
import { Icon } from "~/components/ui/icon";
import { useModal } from "~/components/ui/use-modal";
import { FormKey, useIsPending, useOnceKey } from "~/recipe/mutation-form";

/**
 * The overlay and panel every URL-state dialog shares: a `<dialog>` (modal once JavaScript runs,
 * see useModal) holding the panel with its role, its name and description. `closeTo` is the same
 * screen without the dialog. The dialog holds the one-time key of the one form inside it
 * (FormKey), so while that form's submission is pending (sent, or its outcome loading) nothing
 * closes it (Escape, the ✕ link) and its outcome shows.
 */
export function ModalFrame({
  role,
  title,
  description,
  closeTo,
  size,
  closeButton = false,
  autoFocus = false,
  children,
}: {
  role: "dialog" | "alertdialog";
  title: ReactNode;
  description?: ReactNode;
  closeTo: string;
  size: "md" | "lg";
  /** A ✕ link in the corner. */
  closeButton?: boolean;
  /** Focus the panel on page load, also without JavaScript (not when a field inside autofocuses). */
  autoFocus?: boolean;
  children: ReactNode;
}) {
  const key = useOnceKey();
  const locked = useIsPending(key);
  const titleId = useId();
  const descriptionId = useId();
  const frame = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useModal(frame, panel, closeTo, locked);
  const toasts = usePageToasts();

  return (
    // The dialog is the overlay: it scrolls, and the wrapper grows with the panel (min-h-full, not
    // a centring box of the viewport's height), so a dialog taller than the screen scrolls as a
    // whole from its top. The toasts lie over the room at its top; the panel sits below it, at the
    // bottom on a phone. The panel, not the overlay, is what assistive technology calls the dialog.
    <dialog
      ref={frame}
      open
      role="none"
      className="fixed inset-0 z-50 m-0 size-full max-h-none max-w-none overflow-y-auto overscroll-contain bg-black/50 p-0 text-inherit backdrop:bg-transparent"
    >
      <div className="flex min-h-full flex-col items-center p-4">
        <ToastRoom toasts={toasts} />
        <div
          ref={panel}
          role={role}
          aria-modal="true"
          aria-busy={locked || undefined}
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          autoFocus={autoFocus}
          className={`relative mt-auto w-full sm:mb-auto ${size === "md" ? "max-w-md" : "max-w-lg"} rounded-xl bg-surface p-6 shadow-xl outline-none`}
        >
          {closeButton ? (
            <Link
              to={closeTo}
              replace
              preventScrollReset
              aria-disabled={locked || undefined}
              tabIndex={locked ? -1 : undefined}
              onClick={(event) => {
                if (locked) event.preventDefault();
              }}
              className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <Icon name="solid-x-mark" className="size-5" />
              <span className="sr-only">Close</span>
            </Link>
          ) : null}
          <h2 id={titleId} className={`text-lg font-semibold text-slate-900 ${closeButton ? "pr-8" : ""}`}>
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 text-sm text-slate-600">
              {description}
            </div>
          ) : null}
          <FormKey value={key}>{children}</FormKey>
        </div>
      </div>
    </dialog>
  );
}
