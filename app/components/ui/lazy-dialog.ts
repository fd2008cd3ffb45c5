import { type ComponentType, lazy } from "react";

/**
 * A dialog whose code loads when it first renders (React.lazy), for what only shows while the URL
 * opens it (`?confirm=`, `?new`, `?notify`): a page's first load does without it (decision 026).
 * `load` is the dialog module's dynamic import, on the server too: the server build keeps that
 * module in a chunk of its own bundle (build/server/assets/), loads it the first time a page renders
 * the dialog, and renders the dialog into the HTML (a direct link, or no JavaScript). Decision 047.
 *
 * Render it without a `<Suspense>` boundary of its own. React's server renderer sends a finished
 * boundary that comes after 12.8 KB of page hidden, moved into place by an inline script: a
 * browser without JavaScript would never show the dialog. Without a boundary the server waits for
 * the module before it sends the page, a page hydrating with the dialog open keeps the server's
 * HTML until the code has arrived, and a navigation that opens it (a React transition in React
 * Router) keeps the current screen until then.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the dialog's own type is what comes back
export function lazyDialog<Component extends ComponentType<any>>(load: () => Promise<Component>): Component {
  // React.lazy's own type drops a generic component's type parameters: the dialog keeps its own.
  return lazy(() => load().then((component) => ({ default: component }))) as unknown as Component;
}
