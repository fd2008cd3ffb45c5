const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements of `root` that Tab can reach, in order (hidden ones left out). */
export function tabbable(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

/**
 * Where a control sits on the screen: the control, and each of its containers with the control's
 * position among that container's tabbable controls. The containers end below the first one that
 * holds the screen's heading (h1): past it lie the screen's other parts (its search, its filters),
 * which are not the control's place.
 */
export interface FocusAnchor {
  control: HTMLElement;
  path: { container: Element; position: number }[];
  /** The screen the control is on; a new screen's focus is not this anchor's business. */
  pathname: string;
}

/** The anchor of `control`, read while it is on the screen (before a dialog or a reload changes it). */
export function anchorOf(control: HTMLElement): FocusAnchor {
  const path: FocusAnchor["path"] = [];
  for (
    let container = control.parentElement;
    container && container.tagName !== "MAIN" && !container.querySelector("h1");
  ) {
    path.push({ container, position: Math.max(0, tabbable(container).indexOf(control)) });
    container = container.parentElement;
  }
  return { control, path, pathname: window.location.pathname };
}

/**
 * Gives focus back to the anchored place after an action changed the screen: the control itself
 * if it is still there and usable; else the control now in its place (an Unban where Ban was, the
 * next row's control where a row was removed, the row before when the last one went); else the
 * screen's heading (`main h1`, which takes focus through tabIndex=-1).
 */
export function restoreFocus(anchor: FocusAnchor) {
  const { control, path } = anchor;
  if (control.isConnected && (control === heading() || tabbable(control.parentElement ?? document).includes(control))) {
    control.focus({ preventScroll: true });
    return;
  }
  for (const { container, position } of path) {
    if (!container.isConnected) continue;
    const controls = tabbable(container);
    const target = controls[Math.min(position, controls.length - 1)];
    if (target) {
      target.focus({ preventScroll: true });
      return;
    }
  }
  heading()?.focus({ preventScroll: true });
}

/** The screen's heading: it takes focus from script (tabIndex=-1) when no control can. */
function heading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1");
}

/**
 * Where focus goes back to when a dialog closes: what had focus when it opened; or, when it opened
 * with the page (its address was loaded, so focus started inside it), the screen's link to it, or
 * the screen's heading.
 */
export function dialogOpener(): FocusAnchor | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest("[role=dialog],[role=alertdialog]"))
    return anchorOf(active);
  const here = window.location.pathname + window.location.search;
  const link = [...document.querySelectorAll<HTMLAnchorElement>("main a[href]")].find(
    (candidate) => candidate.getAttribute("href") === here && !candidate.closest("[role=dialog],[role=alertdialog]"),
  );
  const target = link ?? heading();
  return target ? anchorOf(target) : null;
}

/** Focus is nowhere (on `<body>`): what happens when the focused control is removed or disabled. */
function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/** The focus keeper's hold on the page (keepFocus). */
export interface FocusKeeper {
  /** Puts focus back at the last control's place when it was lost on `pathname`, the screen still shown. */
  restore(pathname: string): void;
  stop(): void;
}

/**
 * Keeps the keyboard user's place through actions that change the screen they are on (a row
 * removed, a control replaced or disabled while its form is pending): remembers the last
 * control focused outside a dialog; the shell calls `restore` once the router has settled, which
 * puts focus back at its place if it was lost. Dialogs give focus back themselves (useModal,
 * through restoreFocus).
 */
export function keepFocus(): FocusKeeper {
  let anchor: FocusAnchor | null = null;
  const remember = (target: EventTarget | null) => {
    if (target instanceof HTMLElement && target.closest("main") && !target.closest("[role=dialog],[role=alertdialog]"))
      anchor = anchorOf(target);
  };
  // A control focused before hydration (a keyboard user on a slow page) has had its focusin.
  remember(document.activeElement);
  const onFocusIn = (event: FocusEvent) => remember(event.target);
  document.addEventListener("focusin", onFocusIn);
  return {
    restore(pathname) {
      if (anchor && focusIsLost() && anchor.pathname === pathname) restoreFocus(anchor);
    },
    stop: () => document.removeEventListener("focusin", onFocusIn),
  };
}
