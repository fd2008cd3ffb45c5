import { type ComponentType, lazy } from "react";

/**
 * A component whose code loads when it first renders (React.lazy), for a form that only shows in
 * a dialog: the page's first load does without it (decision 026).
 *
 * `load` comes from a `.client` module (undefined on the server, so the server bundle is never
 * split). The server has the component in its own bundle and hands it over with `provide()`
 * before rendering (from the loader), so its first render does not suspend.
 *
 * Render it without a `<Suspense>` boundary of its own. React's server renderer sends a finished
 * boundary that comes after 12.8 KB of page hidden, moved into place by an inline script: a
 * browser without JavaScript would never show the dialog. Without a boundary, a page hydrating
 * with the dialog open keeps the server's HTML until the code has arrived, and a navigation that
 * opens it (a React transition in React Router) keeps the current screen until then.
 */
export function lazyComponent<Props extends object>(load: (() => Promise<ComponentType<Props>>) | undefined) {
  let provided: ComponentType<Props> | undefined;
  const Component = lazy(() => {
    if (provided) {
      const module = { default: provided };
      // A thenable that settles synchronously: React.lazy reads it at once, without suspending.
      return { then: (resolve: (loaded: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    if (!load) throw new Error("lazyComponent: the server renders only a component it was given (provide)");
    return load().then((component) => ({ default: component }));
  });
  /** Gives the component to render where it is already at hand (the server). */
  const provide = (component: ComponentType<Props>) => {
    provided = component;
  };
  return { Component, provide };
}
