import type { PostCardData } from "~/components/moderation/post-card";
import { type DialogEntry, IntentDialog } from "~/components/ui/intent-dialog";

// Its own module: the posts screen loads it when a confirmation opens (decision 026).

/** The delete confirmation (docs/product.md#posts), as data. */
const POST_DIALOGS: Record<string, DialogEntry<PostCardData>> = {
  delete: {
    title: () => "Delete Post",
    description: "Are you sure you want to delete this post? This action cannot be undone.",
    item: (post) => post.title,
    confirmLabel: "Delete",
  },
};

/** The posts screen's confirmations (`?confirm=<intent>&id=<id>`). */
export function PostDialogs({ rows }: { rows: readonly PostCardData[] }) {
  return <IntentDialog dialogs={POST_DIALOGS} rows={rows} />;
}
