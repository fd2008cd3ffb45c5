import { type AnchorHTMLAttributes, useEffect } from "react";
import { type NavigateFunction, useNavigate } from "react-router";

/** Props of the panel's in-app link: an `<a>`'s, with the page it leads to and how to get there. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of the panel, absolute (`/users?page=2`): it is the link's `href` as it is. */
  to: string;
  /** Replace the current history entry instead of adding one (with JavaScript). */
  replace?: boolean;
  /** Keep the scroll position (with JavaScript). */
  preventScrollReset?: boolean;
  /** A document load even with JavaScript (a page the client router must not render). */
  reloadDocument?: boolean;
}

/**
 * The panel's in-app link: a plain `<a href>`, a link with JavaScript off, and with it a
 * client-side navigation through the one click handler the root installs (`useLinkNavigation`),
 * as React Router's `<Link>` does, without its per-link work on the server (decision 069). `to`
 * is an absolute path of the panel; `reloadDocument` makes it a plain document link.
 */
export function Link({ to, replace, preventScrollReset, reloadDocument, children, ...props }: LinkProps) {
  // data-nav marks the link for useLinkNavigation: `r` replaces the history entry, `p` adds one
  // even to the page it is on, `s` keeps the scroll position; a document link has none.
  const nav = `${replace ? "r" : replace === false ? "p" : ""}${preventScrollReset ? "s" : ""}`;
  return (
    <a href={to} data-nav={reloadDocument ? undefined : nav} {...props}>
      {children}
    </a>
  );
}

/**
 * The click handler of every in-app `Link` (decision 069), on `window` so that it runs after
 * React's own handlers (on the document): a link whose `onClick` called `preventDefault` (a
 * confirmation, a history back) is left alone, as `<Link>` leaves it. So are clicks with another
 * button or a modifier (a new tab or window), a `target` other than `_self`, a `download` link and
 * another origin, as with `<Link>`. A click on a link to the page it is on replaces the history
 * entry unless the link says otherwise.
 */
export function useLinkNavigation() {
  const navigate = useClientNavigate();
  useEffect(() => {
    if (!navigate) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-nav]") : null;
      if (
        !(link instanceof HTMLAnchorElement) ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey ||
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download") ||
        link.origin !== location.origin
      )
        return;
      event.preventDefault();
      const flags = link.dataset.nav ?? "";
      void navigate(link.pathname + link.search + link.hash, {
        replace: flags.includes("r") || (!flags.includes("p") && link.href === location.href),
        preventScrollReset: flags.includes("s"),
      });
    };
    addEventListener("click", onClick);
    return () => removeEventListener("click", onClick);
  }, [navigate]);
}

/**
 * React Router's navigate in the browser; nothing on the server, which never navigates and where
 * the root's `useNavigate` would serialise the page's route matches on every render. The choice is
 * made once per environment, so the hooks' order never changes.
 */
const useClientNavigate: () => NavigateFunction | null = typeof document === "undefined" ? () => null : useNavigate;
