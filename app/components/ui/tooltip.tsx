import type { ReactNode } from "react";

/** Where the bubble sits: app.css has a class per side and per alignment (`.tooltip-top`, `.tooltip-center`, ...). */
type Side = "top" | "bottom" | "right";

/**
 * A CSS-only tooltip (no JavaScript): the label shows at once above (or below, or to the right
 * of) the child on hover and on keyboard focus. By default it is decorative (aria-hidden); give
 * the child its own accessible name. With `id` the bubble is a description the child can point
 * at (aria-describedby), e.g. the reason an action is unavailable.
 */
export function Tooltip({
  label,
  children,
  align = "center",
  side = "top",
  id,
  className = "",
  bubbleClassName = "",
}: {
  label: string;
  children: ReactNode;
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
  // One short class per side and alignment: a list shows a tooltip on every row's every action.
  const position = side === "right" ? "tooltip-right" : `tooltip-${side} tooltip-${align}`;
  return (
    <span className={className ? `tooltip ${className}` : "tooltip"}>
      {children}
      <span
        id={id}
        aria-hidden={id ? undefined : "true"}
        data-tooltip
        className={bubbleClassName ? `tooltip-bubble ${position} ${bubbleClassName}` : `tooltip-bubble ${position}`}
      >
        {label}
      </span>
    </span>
  );
}
