import type { ReactNode } from "react";

const SIDES = {
  top: "bottom-full mb-1.5",
  bottom: "top-full mt-1.5",
  right: "top-1/2 left-full ml-2 -translate-y-1/2",
} as const;

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
  side?: keyof typeof SIDES;
  /** Makes the bubble a description the child can reference. */
  id?: string;
  className?: string;
  /** Extra classes for the bubble, e.g. to show it only at some widths. */
  bubbleClassName?: string;
}) {
  const position =
    side === "right" ? "" : align === "start" ? "left-0" : align === "end" ? "right-0" : "left-1/2 -translate-x-1/2";
  return (
    <span className={`group/tooltip relative inline-flex ${className}`}>
      {children}
      <span
        id={id}
        aria-hidden={id ? undefined : "true"}
        data-tooltip
        className={`tooltip-bubble ${SIDES[side]} ${position} ${bubbleClassName}`}
      >
        {label}
      </span>
    </span>
  );
}
