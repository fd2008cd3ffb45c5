import { describe, expect, it } from "vitest";

import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";

const args = (current: string, next: string, formMethod?: string) =>
  ({
    currentUrl: new URL(current, "http://panel.test"),
    nextUrl: new URL(next, "http://panel.test"),
    formMethod,
    defaultShouldRevalidate: true,
  }) as Parameters<typeof skipRevalidationForDialogs>[0];

describe("dialog URLs", () => {
  it("opens a dialog keeping the screen's own params", () => {
    expect(dialogHref("/users", "?page=3&search=ann", { confirm: "ban", id: "42" })).toBe(
      "/users?page=3&search=ann&confirm=ban&id=42",
    );
  });

  it("replaces a dialog that was already open", () => {
    expect(dialogHref("/users", "?confirm=ban&id=1&page=2", { confirm: "unban", id: "7" })).toBe(
      "/users?page=2&confirm=unban&id=7",
    );
  });

  it("closes a dialog back to the bare screen", () => {
    expect(closeDialogHref("/users", "?page=2&confirm=ban&id=42")).toBe("/users?page=2");
    expect(closeDialogHref("/posts", "?confirm=delete&id=1")).toBe("/posts");
  });

  it("does not refetch a screen when only a dialog opens or closes", () => {
    expect(skipRevalidationForDialogs(args("/users?page=2", "/users?page=2&confirm=ban&id=4"))).toBe(false);
    expect(skipRevalidationForDialogs(args("/users?page=2&confirm=ban&id=4", "/users?page=2"))).toBe(false);
  });

  it("refetches after a submission or a change of the screen's own params", () => {
    expect(skipRevalidationForDialogs(args("/users?page=2", "/users?page=3"))).toBe(true);
    expect(skipRevalidationForDialogs(args("/users?confirm=ban&id=4", "/users", "POST"))).toBe(true);
    expect(skipRevalidationForDialogs(args("/users", "/posts"))).toBe(true);
  });
});

describe("a dialog whose loader reads more while it is open (decision 084)", () => {
  const opensBan = (params: URLSearchParams) => params.get("confirm") === "ban";

  it("refetches when that dialog opens, not when another one does or it closes", () => {
    expect(skipRevalidationForDialogs(args("/users?page=2", "/users?page=2&confirm=ban&id=4"), opensBan)).toBe(true);
    expect(skipRevalidationForDialogs(args("/users?page=2", "/users?page=2&confirm=unban&id=4"), opensBan)).toBe(false);
    expect(skipRevalidationForDialogs(args("/users?confirm=ban&id=4&saved=s1", "/users"), opensBan)).toBe(false);
  });

  it("refetches when a saved message is chosen, and forgets it with the dialog", () => {
    expect(skipRevalidationForDialogs(args("/users?confirm=ban&id=4", "/users?confirm=ban&id=4&saved=s1"))).toBe(true);
    expect(skipRevalidationForDialogs(args("/users?confirm=ban&id=4&saved=s1", "/users?confirm=ban&id=4&saved="))).toBe(
      true,
    );
    expect(closeDialogHref("/users", "?page=2&confirm=ban&id=4&saved=s1")).toBe("/users?page=2");
  });
});

describe("index routes", () => {
  it("drops React Router's index marker from the way back", () => {
    expect(closeDialogHref("/", "?index&confirm=approve&id=9")).toBe("/");
  });
});
