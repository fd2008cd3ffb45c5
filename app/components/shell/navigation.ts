import type { OutlineIconName } from "~/components/ui/icon-names";
import type { PanelAction } from "~/session/permissions";

/** One sidebar entry (docs/product.md#sidebar). */
export interface NavigationEntry {
  name: string;
  url: string;
  description?: string;
  /** 24/outline: navigation is artwork (decision 023). */
  icon: OutlineIconName;
  /** Shown only to a role that may use this (app/session/permissions.ts). */
  capability?: PanelAction;
}

/** The sidebar's entries, in order (docs/product.md#sidebar). */
export const NAVIGATION: readonly NavigationEntry[] = [
  { name: "Dashboard", url: "/", description: "Overview & Analytics", icon: "outline-home" },
  { name: "Users", url: "/users", description: "User Management", icon: "outline-users" },
  { name: "Forum", url: "/posts", description: "Posts & Comments", icon: "outline-chat-bubble-left-right" },
  { name: "Announcements", url: "/announcements", description: "System Notifications", icon: "outline-megaphone" },
  { name: "Citizenship", url: "/badge-requests", description: "Verification Requests", icon: "outline-shield-check" },
  { name: "Memberships", url: "/memberships", description: "Subscription Plans", icon: "outline-credit-card" },
  {
    name: "Audit",
    url: "/audit",
    description: "Who did what",
    icon: "outline-clipboard-document-list",
    capability: "read-audit",
  },
  {
    name: "Insights",
    url: "/insights",
    description: "The team's work",
    icon: "outline-chart-bar",
    capability: "read-audit",
  },
  {
    name: "Saved messages",
    url: "/messages",
    description: "For warnings and bans",
    icon: "outline-envelope",
    capability: "edit-saved-messages",
  },
  {
    name: "Roles",
    url: "/roles",
    description: "Who may do what",
    icon: "outline-user-group",
    capability: "manage-roles",
  },
];

/**
 * The active rule of docs/product.md#sidebar: '/' only on an exact match; any other url when the path equals
 * it or starts with it.
 */
export function isEntryActive(pathname: string, url: string): boolean {
  if (url === "/") return pathname === "/";
  return pathname === url || pathname.startsWith(url);
}
