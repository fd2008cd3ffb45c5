import { Link, useLocation } from "react-router";

import { isEntryActive, NAVIGATION } from "~/components/shell/navigation";
import { type ShellUser, UserMenu } from "~/components/shell/user-menu";
import { Icon } from "~/components/ui/icon";
import { Tooltip } from "~/components/ui/tooltip";
import type { PanelCapability } from "~/session/permissions";

/** Id of the checkbox that opens the mobile sheet (works without JavaScript). */
export const MOBILE_SIDEBAR_ID = "mobile-sidebar";

/** The sidebar's content: brand, 'Navigation' entries, collapse toggle and user menu. */
export function Sidebar({
  user,
  capabilities,
  collapsed,
  onToggle,
}: {
  user: ShellUser;
  /** What the admin's role may use of the panel's own pages: the entries of the others are not offered. */
  capabilities: readonly PanelCapability[];
  collapsed: boolean;
  onToggle: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Icon-only applies to the desktop sidebar; the mobile sheet always shows labels.
  const hideWhenCollapsed = collapsed ? "md:sr-only" : "";

  return (
    <div
      className={`flex h-full flex-col gap-4 border-r border-slate-200 bg-surface px-2 py-4 ${collapsed ? "md:px-1.5" : ""}`}
    >
      <Link to="/" className={`flex items-center gap-3 px-2 ${collapsed ? "md:px-0" : ""}`}>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white">
          C
        </span>
        <span className={`min-w-0 ${hideWhenCollapsed}`}>
          <span className="block truncate text-sm font-semibold text-slate-900">Community</span>
          <span className="block truncate text-xs text-slate-500">Admin Dashboard</span>
        </span>
      </Link>

      {/* Collapsed, the six icons fit any height: no scroll box, so their tooltips are not clipped. */}
      <nav aria-label="Main" className={`flex-1 overflow-y-auto ${collapsed ? "md:overflow-visible" : ""}`}>
        <h2 className={`px-2 pb-2 text-xs font-medium uppercase tracking-wide text-slate-500 ${hideWhenCollapsed}`}>
          Navigation
        </h2>
        <ul className="space-y-1">
          {NAVIGATION.filter((entry) => !entry.capability || capabilities.includes(entry.capability)).map((entry) => {
            const active = isEntryActive(location.pathname, entry.url);
            return (
              <li key={entry.url}>
                <Tooltip
                  label={entry.name}
                  side="right"
                  className="w-full"
                  bubbleClassName={collapsed ? "max-md:hidden" : "hidden"}
                >
                  <Link
                    to={entry.url}
                    aria-current={active ? "page" : undefined}
                    className={`flex w-full items-center gap-3 rounded-lg px-2 py-2 text-sm ${
                      collapsed ? "md:justify-center md:px-0" : ""
                    } ${active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
                  >
                    <Icon name={entry.icon} className="size-5 shrink-0" />
                    <span className={`min-w-0 ${hideWhenCollapsed}`}>
                      <span className="block truncate font-medium">{entry.name}</span>
                      {entry.description ? (
                        <span className="block truncate text-xs text-slate-600">{entry.description}</span>
                      ) : null}
                    </span>
                  </Link>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      </nav>

      <form method="post" action="/resources/sidebar" onSubmit={onToggle} className="hidden md:block">
        <input type="hidden" name="expanded" value={String(collapsed)} />
        <input type="hidden" name="redirectTo" value={here} />
        <Tooltip
          label="Toggle sidebar (Ctrl+B)"
          side="right"
          className="w-full"
          bubbleClassName={collapsed ? "" : "hidden"}
        >
          <button
            type="submit"
            className={`flex w-full items-center gap-3 rounded-lg px-2 py-2 text-sm text-slate-600 hover:bg-slate-100 ${
              collapsed ? "md:justify-center md:px-0" : ""
            }`}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-keyshortcuts="Control+B"
          >
            {collapsed ? (
              <Icon name="solid-chevron-double-right" className="size-5 shrink-0" />
            ) : (
              <Icon name="solid-chevron-double-left" className="size-5 shrink-0" />
            )}
            <span className={hideWhenCollapsed}>Collapse</span>
          </button>
        </Tooltip>
      </form>

      <UserMenu user={user} collapsed={collapsed} />
    </div>
  );
}
