import { useContext, useState } from "react";
import { UNSAFE_DataRouterStateContext, useRouteLoaderData } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { FlashToast } from "~/lib/toast";

const tone = {
  success: { icon: "solid-check-circle", className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  error: { icon: "solid-exclamation-triangle", className: "border-red-200 bg-red-50 text-red-900" },
  warning: { icon: "solid-exclamation-triangle", className: "border-amber-200 bg-amber-50 text-amber-900" },
  info: { icon: "solid-information-circle", className: "border-sky-200 bg-sky-50 text-sky-900" },
} as const;

// The stack and its room share one box model, so the room is exactly as tall as the stack.
const STACK = "flex flex-col items-end gap-2 p-4";
const CARD = "flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg";

/**
 * The page's toasts: those in the data of the action that just ran (a re-rendered form), else
 * the flash toast the root loader read. The action's show in the same response, so they work for
 * a document POST without JavaScript, where a flash cookie would only show on the next page.
 * React Router has no public hook for another route's action data, hence its data-router state.
 */
export function usePageToasts(): FlashToast[] {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const rootData = useRouteLoaderData("root") as { toast?: FlashToast } | undefined;
  for (const value of Object.values(state?.actionData ?? {})) {
    const { toast, toasts } = (value ?? {}) as { toast?: FlashToast; toasts?: FlashToast[] };
    if (toasts?.length) return toasts;
    if (toast) return [toast];
  }
  return rootData?.toast ? [rootData.toast] : [];
}

/**
 * Shows the page's toasts at the top right (spec 9), one below the other (one per upstream field
 * error). They lie over a ToastRoom: the page keeps one at its top and every dialog at the top of
 * its scrolling overlay, so a toast covers no control at rest, and anything scrolled under it
 * scrolls back clear. On a phone's admin page it sits below the top bar and its menu button.
 */
export function Toaster({ toasts = [], toast }: { toasts?: readonly FlashToast[]; toast?: FlashToast }) {
  if (toast) toasts = [toast, ...toasts];
  if (toasts.length === 0) return null;
  return (
    <div className={`toaster pointer-events-none fixed inset-x-0 top-0 ${STACK}`}>
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/**
 * Free room as tall as the toast stack, where the stack lies over it: an invisible copy of the
 * cards (hidden from assistive technology), so it wraps text as they do. It collapses (app.css)
 * once no toast is open.
 */
export function ToastRoom({ toasts }: { toasts: readonly FlashToast[] }) {
  if (toasts.length === 0) return null;
  return (
    <div aria-hidden="true" className={`toast-room invisible self-stretch ${STACK}`}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`${CARD} border-transparent`}>
          <ToastContent toast={toast} copy />
          <span className="-m-1 size-6 shrink-0" />
        </div>
      ))}
    </div>
  );
}

/**
 * A toast's icon, message and description. The room's `copy` shows its text as generated content
 * (`::before`), so each message is in the page's text once: for find-in-page, and for anything
 * that looks a message up by its text.
 */
function ToastContent({ toast, copy = false }: { toast: FlashToast; copy?: boolean }) {
  const text = (value: string, className: string, testId?: string) =>
    copy ? (
      <p className={`${className} before:content-[attr(data-text)]`} data-text={value} />
    ) : (
      <p className={className} data-testid={testId}>
        {value}
      </p>
    );
  return (
    <>
      <Icon name={tone[toast.type].icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm break-words">
        {text(toast.message, "font-medium", "toast-message")}
        {toast.description ? text(toast.description, "mt-1 opacity-80") : null}
      </div>
    </>
  );
}

/**
 * One toast, a non-modal `<dialog open>` so that its Dismiss button (a real button, in a
 * `method="dialog"` form) closes it with Enter, Space or a click without JavaScript; with
 * JavaScript the closed toast also leaves the page. It keeps the role of a polite status message,
 * so it never interrupts what a screen reader says. Its life is a CSS animation (app.css,
 * `.toast-timed`): it fades out after 5 seconds (docs/product.md#constants-and-limits) in both modes, and pauses while hovered
 * or focused.
 */
function ToastCard({ toast }: { toast: FlashToast }) {
  const [dismissed, setDismissed] = useState<string | undefined>();

  if (dismissed === toast.id) return null;

  return (
    <dialog
      open
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="toast"
      data-type={toast.type}
      onClose={() => setDismissed(toast.id)}
      onAnimationEnd={(event) => {
        if (event.animationName === "toast-expire") setDismissed(toast.id);
      }}
      className={`toast toast-timed pointer-events-auto static m-0 not-open:hidden ${CARD} ${tone[toast.type].className}`}
    >
      <ToastContent toast={toast} />
      <form method="dialog" className="-m-1 shrink-0">
        <button
          type="submit"
          title="Dismiss"
          className="inline-flex size-6 cursor-pointer items-center justify-center rounded hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
        >
          <Icon name="solid-x-mark" className="size-4 opacity-70" />
          <span className="sr-only">Dismiss</span>
        </button>
      </form>
    </dialog>
  );
}
