/**
 * What each signed-in role may do of the panel's own (docs/product.md#roles-and-permissions): the
 * pages and steps that never reach the upstream, where only the panel can refuse. The upstream
 * still decides everything it is asked (a moderator's ban is refused there). One table, read by
 * every loader and action of these pages and by the sidebar.
 */

/** The panel's own capabilities. */
export type PanelCapability =
  /** /audit and its export: who did what, the failed sign-ins' addresses included. */
  | "read-audit"
  /** The bulk review, Confirm, Retry and results pages. */
  | "bulk-actions"
  /** The citizenship queue: opening a request claims it, and blocks other admins. */
  | "review-queue"
  /** Edit or delete another admin's staff note (its author always may): the Owner's, mapped by the roles matrix. */
  | "edit-others-notes"
  /** /messages: create, edit and delete the saved messages (every admin picks from them). */
  | "edit-saved-messages";

/** The roles (as the user cookie keeps them, upper-cased) allowed each capability. */
const ALLOWED: Record<PanelCapability, readonly string[]> = {
  "read-audit": ["ADMIN"],
  "bulk-actions": ["ADMIN"],
  "review-queue": ["ADMIN"],
  "edit-others-notes": ["ADMIN"],
  "edit-saved-messages": ["ADMIN"],
};

/** Every capability `role` may use (the shell's sidebar offers only their pages). */
export function capabilitiesOf(role: string | null): PanelCapability[] {
  return (Object.keys(ALLOWED) as PanelCapability[]).filter((capability) => may(role, capability));
}

/** Whether `role` may use `capability`. */
export function may(role: string | null, capability: PanelCapability): boolean {
  return role !== null && ALLOWED[capability].includes(role);
}
