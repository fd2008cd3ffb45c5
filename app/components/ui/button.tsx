import { type ReactNode, useId } from "react";
import { DialogLink } from "~/components/ui/dialog-link";
import type { LinkProps } from "~/components/ui/link";
import { Tooltip } from "~/components/ui/tooltip";

type Variant = "primary" | "secondary" | "danger" | "ghost";
type Size = "sm" | "md";

/** Class names of a button look, for the panel's buttons and for elements that are not buttons (links, labels): app.css has `.btn`, one class per variant and `.btn-sm` (decision 069). */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  const look = size === "sm" ? `btn btn-${variant} btn-sm` : `btn btn-${variant}`;
  return extra ? `${look} ${extra}` : look;
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
