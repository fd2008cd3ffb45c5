import type { ShouldRevalidateFunction } from "react-router";

import { Link } from "~/components/ui/link";
import type { ShellNotice } from "~/lib/shell-notice";

/** The shell's notices (docs/product.md#list-exports, #second-factor); nothing when there are none. */
export function ShellNotices({ notices }: { notices: ShellNotice[] }) {
  return notices.map(({ id, tone, text, link }) => (
    <div key={id} data-testid={id} role={tone === "alert" ? "alert" : undefined} className={`shell-notice-${tone}`}>
      <p>{text}</p>
      {link ? <Link to={link.to}>{link.label}</Link> : null}
    </div>
  ));
}

/**
 * The shell's shouldRevalidate: its loader runs again on every page the admin opens, not only when
 * the query changes, so the note of an export that ended while they looked at a page shows on the
 * next one with JavaScript too, as it does without.
 */
export const revalidateOnEveryPage: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
