import { CheckCircleIcon, ExclamationTriangleIcon, InformationCircleIcon, XMarkIcon } from "@heroicons/react/20/solid";
import { useEffect, useState } from "react";

/** A flash message as the root loader hands it to the page. */
export interface FlashToast {
  id: string;
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

/** How long a toast stays on screen when JavaScript runs (docs/product.md#constants-and-limits). */
export const TOAST_DURATION_MS = 5000;

const tone = {
  success: { icon: CheckCircleIcon, className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  error: { icon: ExclamationTriangleIcon, className: "border-red-200 bg-red-50 text-red-900" },
  warning: { icon: ExclamationTriangleIcon, className: "border-amber-200 bg-amber-50 text-amber-900" },
  info: { icon: InformationCircleIcon, className: "border-sky-200 bg-sky-50 text-sky-900" },
} as const;

/** Shows the page's toasts at the top right, one under the other (one per upstream field error). */
export function Toaster({ toasts = [], toast }: { toasts?: readonly FlashToast[]; toast?: FlashToast }) {
  if (toast) toasts = [toast, ...toasts];
  if (toasts.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-end gap-2 p-4">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/**
 * One toast. Without JavaScript it stays on the page and its close button is a CSS-only
 * checkbox; with JavaScript it closes itself after 5 seconds.
 */
function ToastCard({ toast }: { toast: FlashToast }) {
  const [dismissed, setDismissed] = useState<string | undefined>();

  useEffect(() => {
    const timer = setTimeout(() => setDismissed(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (dismissed === toast.id) return null;
  const { icon: Icon, className } = tone[toast.type];
  const closeId = `toast-close-${toast.id}`;

  return (
    <div className="flex w-full justify-end">
      <input id={closeId} type="checkbox" className="peer sr-only" aria-hidden="true" tabIndex={-1} />
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-testid="toast"
        data-type={toast.type}
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden ${className}`}
      >
        <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium" data-testid="toast-message">
            {toast.message}
          </p>
          {toast.description ? <p className="mt-1 opacity-80">{toast.description}</p> : null}
        </div>
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- it labels the CSS-only close checkbox (no JavaScript); with JavaScript the click removes the toast */}
        <label
          htmlFor={closeId}
          title="Dismiss"
          className="-m-1 cursor-pointer rounded p-1 opacity-70 hover:opacity-100"
          onClick={(event) => {
            event.preventDefault();
            setDismissed(toast.id);
          }}
        >
          <span className="sr-only">Dismiss</span>
          <XMarkIcon className="size-4" aria-hidden="true" />
        </label>
      </div>
    </div>
  );
}
