import type { ReactNode } from "react";

/** Colours a badge can take. */
export type BadgeTone = "green" | "yellow" | "red" | "gray" | "blue";

/** A small rounded label for a status or a category. */
export function Badge({
  tone = "gray",
  children,
  className = "",
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    // app.css has `.badge` and one class per tone: a list shows a badge on every row.
    <span className={className ? `badge badge-${tone} ${className}` : `badge badge-${tone}`}>{children}</span>
  );
}

const STATUS_TONES: Record<string, BadgeTone> = {
  verified: "green",
  approved: "green",
  active: "green",
  pending: "yellow",
  pending_verification: "yellow",
  personal_info_submitted: "blue",
  verified_email: "blue",
  unverified_email: "gray",
  inactive: "gray",
  expired: "gray",
  rejected: "red",
  declined: "red",
  banned: "red",
};

/** The tone the panel uses for a status word (verified, pending, rejected, ...); unknown ones are gray. */
export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.trim().toLowerCase()] ?? "gray";
}

/** A badge for a status word, coloured by statusTone; the text is shown as given. */
export function StatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  return <Badge tone={statusTone(status)}>{children ?? status}</Badge>;
}
