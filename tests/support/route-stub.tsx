// A screen's component rendered as the browser shows it once its JavaScript runs, without a server:
// React Router's createRoutesStub routes it in memory, with the loader data and action a test
// gives it, into the DOM of happy-dom (a component test names it: `// @vitest-environment happy-dom`).
// The stub's router has no react-dom flushSync (it warns once a file): a MutationForm's pending
// state renders on the router's next update rather than in the click itself.
import { act, cleanup, render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach } from "vitest";

import type { SchemaLoader } from "~/forms/use-form-check";
import { loadCheckFields } from "~/forms/schema-loaders.client";

afterEach(cleanup);

/** What the action of a stubbed route gets: the form the component posted. */
export type StubAction = (args: { request: Request }) => unknown;

/**
 * Renders `Component` as the route `path` at `url`, hydrated with `loaderData` (which its loader
 * also answers after an action); a form it posts goes to `action`.
 */
export function renderRoute({
  path,
  url,
  Component,
  loaderData = null,
  action,
}: {
  path: string;
  url: string;
  // A route module's default export takes its own generated props; the stub passes them.
  Component: ComponentType<never>;
  loaderData?: unknown;
  action?: StubAction;
}) {
  const Stub = createRoutesStub([
    { id: "screen", path, Component: Component as ComponentType, loader: () => loaderData, action },
  ]);
  return render(<Stub initialEntries={[url]} hydrationData={{ loaderData: { screen: loaderData } }} />);
}

/**
 * Resolves once a form's check code has loaded (its schema and zod's), as it does after the page
 * hydrates; a form sent before that goes to the action unchecked (useFormCheck). Call it after
 * rendering: the form's own loading, started as it mounted, settles first.
 */
export async function formCheckLoaded(schema: SchemaLoader): Promise<void> {
  await act(() => Promise.all([schema(), loadCheckFields()]));
}
