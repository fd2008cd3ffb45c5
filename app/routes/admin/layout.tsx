import { useCallback, useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";

import type { Route } from "./+types/layout";
import { revalidateOnEveryPage, ShellNotices } from "~/components/feedback/shell-notices";
import type { ShellBehaviour } from "~/components/shell/shell-behaviour";
import { ErrorPageUnloaded } from "~/components/error-page-unloaded";
import { MOBILE_SIDEBAR_ID, Sidebar } from "~/components/shell/sidebar";
import { readSidebarExpanded, sidebarCookie } from "~/components/shell/sidebar-state";
import { useRouterSettled } from "~/components/ui/use-list-reloading";
import { Icon } from "~/components/ui/icon";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { takeIncompleteExportNotice } from "~/export/incomplete-notice.server";
import { waitingNotice } from "~/insights/pending.server";
import type { ShellNotice } from "~/lib/shell-notice";
import { auditAdminActions } from "./audit.server";
import { NAVIGATION } from "~/components/shell/navigation";
import { may } from "~/session/permissions";
import { graceNotice, secondFactorDemand } from "~/session/second-factor.server";
import { displayName, requireSignedIn, requireUser } from "~/session/user.server";

export const middleware: Route.MiddlewareFunction[] = [requireSignedIn, auditAdminActions];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: { name: displayName(user), email: user.email, avatar: user.avatar },
    // The sidebar offers only the pages the role may use (permissions.ts), and the page carries
    // only what it draws of them (decision 087).
    navigation: NAVIGATION.filter((entry) => !entry.capability || may(user.panelRole, entry.capability)).map(
      ({ name, url, description, icon }) => ({ name, url, description, icon }),
    ),
    sidebarExpanded: readSidebarExpanded(request.headers.get("cookie")),
    notices: await shellNotices(user),
  };
}

/**
 * What the shell tells the admin above the screen: the second factor's grace, an incomplete export,
 * a citizenship request waiting too long.
 */
async function shellNotices(user: Awaited<ReturnType<typeof requireUser>>): Promise<ShellNotice[]> {
  const [grace, exportNotice, waiting] = await Promise.all([
    secondFactorDemand(user).then((demand) => graceNotice(demand, Date.now())),
    takeIncompleteExportNotice(user.email),
    waitingNotice(),
  ]);
  const notices: ShellNotice[] = [];
  if (grace) notices.push(grace);
  if (exportNotice) notices.push({ id: "export-notice", tone: "alert", text: exportNotice });
  if (waiting) notices.push(waiting);
  return notices;
}

export const shouldRevalidate = revalidateOnEveryPage;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [expanded, setExpanded] = useState(loaderData.sidebarExpanded);
  const mobileToggle = useRef<HTMLInputElement>(null);
  const location = useLocation();

  const toggle = useCallback(() => setExpanded((current) => !current), []);

  // Remember the choice the way the no-JavaScript form post does: in the sidebar_state cookie.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.cookie = sidebarCookie(expanded, window.location.protocol === "https:");
  }, [expanded]);

  // Ctrl or Meta + b toggles the sidebar (docs/product.md#sidebar): below 768 px the mobile sheet,
  // leaving the desktop state and its cookie alone; above, the desktop sidebar. Escape closes the
  // sheet and leaves focus on its switch (the checkbox that opened it). The html element's
  // data-sidebar-shortcut="on" says it is live. With it comes the focus keeper, which puts a
  // keyboard user's focus back at its place once the router has settled after an action.
  const shell = useRef<ShellBehaviour | null>(null);
  useEffect(() => {
    let gone = false;
    void import("~/components/shell/shell-behaviour").then(({ startShell }) => {
      if (!gone && mobileToggle.current) shell.current = startShell(mobileToggle.current, toggle);
    });
    return () => {
      gone = true;
      shell.current?.stop();
      shell.current = null;
    };
  }, [toggle]);
  const settled = useRouterSettled();
  useEffect(() => {
    if (settled) shell.current?.restore(location.pathname);
  }, [settled, location]);

  // The mobile sheet closes once the admin has picked a page, and the user menu on any navigation.
  useEffect(() => {
    if (mobileToggle.current) mobileToggle.current.checked = false;
  }, [location.pathname]);
  useEffect(() => shell.current?.closeMenu(), [location.key]);

  const collapsed = !expanded;
  return (
    <div className="min-h-full" data-sidebar-state={expanded ? "expanded" : "collapsed"}>
      <input
        ref={mobileToggle}
        id={MOBILE_SIDEBAR_ID}
        type="checkbox"
        className="peer sr-only"
        aria-label="Open sidebar"
      />

      {/* app.css: the shell's parts (.shell-bar, .shell-backdrop, .shell-sheet, .shell-close, .shell-content, .shell-main). */}
      <header className="shell-bar">
        <label htmlFor={MOBILE_SIDEBAR_ID}>
          <Icon name="solid-bars-3" className="size-5" />
          <span className="sr-only">Open sidebar</span>
        </label>
        <span>Admin Dashboard</span>
      </header>

      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the backdrop: a click on it closes the sidebar; hidden from assistive tech */}
      <label htmlFor={MOBILE_SIDEBAR_ID} className="shell-backdrop" aria-hidden="true" />

      <aside aria-label="Sidebar" className={collapsed ? "shell-sheet md:w-[3rem]" : "shell-sheet md:w-[16rem]"}>
        <label htmlFor={MOBILE_SIDEBAR_ID} className="shell-close">
          <Icon name="solid-x-mark" className="size-5" />
          <span className="sr-only">Close sidebar</span>
        </label>
        <Sidebar
          user={loaderData.user}
          entries={loaderData.navigation}
          collapsed={collapsed}
          onToggle={(event) => {
            event.preventDefault();
            toggle();
          }}
        />
      </aside>

      <div className={collapsed ? "shell-content md:pl-[3rem]" : "shell-content md:pl-[16rem]"}>
        <main className="shell-main">
          <ShellNotices notices={loaderData.notices} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

// The shell's error fallback loads when a screen shows it; if it cannot, a short one (decision 089).
const ShellErrorPage = lazyDialog(() =>
  import("~/components/error-pages").then(
    (module) => module.ShellErrorPage,
    () => ErrorPageUnloaded,
  ),
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorPage error={error} />;
}
