import { useState } from "react";

import { Icon } from "~/components/ui/icon";

/** A flash message as the root loader hands it to the page. */
export interface FlashToast {
  id: string;
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

/** How long a toast stays on screen (docs/product.md#constants-and-limits); app.css `.toast-timed` holds the same figure. */
export const TOAST_DURATION_MS = 5000;

const tone = {
  success: { icon: "solid-check-circle", className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  error: { icon: "solid-exclamation-triangle", className: "border-red-200 bg-red-50 text-red-900" },
  warning: { icon: "solid-exclamation-triangle", className: "border-amber-200 bg-amber-50 text-amber-900" },
  info: { icon: "solid-information-circle", className: "border-sky-200 bg-sky-50 text-sky-900" },
} as const;

/**
 * Shows the page's toasts at the bottom right, one above the other (one per upstream field
 * error), clear of the page header's actions and the mobile menu button.
 */
export function Toaster({ toasts = [], toast }: { toasts?: readonly FlashToast[]; toast?: FlashToast }) {
  if (toast) toasts = [toast, ...toasts];
  if (toasts.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-end gap-2 p-4">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/**
 * One toast. Its life is a CSS animation (app.css, `.toast-timed`): it fades out after
 * TOAST_DURATION_MS with or without JavaScript, and pauses while hovered or focused. The close
 * control is a real checkbox inside its label, so Tab reaches it and Space closes the toast
 * without JavaScript; with JavaScript the ended or dismissed toast also leaves the page.
 * Every toast is a polite status message, so it never interrupts what a screen reader says.
 */
function ToastCard({ toast }: { toast: FlashToast }) {
  const [dismissed, setDismissed] = useState<string | undefined>();

  if (dismissed === toast.id) return null;
  const { icon, className } = tone[toast.type];

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="toast"
      data-type={toast.type}
      onAnimationEnd={(event) => {
        if (event.animationName === "toast-expire") setDismissed(toast.id);
      }}
      className={`toast-timed pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg has-checked:hidden ${className}`}
    >
      <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm break-words">
        <p className="font-medium" data-testid="toast-message">
          {toast.message}
        </p>
        {toast.description ? <p className="mt-1 opacity-80">{toast.description}</p> : null}
      </div>
      <label title="Dismiss" className="relative -m-1 inline-flex size-6 shrink-0 items-center justify-center">
        <Icon name="solid-x-mark" className="size-4 opacity-70" />
        <input
          type="checkbox"
          aria-label="Dismiss"
          onChange={() => setDismissed(toast.id)}
          className="absolute inset-0 cursor-pointer appearance-none rounded hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
        />
      </label>
    </div>
  );
}
