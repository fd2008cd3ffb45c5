import { type ReactNode, useId } from "react";
import type { LinkProps } from "react-router";

import { DialogLink } from "~/components/ui/dialog-link";
import { Tooltip } from "~/components/ui/tooltip";

type Variant = "primary" | "secondary" | "danger" | "ghost";
type Size = "sm" | "md";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:brightness-90 focus-visible:outline-brand-600",
  secondary:
    "bg-surface text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand-600",
  danger: "bg-red-600 text-white hover:brightness-90 focus-visible:outline-red-600",
  ghost: "text-slate-700 shadow-none hover:bg-slate-100 focus-visible:outline-brand-600",
};
const sizes: Record<Size, string> = { sm: "px-2.5 py-1.5 text-sm", md: "px-4 py-2 text-sm" };

/** Class names of a button look, for buttons, links and labels. */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

/** A link that looks like a button. */
export function ButtonLink({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <DialogLink className={buttonClass(variant, size, className)} {...props} />;
}

/**
 * A button-looking action that does not apply here, with the reason why, as DisabledIconAction does for a row: it
 * stays focusable (aria-disabled, not disabled) so keyboard users reach it and its tooltip, and screen readers read
 * the reason as its description.
 */
export function DisabledButton({
  reason,
  variant = "primary",
  children,
}: {
  reason: string;
  variant?: Variant;
  children: ReactNode;
}) {
  const reasonId = useId();
  return (
    <Tooltip label={reason} align="end" id={reasonId}>
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={reasonId}
        className={buttonClass(variant, "md", "cursor-not-allowed opacity-60")}
      >
        {children}
      </button>
    </Tooltip>
  );
}
