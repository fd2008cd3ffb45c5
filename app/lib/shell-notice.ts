/**
 * A notice the admin shell shows above every screen (ShellNotices), its words worked out by the
 * server: an `alert` (read out at once: the last export was incomplete) or a `warning` with the way
 * out (the second factor's grace period). `id` names it for tests.
 */
export interface ShellNotice {
  id: string;
  tone: "alert" | "warning";
  text: string;
  link?: { to: string; label: string };
}
