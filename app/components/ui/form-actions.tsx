import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "~/components/ui/link";

import { buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/recipe/mutation-form";

/**
 * A mutation form's Cancel: a link back to `to` (the screen without the form), disabled while
 * the form's submission is pending, so the admin always sees its outcome (spec 2.2).
 */
export function CancelLink({
  to,
  replace = true,
  size = "md",
  children = "Cancel",
}: {
  to: LinkProps["to"];
  /** A dialog's Cancel (the default) replaces its history entry, so Back does not reopen it, and keeps the screen's scroll. */
  replace?: boolean;
  size?: "sm" | "md";
  children?: ReactNode;
}) {
  const pending = useIsPending();
  return (
    <Link
      to={to}
      replace={replace}
      preventScrollReset={replace}
      aria-disabled={pending || undefined}
      tabIndex={pending ? -1 : undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
      className={buttonClass("secondary", size, pending ? "pointer-events-none opacity-60" : "")}
    >
      {children}
    </Link>
  );
}

/**
 * A mutation form's submit button: disabled, and saying `pendingLabel`, while the form's
 * submission is pending (spec 2.2); `disabled` adds the screen's own reasons.
 */
export function SubmitButton({
  pendingLabel,
  variant = "primary",
  disabled = false,
  className,
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  pendingLabel?: ReactNode;
  variant?: "primary" | "danger";
}) {
  const pending = useIsPending();
  return (
    <button type="submit" disabled={pending || disabled} className={className ?? buttonClass(variant)} {...props}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
