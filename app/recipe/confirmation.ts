import type { MouseEvent } from "react";
import { useSubmit } from "react-router";

import { ONCE_FIELD, useIsPending, useOnceKey } from "~/recipe/mutation-form";

/**
 * How an intent is confirmed before it is posted: the one model of every row and page action
 * (docs/how-a-screen-works.md#dialogs-are-data, decision 047). A screen declares one per intent its
 * action answers, in a `Confirmations` table; ConfirmDialog (app/components/ui/confirm-dialog.tsx)
 * renders the asking ones.
 * - `dialog`: a link opens `?confirm=<intent>&id=<id>`, where ConfirmDialog asks; the server
 *   renders it, so it works without JavaScript.
 * - `browser`: with JavaScript the link asks the browser's own confirm (`description`) and posts at
 *   once (useConfirmationLink); without JavaScript it opens the same dialog.
 * - `nothing`: a form button that posts at once (a toggle that says the state it wants, Sync).
 */
export type Confirmation<Row> = DialogConfirmation<Row> | BrowserConfirmation<Row> | { asks: "nothing" };

/** What a confirmation dialog says about a row, and when its action no longer applies. */
interface ConfirmationText<Row> {
  title: string | ((row: Row) => string);
  description: string | ((row: Row) => string);
  confirmLabel: string;
  tone?: "danger" | "primary";
  /** What the action is about, named under the question (when the title does not say it). */
  item?: (row: Row) => string;
  /** Why the action no longer applies to the row, or null: the same check its action makes. */
  stale?: (row: Row) => string | null;
  /** The dialog also asks a ban's terms: how long, why, the message (docs/product.md#bans-with-an-end). */
  terms?: "ban";
}

interface DialogConfirmation<Row> extends ConfirmationText<Row> {
  asks: "dialog";
}

interface BrowserConfirmation<Row> extends ConfirmationText<Row> {
  asks: "browser";
  /** The browser's question, and the dialog's without JavaScript. */
  description: string;
}

/**
 * The delete confirmation of a `noun` ("post"): 'Delete Post', 'Are you sure you want to delete
 * this post? This action cannot be undone.', the item named under the question.
 */
export function deleteConfirmation<Row>(noun: string, item: (row: Row) => string): Confirmation<Row> {
  return {
    asks: "dialog",
    title: `Delete ${noun.charAt(0).toUpperCase()}${noun.slice(1)}`,
    description: `Are you sure you want to delete this ${noun}? This action cannot be undone.`,
    item,
    confirmLabel: "Delete",
  };
}

/** A screen's confirmations, one per intent (the `?confirm=` value and the posted `intent`). */
export type Confirmations<Row> = Readonly<Record<string, Confirmation<Row>>>;

/**
 * The click of a link to an intent's confirmation (`?confirm=<intent>&id=<id>`). When the intent
 * asks the browser, the click asks its confirm and, on OK, posts `fields` to `action` with a
 * one-time key of its own, without opening the dialog; `pending` is that post on its way. For
 * any other intent the click is the link's own: it opens the dialog.
 */
export function useConfirmationLink<Row>(
  confirmation: Confirmation<Row>,
  fields: { intent: string; id: string },
  action: string,
) {
  const submit = useSubmit();
  const key = useOnceKey();
  const pending = useIsPending(key);
  const onClick =
    confirmation.asks === "browser"
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          if (!window.confirm(confirmation.description)) return;
          // Not awaited: the navigation it starts shows the outcome (the action's answer and toast).
          void submit(
            { ...fields, [ONCE_FIELD]: key },
            { method: "post", action, preventScrollReset: true, flushSync: true },
          );
        }
      : undefined;
  return { onClick, pending };
}
