import { useSyncExternalStore } from "react";

/** Nothing to subscribe to: whether the page runs JavaScript never changes once it does. */
const subscribe = () => () => {};

/**
 * True once the page runs JavaScript: false in the server's HTML and in the first render that
 * hydrates it (so both agree), true in every render after that, including components that first
 * mount after hydration (no extra render for them).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
