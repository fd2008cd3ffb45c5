/**
 * What the shell does once the page runs JavaScript, loaded after hydration (not in the first
 * load's bytes, decision 082): Ctrl/Meta+B toggles the sidebar (the mobile sheet on a
 * phone), Escape closes the sheet, the user menu closes as a menu does, and the focus keeper
 * follows the keyboard user's place.
 */
import { type FocusKeeper, keepFocus } from "~/components/ui/focus-anchor";

/** The phone's width, where Ctrl+B opens the sheet instead of collapsing the sidebar. */
const MOBILE_QUERY = "(max-width: 767.98px)";

/**
 * Focus follows the sheet: into its first control when it opens, back to the menu button's
 * checkbox when it closes. While closed the sheet is `invisible` (CSS), so Tab skips it, with or
 * without JavaScript.
 */
function moveFocusWithSheet(toggle: HTMLInputElement) {
  if (toggle.checked) {
    document.querySelector<HTMLElement>('aside[aria-label="Sidebar"] a[href]')?.focus();
  } else {
    toggle.focus();
  }
}

const menu = () => document.querySelector<HTMLDetailsElement>("details.user-menu");

function setSheetOpen(toggle: HTMLInputElement, open: boolean) {
  toggle.checked = open;
  moveFocusWithSheet(toggle);
}

/** The user menu (user-menu.tsx), a `<details>`, closed. */
function closeUserMenu() {
  menu()?.removeAttribute("open");
}

/** The shell's behaviour, once started. */
export interface ShellBehaviour extends FocusKeeper {
  /** Closes the user menu: the admin moved to another page. */
  closeMenu(): void;
}

/** Starts the shell's keyboard shortcuts, focus with the sheet and the focus keeper; `stop` ends them. */
export function startShell(sheet: HTMLInputElement, toggleSidebar: () => void): ShellBehaviour {
  const mobile = window.matchMedia(MOBILE_QUERY);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (mobile.matches) setSheetOpen(sheet, !sheet.checked);
      else toggleSidebar();
    } else if (event.key === "Escape" && menu()?.open) {
      // The user menu closes first, and gives focus back to its button.
      closeUserMenu();
      menu()?.querySelector("summary")?.focus();
    } else if (event.key === "Escape" && sheet.checked) {
      setSheetOpen(sheet, false);
    }
  };
  // A click outside the open user menu closes it.
  const onPointerDown = (event: PointerEvent) => {
    const open = menu();
    if (open?.open && event.target instanceof Node && !open.contains(event.target)) closeUserMenu();
  };
  const onSheetChange = () => moveFocusWithSheet(sheet);
  window.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", onPointerDown);
  sheet.addEventListener("change", onSheetChange);
  document.documentElement.dataset.sidebarShortcut = "on";
  const focus = keepFocus();
  return {
    restore: focus.restore,
    closeMenu: closeUserMenu,
    stop() {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      sheet.removeEventListener("change", onSheetChange);
      delete document.documentElement.dataset.sidebarShortcut;
      focus.stop();
    },
  };
}
