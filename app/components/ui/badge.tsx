import type { ReactNode } from "react";

/** Colours a badge can take. */
export type BadgeTone = "green" | "yellow" | "red" | "gray" | "blue";

const tones: Record<BadgeTone, string> = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  yellow: "bg-amber-50 text-amber-800 ring-amber-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  gray: "bg-slate-100 text-slate-700 ring-slate-500/20",
  blue: "bg-sky-50 text-sky-700 ring-sky-600/20",
};

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
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {children}
    </span>
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
