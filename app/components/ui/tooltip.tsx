import type { ReactNode } from "react";

/**
 * A CSS-only tooltip (no JavaScript): the label shows above the child on hover and on keyboard
 * focus. It is decorative (aria-hidden); give the child its own accessible name, usually the same
 * text as `aria-label`, and a `title` so the label also shows where the bubble would be clipped.
 */
export function Tooltip({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <span className={`group/tooltip relative inline-flex ${className}`}>
      {children}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-1.5 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow transition-opacity delay-0 group-focus-within/tooltip:opacity-100 group-hover/tooltip:opacity-100"
      >
        {label}
      </span>
    </span>
  );
}
