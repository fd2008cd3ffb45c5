import { type RefObject, useContext, useEffect, useLayoutEffect, useState } from "react";
import { UNSAFE_DataRouterContext, useNavigate } from "react-router";

import { dialogOpener, restoreFocus, tabbable } from "~/components/ui/focus-anchor";

/**
 * What a URL-state modal adds once JavaScript runs (without it the server renders the dialog
 * open and every control in it is a link or a form, so it works all the same):
 * - focus moves into the panel, unless a field inside already took it (autoFocus);
 * - Tab and Shift+Tab cycle inside the panel;
 * - Escape goes to `closeTo`, the same screen without the dialog, replacing the dialog's history
 *   entry (so Back does not reopen it), except while `locked` (its submission is pending);
 * - when the dialog closes, focus returns to what opened it, or, when the action removed or
 *   replaced it, to the control now in its place or the screen's heading (restoreFocus).
 */
export function useModal(panel: RefObject<HTMLElement | null>, closeTo: string, locked = false) {
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // Read while the dialog first renders: by the time effects run, a field's autoFocus has
  // already moved focus into the dialog.
  const [opener] = useState(() => (typeof document === "undefined" ? null : dialogOpener()));

  useEffect(() => {
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
    return () => {
      // Only on the screen the dialog was opened from: another screen's focus starts afresh.
      if (opener && window.location.pathname === opener.pathname) restoreFocus(opener);
    };
  }, [opener, panel]);

  // Before the browser paints the dialog: a key pressed as soon as it shows (on a busy machine,
  // before passive effects have run) already reaches it.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const root = panel.current;
      if (!root) return;
      if (event.key === "Escape") {
        event.preventDefault();
        // `locked` arrives with the next render (a transition), and this listener with the effect
        // after it; a key pressed right after the click would otherwise close the dialog and
        // cancel its submission. The router's own state already knows one is under way.
        const submitting = router?.state.navigation.formData !== undefined;
        if (!locked && !submitting) void navigate(closeTo, { preventScrollReset: true, replace: true });
        return;
      }
      if (event.key !== "Tab") return;
      const items = tabbable(root);
      const first = items[0];
      const last = items.at(-1);
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [closeTo, locked, navigate, panel, router]);
}
