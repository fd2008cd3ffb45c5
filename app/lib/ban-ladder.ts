/**
 * A ban's duration (docs/product.md#bans-with-an-end): the choices the ban confirmation offers, in
 * its order, and the ladder's steps (BAN_LADDER) among them. "until" takes a date and time in the
 * panel's time zone (APP_TIMEZONE). Shared by the browser (the fields) and the server (the checks).
 */
export const BAN_DURATIONS = {
  "1d": "1 day",
  "3d": "3 days",
  "7d": "7 days",
  "30d": "30 days",
  until: "Until a date and time",
  permanent: "Permanent",
} as const;

export type BanDuration = keyof typeof BAN_DURATIONS;

/** The durations a ladder may name: every choice but "until". */
export const LADDER_STEPS = ["1d", "3d", "7d", "30d", "permanent"] as const;
export type LadderStep = (typeof LADDER_STEPS)[number];

/** Days of each fixed duration. */
export const DURATION_DAYS: Record<Exclude<LadderStep, "permanent">, number> = { "1d": 1, "3d": 3, "7d": 7, "30d": 30 };

/** BAN_LADDER read: its steps in order, or null when one is not a known step or it is empty. */
export function parseLadder(text: string): LadderStep[] | null {
  const steps = text
    .split(",")
    .map((step) => step.trim().toLowerCase())
    .filter(Boolean);
  if (steps.length === 0) return null;
  return steps.every((step): step is LadderStep => (LADDER_STEPS as readonly string[]).includes(step)) ? steps : null;
}

/** The ladder's step for `strikes` strikes: the next step, the last one once past its end. */
export function ladderStep(ladder: readonly LadderStep[], strikes: number): LadderStep {
  return ladder[Math.min(strikes, ladder.length - 1)]!;
}

/** Why the confirmation suggests its default: "2 strikes in 180 days: suggested 7 days". */
export function suggestionText(strikes: number, lapseDays: number, step: LadderStep): string {
  return `${strikes} ${strikes === 1 ? "strike" : "strikes"} in ${lapseDays} days: suggested ${BAN_DURATIONS[step].toLowerCase()}`;
}

export const BAN_TEXTS = {
  durationRequired: "Please choose how long the ban lasts",
  untilRequired: "Please give the date and time the ban ends",
  untilInvalid: "Please give a date and time such as 2026-12-31T18:00",
  untilPast: "The end must be in the future",
  messageLabel: "Message to the member (optional)",
  messageHint: "Sent as a push notification once the ban is done",
  notTimed: "Bans that end on their own are not set up on this panel: only a permanent ban is possible.",
} as const;

/** The longest message to a member. */
export const BAN_MESSAGE_MAX = 1_000;

/** What the ban confirmation needs to offer its durations (the browser works out the suggestion). */
export interface BanOffer {
  ladder: LadderStep[];
  lapseDays: number;
  /** Whether bans that end are offered: the panel has an account to un-ban with (BAN_END_EMAIL). */
  timed: boolean;
  timeZone: string;
  /** The earliest "until" the form takes, as a datetime-local value. */
  minUntil: string;
}

/** When a ban posted now ends (epoch ms, null: permanent), or the message for its field. */
export type BanEndRead =
  { ok: true; until: number | null } | { ok: false; field: "duration" | "until"; message: string };
