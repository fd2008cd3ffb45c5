/** What the bulk pages' loaders hand their components (docs/product.md#bulk-actions). */
import type { Interruption, ItemResult } from "./batch-store.server";
import type { BanOffer } from "~/lib/ban-ladder";
import type { NoteSummary } from "~/state/staff-notes.server";
import type { SavedMessagePickerView } from "~/components/moderation/saved-message-picker";

/** An item as the bulk pages name it: a link to where it is seen in the panel. */
export interface BulkItemLink {
  id: string;
  name: string;
  href: string;
}

/** The review page: what the selection comes to, or why it cannot be reviewed. */
export type BulkReviewView =
  | { ok: false; title: string; message: string; back: string }
  | {
      ok: true;
      /** The list's title: "Users". */
      title: string;
      back: string;
      action: {
        label: string;
        reasons: readonly string[] | null;
        defaultMessage: string | null;
        /** A ban's durations (docs/product.md#bans-with-an-end), or null for an action that asks none. */
        banOffer: BanOffer | null;
        /** The saved messages that may start the message (docs/product.md#saved-messages), or null. */
        picker: SavedMessagePickerView | null;
      };
      matching: boolean;
      max: number;
      /** More ids were named than `max`. */
      capped: boolean;
      /** "Select all matching": how many matching items the action applies to, and how many of them are not reached. */
      applies: number;
      appliesNoun: string;
      notReached: number;
      /** How many items the action applies to, and their noun ("users"). */
      count: number;
      noun: string;
      /** One page of those items, every one of them reachable page by page in the URL, with their member's staff notes in short. */
      items: (BulkItemLink & { notes: NoteSummary | null })[];
      pages: { page: number; of: number; first: number; last: number; previous: string | null; next: string | null };
      stale: { id: string; name: string; why: string }[];
      staleCount: number;
      notOnList: string[];
    };

/** One item on the results page. */
export interface BulkResultItem extends BulkItemLink {
  result: ItemResult;
  detail: string | null;
}

/** The results page of a batch. */
export interface BulkResultsView {
  title: string;
  label: string;
  reason: string | null;
  running: boolean;
  /** Why it ended before all its items ran (the panel stopped, or its process was lost), or null. */
  interrupted: Interruption | null;
  back: string;
  cappedAt: number | null;
  leftOut: number;
  /** "Select all matching" beyond the cap: what it applied to, what it took, and where to run it again. */
  more: { applies: number; taken: number; notReached: number; again: string; noun: string } | null;
  notApplying: number;
  counts: Record<ItemResult, number>;
  /** Failed, unknown and not-run items: what Retry runs again (each read again first). */
  retry: number;
  /** Done items whose message to the member was not sent: what "Resend the message" sends. */
  resend: number;
  items: BulkResultItem[];
}
