import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { unstable_useRoute as useRoute, useMatches, useRouteLoaderData } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { FlashToast } from "~/lib/toast";

/** Each tone's icon; its colours are app.css's, by the toast's data-type. */
const icon = {
  success: "solid-check-circle",
  error: "solid-exclamation-triangle",
  warning: "solid-exclamation-triangle",
  info: "solid-information-circle",
} as const;

// app.css: .toast-stack and .toast-card, which the stack and its room share, so the room is
// exactly as tall as the stack; a card's colours by its data-type; .toast-dismiss.

/**
 * The page's toasts: those in the data of the action that just ran (a re-rendered form), else
 * the flash toast the root loader read. The action's show in the same response, so they work for
 * a document POST without JavaScript, where a flash cookie would only show on the next page.
 * The action that ran is the page's own route's (the last match): its data comes from useRoute,
 * the one public hook that reads another route's action data.
 */
export function usePageToasts(): FlashToast[] {
  const page = useMatches().at(-1)?.id ?? "root";
  const action = useRoute(page as "root") as { actionData?: unknown } | undefined;
  const rootData = useRouteLoaderData("root") as { toast?: FlashToast } | undefined;
  const { toast, toasts } = (action?.actionData ?? {}) as { toast?: FlashToast; toasts?: FlashToast[] };
  if (toasts?.length) return toasts;
  if (toast) return [toast];
  return rootData?.toast ? [rootData.toast] : [];
}

/** The open modal dialog, where the toasts show while there is one (see showToastsIn). */
let modalHost: HTMLElement | null = null;
const hostListeners = new Set<() => void>();

/**
 * Shows the toasts inside `dialog` while it is open as a modal (useModal), else (null) on the page.
 * A modal dialog lies above the page and makes it inert: toasts left on the page would sit under
 * its backdrop, and their Dismiss would not answer.
 */
export function showToastsIn(dialog: HTMLElement | null) {
  modalHost = dialog;
  for (const listener of hostListeners) listener();
}

function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => modalHost,
    () => null,
  );
}

/**
 * Shows the page's toasts at the top right (spec 9), one below the other (one per upstream field
 * error). They lie over a ToastRoom: the page keeps one at its top and every dialog at the top of
 * its scrolling overlay, so a toast covers no control at rest, and anything scrolled under it
 * scrolls back clear. On a phone's admin page it sits below the top bar and its menu button.
 * While a dialog is open as a modal, the stack shows inside it (showToastsIn).
 * The root renders it before the page, so a keyboard user meets Dismiss first (fixed, it shows
 * at the top right wherever it is in the document); nothing gives it focus.
 */
export function Toaster({ toasts = [], toast }: { toasts?: readonly FlashToast[]; toast?: FlashToast }) {
  const host = useToastHost();
  if (toast) toasts = [toast, ...toasts];
  if (toasts.length === 0) return null;
  const stack = (
    <div className="toaster toast-stack pointer-events-none fixed inset-x-0 top-0">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
  return host ? createPortal(stack, host) : stack;
}

/**
 * Free room as tall as the toast stack, where the stack lies over it: an invisible copy of the
 * cards (hidden from assistive technology), so it wraps text as they do. It stays until the next
 * navigation, when a toast has closed too, so nothing moves as a toast goes (decision 066).
 */
export function ToastRoom({ toasts }: { toasts: readonly FlashToast[] }) {
  if (toasts.length === 0) return null;
  return (
    <div aria-hidden="true" className="toast-room toast-stack invisible self-stretch">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast-card border-transparent">
          <ToastContent toast={toast} copy />
          <span className="-m-1 size-6 shrink-0" />
        </div>
      ))}
    </div>
  );
}

/**
 * With JavaScript a toast can show on a page already in view (a row action's answer): the page's
 * room (the root's ToastRoom, the body's first) then grows above what the admin is looking at, and
 * the rows would move under the pointer. When it grows, the page scrolls by as much, so everything
 * stays where it was and the toast lies over the top of the view, where scrolling up shows what it
 * covers, as on a page scrolled down (decision 066). Scrolled down, the browser's scroll anchoring
 * does this already (CSS overflow-anchor); it does not at the very top, so this does. The first
 * layout (a page as it loads) shows the room as it is, and so does another screen:
 * ScrollRestoration, whose effect runs after this one, scrolls it to its top.
 */
export function useRoomKeepsThePageStill(toasts: readonly FlashToast[]) {
  const last = useRef(-1);
  useLayoutEffect(() => {
    const height = document.querySelector<HTMLElement>("body>.toast-room")?.offsetHeight ?? 0;
    // At the top (only there: scrolled down, the browser keeps the page still), by the growth.
    if (last.current >= 0 && !window.scrollY) window.scrollTo(0, height - last.current);
    last.current = height;
  }, [toasts]);
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
      <Icon name={icon[toast.type]} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm break-words">
        {text(toast.message, "font-medium", "toast-message")}
        {toast.description ? text(toast.description, "mt-1 opacity-80") : null}
      </div>
    </>
  );
}

/**
 * One toast, a non-modal `<dialog open>` so that its Dismiss button (a real button, in a
 * `method="dialog"` form) closes it with Enter, Space or a click, with or without JavaScript. It
 * keeps the role of a polite status message, so it never interrupts what a screen reader says.
 * Its life is a CSS animation (app.css, `.toast-timed`): it fades out after 5 seconds
 * (docs/product.md#constants-and-limits) in both modes, and pauses while hovered or focused. A
 * closed or faded toast stays hidden in the page until the next navigation, as its room does
 * (decision 066).
 */
function ToastCard({ toast }: { toast: FlashToast }) {
  return (
    <dialog
      open
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="toast"
      data-type={toast.type}
      className="toast toast-timed toast-card pointer-events-auto static m-0 not-open:hidden"
    >
      <ToastContent toast={toast} />
      <form method="dialog" className="-m-1 shrink-0">
        <button type="submit" title="Dismiss" className="toast-dismiss">
          <Icon name="solid-x-mark" className="size-4 opacity-70" />
          <span className="sr-only">Dismiss</span>
        </button>
      </form>
    </dialog>
  );
}
