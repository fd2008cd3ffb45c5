import type { ReactNode } from "react";

/**
 * A CSS-only tooltip (no JavaScript): the label shows above the child on hover and on keyboard
 * focus. It is decorative (aria-hidden); give the child its own accessible name, usually the same
 * text as `aria-label`, and a `title` so the label also shows where the bubble would be clipped.
 */
export function Tooltip({
  label,
  children,
  align = "center",
  className = "",
}: {
  label: string;
  children: ReactNode;
  /** Where the bubble sits: centred over the child, or flush with its start or end edge (near a clipping edge). */
  align?: "center" | "start" | "end";
  className?: string;
}) {
  const position = align === "start" ? "left-0" : align === "end" ? "right-0" : "left-1/2 -translate-x-1/2";
  return (
    <span className={`group/tooltip relative inline-flex ${className}`}>
      {children}
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute bottom-full z-20 mb-1.5 ${position} rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-slate-50 opacity-0 shadow transition-opacity delay-0 group-focus-within/tooltip:opacity-100 group-hover/tooltip:opacity-100`}
      >
        {label}
      </span>
    </span>
  );
}
