/** What the bulk pages' loaders hand their components (docs/product.md#bulk-actions). */
import type { ItemResult } from "./batch-store.server";

/** The review page: what the selection comes to, or why it cannot be reviewed. */
export type BulkReviewView =
  | { ok: false; title: string; message: string; back: string }
  | {
      ok: true;
      /** The list's title: "Users". */
      title: string;
      back: string;
      action: { label: string; reasons: readonly string[] | null; defaultMessage: string | null };
      matching: boolean;
      max: number;
      capped: boolean;
      /** How many items the action applies to, their first names, and how many more. */
      count: number;
      noun: string;
      names: string[];
      more: number;
      stale: { id: string; name: string; why: string }[];
      notOnList: string[];
    };

/** One item on the results page. */
export interface BulkResultItem {
  id: string;
  name: string;
  result: ItemResult;
  detail: string | null;
}

/** The results page of a batch. */
export interface BulkResultsView {
  title: string;
  label: string;
  reason: string | null;
  running: boolean;
  back: string;
  cappedAt: number | null;
  leftOut: number;
  counts: Record<ItemResult, number>;
  /** Failed and unknown items: what "Retry failed" runs again (each read again first). */
  retry: number;
  items: BulkResultItem[];
}
