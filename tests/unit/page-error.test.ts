// One error shape (issue 24): a page error is thrown with pageError and read with
// describePageError, and every error boundary shows the message thrown. Before, a thrown
// `{ message }` was read by none of them (the shell's boundary wrote its own 403 text).
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, data, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { TokenPageErrorBoundary } from "~/components/account/token-page";
import { RootErrorPage, ShellErrorPage } from "~/components/error-pages";
import { describePageError, pageError } from "~/lib/page-error";

/** What a boundary gets for a thrown `data(...)`: React Router's error response. */
function caught(thrown: ReturnType<typeof data>) {
  return { status: thrown.init?.status ?? 500, statusText: "", internal: false, data: thrown.data };
}

/** A boundary rendered in a router (its links need one), as HTML. */
function render(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

// The icon sprite's URL is a module the build generates (vite.config.ts); any URL does here.
vi.mock("virtual:icon-sprite", () => ({ default: "/icons.svg" }));

const MESSAGE = "Only the owner may see this page";

describe("describePageError", () => {
  it("reads a page error's status and message", () => {
    expect(describePageError(caught(pageError(403, MESSAGE)))).toEqual({ status: 403, message: MESSAGE });
  });

  it("gives only the status of another error answer, and 500 for anything else", () => {
    expect(describePageError(caught(data("Error: internal text", { status: 405 })))).toEqual({
      status: 405,
      message: null,
    });
    expect(describePageError(new Error("bug"))).toEqual({ status: 500, message: null });
  });
});

// The root's and the shell's ErrorBoundary render these pages, whose code loads when one shows
// (decision 089); renderToStaticMarkup cannot wait for it, so the pages are rendered here directly.
describe("the error boundaries", () => {
  const error = caught(pageError(403, MESSAGE));

  it.each([
    ["the root's", () => createElement(RootErrorPage, { error })],
    ["the shell's", () => createElement(ShellErrorPage, { error })],
    ["the token pages'", () => createElement(TokenPageErrorBoundary, { error })],
  ])("%s shows the message thrown", (_name, boundary) => {
    const html = render(boundary());
    expect(html).toContain(MESSAGE);
    expect(html).not.toContain("could not be shown");
  });

  it.each([
    ["the root's", () => createElement(RootErrorPage, { error: new Error("bug") })],
    ["the token pages'", () => createElement(TokenPageErrorBoundary, { error: new Error("bug") })],
  ])("%s keeps its own words for anything else", (_name, boundary) => {
    expect(render(boundary())).toContain("The page could not be shown. Please try again in a moment.");
  });
});
