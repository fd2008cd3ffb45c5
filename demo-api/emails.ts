/** Texts of the messages the demo API "sends"; they land in the outbox instead. */
import type { OutboxMessage } from "./types.ts";

/** A message before the outbox gives it an id and a timestamp. */
export type OutboxDraft = Omit<OutboxMessage, "id" | "createdAt">;

/** Email with the link of the panel's /verify page. */
export function verificationEmail(to: string, token: string, panelOrigin: string): OutboxDraft {
  const link = `${panelOrigin}/verify?token=${encodeURIComponent(token)}`;
  return {
    kind: "email",
    to,
    subject: "Verify your email address",
    text: `Welcome! Confirm your email address by opening this link: ${link}`,
    links: [link],
    token,
  };
}

/** Email with the link of the panel's /reset-password page (valid one hour). */
export function resetPasswordEmail(to: string, token: string, panelOrigin: string): OutboxDraft {
  const link = `${panelOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    kind: "email",
    to,
    subject: "Reset your password",
    text: `Someone asked to reset the password of this account. Open this link within one hour to choose a new one: ${link}\nIf it was not you, ignore this email.`,
    links: [link],
    token,
  };
}

/** Email with the six-digit key that confirms an account deletion. */
export function securityKeyEmail(to: string, securityKey: string): OutboxDraft {
  return {
    kind: "email",
    to,
    subject: "Your account deletion security key",
    text: `Your security key is ${securityKey}. Enter it on the account deletion page to delete your account. It expires in 15 minutes.`,
    links: [],
    securityKey,
  };
}

/** A push notification to every device of one user. */
export function pushNotification(to: string, title: string, body: string): OutboxDraft {
  return { kind: "push", to, subject: title, text: body, links: [] };
}
