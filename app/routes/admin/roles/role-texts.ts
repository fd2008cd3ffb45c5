// The roles page's rows and texts, apart from its server code (docs/product.md#roles).
import type { PanelRole } from "~/session/permissions";

/** One admin the panel knows, as the roles page lists them. */
export interface AdminRow {
  /** The upstream user id: what the page's forms post and the audit trail names. */
  id: string;
  email: string;
  name: string | null;
  role: PanelRole;
  roleLabel: string;
  /** Whether the upstream has them as an admin (another upstream role is at most a Viewer). */
  upstreamAdmin: boolean;
  /** Named by OWNER_EMAILS: no one changes their role on this page. */
  owner: boolean;
  /** The Owner looking at the page. */
  self: boolean;
  secondFactor: boolean;
  sessions: number;
  lastSignIn: string | null;
}

/** The roles page's texts. */
export const ROLE_TEXTS = {
  roleChanged: "Role changed",
  factorReset: "Two-factor authentication reset: they set it up again at their next sign-in",
  sessionsEnded: (email: string, count: number) =>
    `Signed ${email} out of ${count} ${count === 1 ? "session" : "sessions"}`,
  someEnded: (ended: number, all: number) => `Signed out of ${ended} of ${all} sessions. Please try again.`,
  noSessions: (email: string) => `${email} has no session to end`,
  noFactor: (email: string) => `${email} has no two-factor authentication to reset`,
  already: (email: string, role: PanelRole) =>
    `${email} is already ${role === "ADMIN" ? "an" : "a"} ${role.charAt(0)}${role.slice(1).toLowerCase()}`,
  notYourself: "Your own role, factor and sessions are changed on your account pages, not here",
  ownerByConfig: "Owners are named by OWNER_EMAILS: their role is not changed here",
  notUpstreamAdmin: "The upstream does not have this account as an admin: it is at most a Viewer",
  unknownAdmin: "This admin has not signed in to the panel",
  failed: "Failed to change the admin",
  loadError: "Roles could not be read. Please try again.",
} as const;
