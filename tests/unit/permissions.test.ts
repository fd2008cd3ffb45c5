// The roles matrix (app/session/permissions.ts): the defaults issue 39 names, each role adding to
// the one below it, and what a request to a route needs (its page, a posted intent, a dialog).
import { describe, expect, it } from "vitest";

import { capabilitiesOf, may, maySee, neededAction, PANEL_ROLES, type PanelAction } from "~/session/permissions";

const get = (query = "") => ({ method: "GET", query: new URLSearchParams(query) });
const post = (fields: Record<string, string>) => ({
  method: "POST",
  query: new URLSearchParams(),
  posted: (name: string) => fields[name] ?? null,
});

describe("role × action", () => {
  it("gives each role the issue's defaults", () => {
    const viewer: PanelAction[] = ["read"];
    const moderator: PanelAction[] = [
      ...viewer,
      "read-personal",
      "delete-post",
      "decide-citizenship",
      "ban",
      "write-notes",
    ];
    const admin: PanelAction[] = [
      ...moderator,
      "verify",
      "push",
      "announcements",
      "plans",
      "export",
      "read-audit",
      "edit-saved-messages",
    ];
    expect(capabilitiesOf("VIEWER").sort()).toEqual(viewer.sort());
    expect(capabilitiesOf("MODERATOR").sort()).toEqual(moderator.sort());
    expect(capabilitiesOf("ADMIN").sort()).toEqual(admin.sort());
    expect(capabilitiesOf("OWNER").sort()).toEqual([...admin, "edit-others-notes", "manage-roles"].sort());
    expect(capabilitiesOf(null)).toEqual([]);
  });

  it("lets each role do what the role below it does", () => {
    for (let index = 1; index < PANEL_ROLES.length; index++) {
      for (const action of capabilitiesOf(PANEL_ROLES[index]!)) expect(may(PANEL_ROLES[index - 1]!, action)).toBe(true);
    }
  });

  it("hides phone, date of birth, passport and certificate from a Viewer only", () => {
    for (const field of ["phone", "dateOfBirth", "passport", "certificate"] as const) {
      expect(maySee("VIEWER", field)).toBe(false);
      expect(maySee("MODERATOR", field)).toBe(true);
    }
  });
});

describe("route × need", () => {
  it("reads a page as its read, a posted intent and an opened dialog as the intent's action", () => {
    expect(neededAction("users", get())).toBe("read");
    expect(neededAction("/users", get("confirm=verify&id=7"))).toBe("verify");
    expect(neededAction("/users", post({ intent: "ban", id: "7" }))).toBe("ban");
    expect(neededAction("/users", post({ intent: "verify", id: "7" }))).toBe("verify");
    expect(neededAction("/users/:id", get("notify=1"))).toBe("push");
    expect(neededAction("/announcements", get("new"))).toBe("announcements");
    expect(neededAction("/users/bulk", get("action=verify&id=7"))).toBe("verify");
    expect(neededAction("/users/bulk", post({ intent: "confirm", action: "unban" }))).toBe("ban");
    expect(neededAction("/users/:id/passport", get())).toBe("read-personal");
    expect(neededAction("/roles", post({ intent: "change-role" }))).toBe("manage-roles");
  });

  it("keeps a route's need for an intent it does not list, and knows no route it does not list", () => {
    expect(neededAction("/users", post({ intent: "explode" }))).toBe("ban");
    expect(neededAction("/no-such-route", get())).toBeNull();
    expect(neededAction("login", post({}))).toBe("public");
  });
});
