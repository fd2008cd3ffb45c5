import type { SavedMessageAction } from "~/lib/saved-message-actions";

/**
 * The saved messages the panel starts with (docs/product.md#saved-messages), seeded on the first
 * read of the list; admins change or delete them on /messages. The first rejection's text is the
 * queue's default message to the member.
 */
export const DEFAULT_SAVED_MESSAGES: readonly { action: SavedMessageAction; title: string; text: string }[] = [
  {
    action: "warn",
    title: "Community guidelines",
    text: "Please keep to the community guidelines. Another breach may lead to a ban.",
  },
  {
    action: "warn",
    title: "Spam",
    text: "Please stop posting advertising or repeated messages. Another breach may lead to a ban.",
  },
  {
    action: "ban",
    title: "Repeated breaches",
    text: "Your account has been banned for repeated breaches of the community guidelines.",
  },
  {
    action: "ban",
    title: "Spam",
    text: "Your account has been banned for posting spam.",
  },
  {
    action: "reject-citizenship",
    title: "Documents unclear",
    text: "Your citizenship request was not approved this time. Please check your documents in the app and apply again.",
  },
  {
    action: "reject-citizenship",
    title: "Passport expired",
    text: "Your citizenship request was not approved: the passport you sent has expired. Please apply again with a valid passport.",
  },
];
