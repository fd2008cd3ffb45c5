/**
 * Password fields over real HTTP (decision 011): every page that has one serves a real
 * `<input type="password">`, first rendered and re-rendered after a failed post, and neither the
 * page nor its stylesheets mask a text input with `text-security`.
 */
import { describe, expect, it } from "vitest";

import { PanelClient } from "../support/form-post";
import { htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** The `<input>` tags of a page that hold a password (by autocomplete or name). */
function passwordInputTags(html: string): string[] {
  return (html.match(/<input\b[^>]*>/g) ?? []).filter((tag) =>
    /autocomplete="(current|new)-password"|name="[^"]*password[^"]*"/i.test(tag),
  );
}

/** The page's stylesheets, as served. */
async function stylesheets(panel: PanelClient, html: string): Promise<string[]> {
  const hrefs = (html.match(/<link\b[^>]*>/g) ?? [])
    .filter((tag) => tag.includes('rel="stylesheet"'))
    .map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? "");
  expect(hrefs.length).toBeGreaterThan(0);
  return Promise.all(hrefs.map(async (href) => (await panel.get(href)).text()));
}

/** Each page with password fields, how it is reached, and the autocomplete of each field in order. */
const PAGES: { name: string; load: (panel: PanelClient) => Promise<Response>; autocomplete: string[] }[] = [
  { name: "GET /login", load: (panel) => panel.get("/login"), autocomplete: ["current-password"] },
  {
    name: "POST /login with a wrong password",
    load: (panel) => panel.post("/login", { email: "admin@example.com", password: "not-the-password" }),
    autocomplete: ["current-password"],
  },
  {
    name: "GET /reset-password?token=…",
    load: (panel) => panel.get("/reset-password?token=some-token"),
    autocomplete: ["new-password", "new-password"],
  },
  {
    name: "POST /reset-password?token=… with passwords that differ",
    load: (panel) =>
      panel.post("/reset-password?token=some-token", { password: "Fresh-Pass-1", confirmPassword: "Other-Pass-1" }),
    autocomplete: ["new-password", "new-password"],
  },
];

describe("password fields in the server's HTML", () => {
  it.each(PAGES)("$name serves type=password for every password field", async ({ load, autocomplete }) => {
    const panel = new PanelClient(stack.panel.url);
    const response = await load(panel);
    expect([200, 400, 401]).toContain(response.status);
    const html = await response.text();
    const tags = passwordInputTags(html);
    expect(tags).toHaveLength(autocomplete.length);
    tags.forEach((tag, position) => {
      expect(tag).toMatch(/\btype="password"/);
      // HTML attribute names are case-insensitive (React writes `autoComplete`).
      expect(tag.toLowerCase()).toContain(`autocomplete="${autocomplete[position]}"`);
      // A typed password is never sent back.
      expect(tag).not.toMatch(/\bvalue="[^"]+"/);
    });
    expect(html).not.toContain("text-security");
    for (const css of await stylesheets(panel, html)) expect(css).not.toContain("text-security");
  });

  it("finds no password-like field outside those pages that is not a password input", async () => {
    const panel = new PanelClient(stack.panel.url);
    for (const path of ["/forgot-password", "/delete-account", "/verify?token=x", "/accept-invite", "/get-app"]) {
      const html = await (await panel.get(path)).text();
      for (const tag of passwordInputTags(html)) expect(tag).toMatch(/\btype="password"/);
    }
  });
});

describe("without JavaScript", () => {
  it("nothing on a page with password fields offers to show a password", async () => {
    for (const path of ["/login", "/reset-password?token=any-token"]) {
      const screen = await htmlPage(await new PanelClient(stack.panel.url).get(path));
      expect(screen.queryAllByRole("button", { name: /show password|hide password/i }), path).toEqual([]);
      expect(screen.queryAllByRole("checkbox"), path).toEqual([]);
    }
  });
});
