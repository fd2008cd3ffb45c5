import type { AuditResult } from "~/audit/entry";
import type { BadgeTone } from "~/components/ui/badge";

/** How each result reads, in words and colour (docs/product.md#audit): /audit and a user's History. */
export const RESULT_LABELS: Record<AuditResult, [string, BadgeTone]> = {
  done: ["Done", "green"],
  refused: ["Refused", "gray"],
  failed: ["Failed", "red"],
  unknown: ["Outcome unknown", "yellow"],
};
