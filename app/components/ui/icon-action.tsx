import { type MouseEvent, useId } from "react";

import { Icon } from "~/components/ui/icon";
import { Tooltip } from "~/components/ui/tooltip";
import { DialogLink } from "~/components/ui/dialog-link";
import type { SolidIconName } from "~/components/ui/icon-names";

/** What an icon action does, by colour. */
export type IconActionTone = "neutral" | "danger" | "success" | "warning";

/** The class of a square icon control of a table or list row (a link or a form's button): app.css has one per tone, neutral the default. */
export function iconActionClass(tone: IconActionTone | "disabled" = "neutral"): string {
  return tone === "neutral" ? "icon-action" : `icon-action-${tone}`;
}

/**
 * One icon action of a row, with its tooltip. `label` is the tooltip text; `name`, the
 * accessible name, adds the row's item ("Deactivate Premium") so a screen reader tells rows apart.
 * With `to` it is a client-side link (a screen, or a URL-state dialog); with `href` a plain
 * `<a>` (a download or another site). It sits in a row's actions (`.row-actions`, app.css), which
 * anchors its tooltip.
 */
export function IconAction({
  label,
  item,
  name = item ? `${label} ${item}` : label,
  icon,
  tone = "neutral",
  align,
  ...link
}: {
  label: string;
  /** What the row is about ("Premium"): the accessible name is then `${label} ${item}`. */
  item?: string;
  /** The accessible name, when it is not `label` or `label` plus `item`. */
  name?: string;
  /** A 20/solid icon: an icon action is a control (decision 023). */
  icon: SolidIconName;
  tone?: IconActionTone;
  align?: "center" | "end";
} & (
  | { to: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }
  | { href: string; download?: boolean; newTab?: boolean }
)) {
  // app.css sizes an icon action's icon.
  const glyph = <Icon name={icon} />;
  return (
    <Tooltip label={label} align={align} inRow>
      {"to" in link ? (
        <DialogLink
          to={link.to}
          onClick={link.onClick}
          preventScrollReset
          aria-label={name}
          className={iconActionClass(tone)}
        >
          {glyph}
        </DialogLink>
      ) : (
        <a
          href={link.href}
          download={link.download || undefined}
          target={link.newTab ? "_blank" : undefined}
          rel={link.newTab ? "noopener noreferrer" : undefined}
          aria-label={name}
          className={iconActionClass(tone)}
        >
          {glyph}
        </a>
      )}
    </Tooltip>
  );
}

/**
 * An icon action that does not apply to this row, with the reason why. It stays focusable
 * (aria-disabled, not disabled), so keyboard users reach it and its tooltip, and screen readers
 * read the reason as its description: "Verify User, dimmed, User Verified". It sits in a row's
 * actions (`.row-actions`), as IconAction does.
 */
export function DisabledIconAction({
  name,
  reason,
  icon,
  align = "end",
}: {
  name: string;
  reason: string;
  /** A 20/solid icon: an icon action is a control (decision 023). */
  icon: SolidIconName;
  align?: "center" | "end";
}) {
  const reasonId = useId();
  return (
    <Tooltip label={reason} align={align} id={reasonId} inRow>
      <button
        type="button"
        aria-disabled="true"
        aria-label={name}
        aria-describedby={reasonId}
        className={iconActionClass("disabled")}
      >
        <Icon name={icon} />
      </button>
    </Tooltip>
  );
}
