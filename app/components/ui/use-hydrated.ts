import { useSyncExternalStore } from "react";

// Nothing to subscribe to: the answer changes once, from the server's snapshot to the browser's.
const subscribe = () => () => {};

/** True once the page runs JavaScript (false in the server HTML, during hydration and without JavaScript). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
