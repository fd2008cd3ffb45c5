import type { ReactNode } from "react";

/** Where the bubble sits: app.css draws it above and centred, and has a class for each other side and alignment. */
type Side = "top" | "bottom" | "right";

/**
 * A CSS-only tooltip (no JavaScript): the label shows at once above (or below, or to the right
 * of) the child on hover and on keyboard focus. By default it is decorative (aria-hidden); give
 * the child its own accessible name. With `id` the bubble is a description the child can point
 * at (aria-describedby), e.g. the reason an action is unavailable. A `label` of null leaves the
 * bubble out and keeps the child where it was (the expanded sidebar has no bubbles).
 */
export function Tooltip({
  label,
  children,
  align = "center",
  side = "top",
  id,
  className = "",
  bubbleClassName = "",
  as: Anchor = "span",
  inRow = false,
}: {
  label: string | null;
  children: ReactNode;
  /** The anchor's element: `li` when the tooltip is a list's item (the sidebar's entries), one element less. */
  as?: "span" | "li";
  /** A child of a row's actions (`.row-actions`, app.css), which anchors it: no class of its own, on every row. */
  inRow?: boolean;
  /** Where a top or bottom bubble sits: centred over the child, or flush with its start or end edge (near a clipping edge). */
  align?: "center" | "start" | "end";
  /** Which side of the child the bubble shows on: `bottom` for controls at the top of the page. */
  side?: Side;
  /** Makes the bubble a description the child can reference. */
  id?: string;
  className?: string;
  /** Extra classes for the bubble, e.g. to show it only at some widths. */
  bubbleClassName?: string;
}) {
  // The bubble is the child marked data-tooltip (app.css): a list shows one on every row's every
  // action, so the common one (above, centred) carries no class at all.
  const position = [
    side === "top" ? "" : `tooltip-${side}`,
    side === "right" || align === "center" ? "" : `tooltip-${align}`,
    bubbleClassName,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Anchor className={inRow ? className || undefined : className ? `tooltip ${className}` : "tooltip"}>
      {children}
      {label === null ? null : (
        <span id={id} aria-hidden={id ? undefined : "true"} data-tooltip="" className={position || undefined}>
          {label}
        </span>
      )}
    </Anchor>
  );
}
