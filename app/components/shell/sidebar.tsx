import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import { isEntryActive, type NavigationEntry } from "~/components/shell/navigation";
import { type ShellUser, UserMenu } from "~/components/shell/user-menu";
import { Icon } from "~/components/ui/icon";
import { Tooltip } from "~/components/ui/tooltip";

/** Id of the checkbox that opens the mobile sheet (works without JavaScript). */
export const MOBILE_SIDEBAR_ID = "mobile-sidebar";

/** The sidebar's content: brand, 'Navigation' entries, collapse toggle and user menu. */
export function Sidebar({
  user,
  entries,
  collapsed,
  onToggle,
}: {
  user: ShellUser;
  /** The entries the admin's role may use (the layout's loader filters NAVIGATION: the list stays out of the bundle). */
  entries: readonly NavigationEntry[];
  collapsed: boolean;
  onToggle: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Icon-only applies to the desktop sidebar; the mobile sheet always shows labels. The bubbles
  // only show beside the icons of the collapsed sidebar: expanded, it renders none (label null).
  const hideWhenCollapsed = collapsed ? "md:sr-only" : "";

  return (
    <div className={collapsed ? "sidebar md:px-1.5" : "sidebar"}>
      <Link to="/" className={collapsed ? "brand md:px-0" : "brand"}>
        <span className="brand-mark">C</span>
        <span className={collapsed ? "brand-name md:sr-only" : "brand-name"}>
          <span>Community</span>
          <span>Admin Dashboard</span>
        </span>
      </Link>

      {/* Collapsed, the six icons fit any height: no scroll box, so their tooltips are not clipped. */}
      <nav
        aria-label="Main"
        className={collapsed ? "flex-1 overflow-y-auto md:overflow-visible" : "flex-1 overflow-y-auto"}
      >
        <h2 className={`nav-heading ${hideWhenCollapsed}`}>Navigation</h2>
        <ul className="space-y-1">
          {entries.map((entry) => {
            const active = isEntryActive(location.pathname, entry.url);
            return (
              <Tooltip
                key={entry.url}
                as="li"
                label={collapsed ? entry.name : null}
                side="right"
                className="flex"
                bubbleClassName="max-md:hidden"
              >
                {/* app.css: .nav-item, its icon, name and note, and its look for the current page (aria-current). */}
                <Link
                  to={entry.url}
                  aria-current={active ? "page" : undefined}
                  className={collapsed ? "nav-item md:justify-center md:px-0" : "nav-item"}
                >
                  <Icon name={entry.icon} />
                  <span className={hideWhenCollapsed || undefined}>
                    <span>{entry.name}</span>
                    {entry.description ? <span>{entry.description}</span> : null}
                  </span>
                </Link>
              </Tooltip>
            );
          })}
        </ul>
      </nav>

      <form method="post" action="/resources/sidebar" onSubmit={onToggle} className="hidden md:block">
        <input type="hidden" name="expanded" value={String(collapsed)} />
        <input type="hidden" name="redirectTo" value={here} />
        <Tooltip label={collapsed ? "Toggle sidebar (Ctrl+B)" : null} side="right" className="w-full">
          <button
            type="submit"
            className={collapsed ? "nav-item text-slate-600 md:justify-center md:px-0" : "nav-item text-slate-600"}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-keyshortcuts="Control+B"
          >
            {collapsed ? <Icon name="solid-chevron-double-right" /> : <Icon name="solid-chevron-double-left" />}
            <span className={hideWhenCollapsed || undefined}>Collapse</span>
          </button>
        </Tooltip>
      </form>

      <UserMenu user={user} collapsed={collapsed} />
    </div>
  );
}
