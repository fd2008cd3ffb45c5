import type { ShouldRevalidateFunction } from "react-router";

import { FormAlert } from "~/components/ui/form-alert";

/**
 * The admin's note that their last export was incomplete (docs/product.md#list-exports), above the
 * screen: an alert, so it is read out at once and stays until the next page. The shell's loader
 * reads it (app/export/incomplete-notice.server.ts); nothing shows when there is none.
 */
export function ExportNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <div className="mb-4">
      <FormAlert>{notice}</FormAlert>
    </div>
  );
}

/**
 * The shell's shouldRevalidate: its loader runs again on every page the admin opens, not only when
 * the query changes, so the note of an export that ended while they looked at a page shows on the
 * next one with JavaScript too, as it does without.
 */
export const revalidateOnEveryPage: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
