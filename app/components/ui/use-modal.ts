import { type RefObject, useEffect, useLayoutEffect, useState } from "react";
import { useNavigate } from "react-router";

import { showToastsIn } from "~/components/feedback/toaster";
import { dialogOpener, restoreFocus, tabbable } from "~/components/ui/focus-anchor";

/**
 * What a URL-state dialog adds once JavaScript runs (without it the server renders `<dialog open>`,
 * a non-modal dialog whose every control is a link or a form, so it works all the same):
 * - it becomes the browser's own modal (`showModal`): the page behind is inert, so no click, Tab
 *   or screen reader reaches it, and the dialog lies above everything, the page's toasts with it;
 * - focus moves into the panel, unless a field inside already took it (autoFocus);
 * - Tab and Shift+Tab go round inside the panel, the Dismiss of the toasts shown in the dialog
 *   first (the browser's modal would let them out to its own toolbar at either end);
 * - Escape goes to `closeTo`, the same screen without the dialog, replacing the dialog's history
 *   entry (so Back does not reopen it), except while `locked` (its submission is pending);
 * - when the dialog closes, focus returns to what opened it, or, when the action removed or
 *   replaced it, to the control now in its place or the screen's heading (restoreFocus).
 */
export function useModal(
  frame: RefObject<HTMLDialogElement | null>,
  panel: RefObject<HTMLElement | null>,
  closeTo: string,
  locked: boolean,
) {
  const navigate = useNavigate();
  // Read while the dialog first renders: by the time effects run, a field's autoFocus has
  // already moved focus into the dialog.
  const [opener] = useState(() => (typeof document === "undefined" ? null : dialogOpener()));

  // Before the browser paints the dialog, so it never shows as anything but a modal.
  useLayoutEffect(() => {
    const dialog = frame.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      // Open already (the server's HTML, or React's `open`), as a non-modal dialog: showModal
      // wants it closed first. What had focus and the scroll position in it stay.
      const focused = panel.current?.contains(document.activeElement) ? document.activeElement : null;
      const { scrollTop } = dialog;
      dialog.close();
      dialog.showModal();
      dialog.scrollTo({ top: scrollTop });
      (focused instanceof HTMLElement ? focused : panel.current)?.focus();
    }
    showToastsIn(dialog);
    return () => showToastsIn(null);
  }, [frame, panel]);

  // Only on the screen the dialog was opened from: another screen's focus starts afresh. After
  // the dialog has left the page, so the page is no longer inert.
  useEffect(
    () => () => {
      if (opener && window.location.pathname === opener.pathname) restoreFocus(opener);
    },
    [opener],
  );

  useLayoutEffect(() => {
    const dialog = frame.current;
    const leave = () => {
      if (!locked) void navigate(closeTo, { preventScrollReset: true, replace: true });
    };
    // Escape is handled as a key, so the browser's own cancel never closes the dialog behind
    // React's back (it stops asking after one refusal); a cancel that comes another way does the same.
    const onCancel = (event: Event) => {
      event.preventDefault();
      leave();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const root = panel.current;
      if (!root) return;
      if (event.key === "Escape") {
        event.preventDefault();
        leave();
        return;
      }
      if (event.key !== "Tab") return;
      // The round: the toasts the dialog shows (showToastsIn) first, where a keyboard user meets
      // their Dismiss, then the panel's controls. Inside the panel Tab moves as the browser moves it.
      // A faded toast stays in the page, hidden (decision 066): not one to focus.
      const toasts = dialog
        ? tabbable(dialog).filter(
            (element) => !root.contains(element) && getComputedStyle(element).visibility === "visible",
          )
        : [];
      const items = [...toasts, ...tabbable(root)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const panelEnd = event.shiftKey ? at === toasts.length : at === items.length - 1;
      if (items.length > 0 && at >= toasts.length && !panelEnd) return;
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.shiftKey ? -1 : 1;
      items[at === -1 ? (event.shiftKey ? items.length - 1 : 0) : (at + step + items.length) % items.length]!.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    dialog?.addEventListener("cancel", onCancel);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      dialog?.removeEventListener("cancel", onCancel);
    };
  }, [closeTo, frame, locked, navigate, panel]);
}
