// The sessions page's rows, texts and confirmations, apart from its server code: the page reads
// them at once and loads the dialog only when one opens (decision 026).
import type { Confirmations } from "~/recipe/confirmation";

/** One session as the page lists it (docs/product.md#sessions). */
export interface SessionRow {
  /** The session's reference (never its id): what its form posts and the audit trail names. */
  id: string;
  /** Whether it is the session asking. */
  current: boolean;
  /** "Firefox on Linux" (browserAndDevice). */
  device: string;
  address: string;
  signedInAt: string;
  signedIn: string;
  lastSeenAt: string;
  lastSeen: string;
}

/** The sessions page's texts (docs/product.md#sessions). */
export const SESSION_TEXTS = {
  signedOut: "Session signed out",
  othersSignedOut: (count: number) => `Signed out of ${count} other ${count === 1 ? "session" : "sessions"}`,
  someSignedOut: (ended: number, all: number) => `Signed out of ${ended} of ${all} other sessions. Please try again.`,
  failed: "Failed to sign out the session",
  ended: "This session has already ended",
  thisSession: "This is the session you are using: sign out from the user menu",
  noOthers: "There are no other sessions",
  loadError: "Sessions could not be read. Please try again.",
} as const;

/**
 * How each intent is confirmed: one session's Sign out posts at once (it names its session, and
 * signing in again undoes it); signing out all the others asks first. Its link names this
 * session's row, so the dialog opens only while this session is listed.
 */
export function sessionConfirmations(others: number): Confirmations<SessionRow> {
  return {
    "sign-out": { asks: "nothing" },
    "sign-out-others": {
      asks: "dialog",
      title: "Sign out all other sessions",
      description:
        "Every other browser signed in to your account is signed out at its next request. This session stays signed in.",
      confirmLabel: "Sign out all",
      tone: "danger",
      stale: () => (others === 0 ? SESSION_TEXTS.noOthers : null),
    },
  };
}
