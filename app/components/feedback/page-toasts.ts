import { useLayoutEffect, useRef } from "react";
import { unstable_useRoute as useRoute, useMatches, useRouteLoaderData } from "react-router";

import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { FlashToast } from "~/lib/toast";

// What the root needs of the toasts on every page: which to show, and the page kept still when they
// come. The toasts themselves (toaster.tsx) load when there are some (decision 089).

/**
 * toaster.tsx's Toaster and ToastRoom, whose code loads when first rendered: render them only when
 * there is a toast. Without a `<Suspense>` around them where the server may render them (the
 * root's, as lazyDialog says); a toast only the browser shows (an upload's) may have one.
 */
export const LazyToaster = lazyDialog(() => import("./toaster").then((module) => module.Toaster));
export const LazyToastRoom = lazyDialog(() => import("./toaster").then((module) => module.ToastRoom));

/**
 * The page's toasts: those in the data of the action that just ran (a re-rendered form), else
 * the flash toast the root loader read. The action's show in the same response, so they work for
 * a document POST without JavaScript, where a flash cookie would only show on the next page.
 * The action that ran is the page's own route's (the last match): its data comes from useRoute,
 * the one public hook that reads another route's action data.
 */
export function usePageToasts(): FlashToast[] {
  const page = useMatches().at(-1)?.id ?? "root";
  const action = useRoute(page as "root") as { actionData?: unknown } | undefined;
  const rootData = useRouteLoaderData("root") as { toast?: FlashToast } | undefined;
  const { toast, toasts } = (action?.actionData ?? {}) as { toast?: FlashToast; toasts?: FlashToast[] };
  if (toasts?.length) return toasts;
  if (toast) return [toast];
  return rootData?.toast ? [rootData.toast] : [];
}

/**
 * With JavaScript a toast can show on a page already in view (a row action's answer): the page's
 * room (the root's ToastRoom, the body's first) then grows above what the admin is looking at, and
 * the rows would move under the pointer. When it grows, the page scrolls by as much, so everything
 * stays where it was and the toast lies over the top of the view, where scrolling up shows what it
 * covers, as on a page scrolled down (decision 066). Scrolled down, the browser's scroll anchoring
 * does this already (CSS overflow-anchor); it does not at the very top, so this does. The first
 * layout (a page as it loads) shows the room as it is, and so does another screen:
 * ScrollRestoration, whose effect runs after this one, scrolls it to its top.
 */
export function useRoomKeepsThePageStill(toasts: readonly FlashToast[]) {
  const last = useRef(-1);
  useLayoutEffect(() => {
    const height = document.querySelector<HTMLElement>("body>.toast-room")?.offsetHeight ?? 0;
    // At the top (only there: scrolled down, the browser keeps the page still), by the growth.
    if (last.current >= 0 && !window.scrollY) window.scrollTo(0, height - last.current);
    last.current = height;
  }, [toasts]);
}
