/**
 * Open redirects, over real HTTP: every hostile `redirectTo` posted to every place that takes
 * one ends in a Location header that is a path on the panel, never `//host` or `/\host`.
 */
import { describe, expect, it } from "vitest";

import { decodeEntities, PanelClient } from "../support/form-post";
import { HOSTILE_REDIRECTS } from "../support/hostile-redirects";
import { useStack } from "../support/use-stack";

const stack = useStack();

const ADMIN = { email: "admin@example.com", password: "Admin12345" };

/** The Location header must be a same-origin path that no browser reads as another site. */
function expectOnPanel(location: string | null): void {
  expect(location).not.toBeNull();
  expect(location).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- no control character may get through
  expect(location).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  expect(new URL(location!, stack.panel.url).origin).toBe(new URL(stack.panel.url).origin);
}

/** The value of the sign-in page's hidden `redirectTo` input, if it renders one. */
function hiddenRedirectTo(html: string): string | undefined {
  const match = /<input type="hidden" name="redirectTo" value="([^"]*)"/.exec(html);
  return match ? decodeEntities(match[1]!) : undefined;
}

describe("hostile redirectTo values", () => {
  it.each(HOSTILE_REDIRECTS)("POST /login with redirectTo=%j lands on the panel", async (redirectTo) => {
    const response = await new PanelClient(stack.panel.url).post("/login", { ...ADMIN, redirectTo });
    expect(response.status).toBe(302);
    expectOnPanel(response.headers.get("location"));
  });

  it.each(HOSTILE_REDIRECTS)("POST /resources/sidebar with redirectTo=%j lands on the panel", async (redirectTo) => {
    const response = await new PanelClient(stack.panel.url).post("/resources/sidebar", {
      expanded: "false",
      redirectTo,
    });
    expect(response.status).toBe(302);
    expectOnPanel(response.headers.get("location"));
  });

  it.each(HOSTILE_REDIRECTS)("GET /login?redirectTo=%j renders a safe hidden value", async (redirectTo) => {
    const panel = new PanelClient(stack.panel.url);
    const page = await panel.get(`/login?${new URLSearchParams({ redirectTo })}`);
    expect(page.status).toBe(200);
    const hidden = hiddenRedirectTo(await page.text());
    if (hidden !== undefined) expectOnPanel(hidden);
    // The page's own form, posted back as a browser would, lands on the panel too.
    const response = await panel.post("/login", hidden === undefined ? ADMIN : { ...ADMIN, redirectTo: hidden });
    expect(response.status).toBe(302);
    expectOnPanel(response.headers.get("location"));
  });
});

describe("ordinary redirectTo values", () => {
  it("brings the admin back to the page they asked for, query included", async () => {
    const panel = new PanelClient(stack.panel.url);
    const page = await panel.get(`/login?redirectTo=${encodeURIComponent("/users?page=2&search=ann")}`);
    const hidden = hiddenRedirectTo(await page.text());
    expect(hidden).toBe("/users?page=2&search=ann");
    const response = await panel.post("/login", { ...ADMIN, redirectTo: hidden! });
    expect(response.headers.get("location")).toBe("/users?page=2&search=ann");
  });

  it("sends the sidebar toggle back to the page it was on", async () => {
    const response = await new PanelClient(stack.panel.url).post("/resources/sidebar", {
      expanded: "true",
      redirectTo: "/posts?page=3",
    });
    expect(response.headers.get("location")).toBe("/posts?page=3");
  });
});
