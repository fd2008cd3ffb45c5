import { type ComponentType, lazy } from "react";

/**
 * A component whose code loads when it first renders (React.lazy), for a form that only shows in
 * a dialog: the page's first load does without it. Render it inside a `<Suspense>` boundary.
 *
 * `preload()` loads the code ahead; once loaded, the first render does not suspend. The server
 * calls it before rendering (e.g. from the loader), so the dialog is in the HTML itself, not in
 * a streamed Suspense fallback, which a browser without JavaScript would keep forever. In the
 * browser, a page hydrating with the dialog open keeps the server's HTML until the code arrives.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (a deploy in between, offline) may be retried by the next open.
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy(() =>
    loaded
      ? // Already loaded: a thenable that settles synchronously, which React.lazy reads at once.
        ({
          then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: loaded! }),
        } as Promise<{
          default: ComponentType<Props>;
        }>)
      : preload().then((component) => ({ default: component })),
  );
  return { Component, preload };
}
