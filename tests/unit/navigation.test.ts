import { describe, expect, it } from "vitest";

import { isEntryActive, NAVIGATION } from "~/components/shell/navigation";
import { readSidebarExpanded, sidebarCookie } from "~/components/shell/sidebar-state";

describe("sidebar entries", () => {
  it("lists the six entries of spec 2.2 in order with their descriptions, then Audit (issue 28), Insights (issue 41), Saved messages (issue 40) and Roles (issue 39)", () => {
    expect(NAVIGATION.map((entry) => [entry.name, entry.url, entry.description])).toEqual([
      ["Dashboard", "/", "Overview & Analytics"],
      ["Users", "/users", "User Management"],
      ["Forum", "/posts", "Posts & Comments"],
      ["Announcements", "/announcements", "System Notifications"],
      ["Citizenship", "/badge-requests", "Verification Requests"],
      ["Memberships", "/memberships", "Subscription Plans"],
      ["Audit", "/audit", "Who did what"],
      ["Insights", "/insights", "The team's work"],
      ["Saved messages", "/messages", "For warnings and bans"],
      ["Roles", "/roles", "Who may do what"],
    ]);
  });

  it("marks '/' active only on an exact match", () => {
    expect(isEntryActive("/", "/")).toBe(true);
    expect(isEntryActive("/users", "/")).toBe(false);
  });

  it("marks other entries active for their path and anything below", () => {
    expect(isEntryActive("/users", "/users")).toBe(true);
    expect(isEntryActive("/users/42", "/users")).toBe(true);
    expect(isEntryActive("/memberships/edit/3", "/memberships")).toBe(true);
    expect(isEntryActive("/posts", "/users")).toBe(false);
  });
});

describe("sidebar_state cookie", () => {
  it("is expanded unless the cookie says false", () => {
    expect(readSidebarExpanded(null)).toBe(true);
    expect(readSidebarExpanded("a=1; sidebar_state=false")).toBe(false);
    expect(readSidebarExpanded("sidebar_state=true")).toBe(true);
  });

  it("lasts 7 days and is Secure only over HTTPS", () => {
    expect(sidebarCookie(false, false)).toBe("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");
    expect(sidebarCookie(true, true)).toMatch(/; Secure$/);
  });
});
