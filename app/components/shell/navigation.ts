import {
  ChatBubbleLeftRightIcon,
  CreditCardIcon,
  HomeIcon,
  MegaphoneIcon,
  ShieldCheckIcon,
  UsersIcon,
} from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";

/** One sidebar entry (docs/product.md#sidebar). */
export interface NavigationEntry {
  name: string;
  url: string;
  description?: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The sidebar's entries, in order (docs/product.md#sidebar). */
export const NAVIGATION: readonly NavigationEntry[] = [
  { name: "Dashboard", url: "/", description: "Overview & Analytics", icon: HomeIcon },
  { name: "Users", url: "/users", description: "User Management", icon: UsersIcon },
  { name: "Forum", url: "/posts", description: "Posts & Comments", icon: ChatBubbleLeftRightIcon },
  { name: "Announcements", url: "/announcements", description: "System Notifications", icon: MegaphoneIcon },
  { name: "Citizenship", url: "/badge-requests", description: "Verification Requests", icon: ShieldCheckIcon },
  { name: "Memberships", url: "/memberships", description: "Subscription Plans", icon: CreditCardIcon },
];

/**
 * The active rule of docs/product.md#sidebar: '/' only on an exact match; any other url when the path equals
 * it or starts with it.
 */
export function isEntryActive(pathname: string, url: string): boolean {
  if (url === "/") return pathname === "/";
  return pathname === url || pathname.startsWith(url);
}
