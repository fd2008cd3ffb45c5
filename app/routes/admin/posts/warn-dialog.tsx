import { SavedMessagePicker, type SavedMessagePickerView } from "~/components/moderation/saved-message-picker";
import type { PostCardData } from "~/components/moderation/post-card";
import { WarnFields } from "~/components/moderation/warn-fields";
import { Dialog, StaleDialog } from "~/components/ui/dialog";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { MutationForm } from "~/recipe/mutation-form";

// Its own module: the posts list loads it when the dialog opens (lazyDialog, decision 026).

const TITLE = "Delete and warn the author";

/**
 * "Delete and warn the author" (docs/product.md#posts, decision 083): `?confirm=delete-and-warn&id=<id>`
 * on the posts list. It names the post and its author, and asks Warn's fields: a reason from the
 * moderation list and the message pushed to the author, which a saved warning may start (the
 * picker loads the list again with `?saved=<id>`, the dialog open). A post that is gone, or has
 * no author, says so with Close instead of the button (Back can bring an old URL back).
 */
export function PostWarnDialog({
  post,
  closeTo,
  failure,
  picker,
  here,
  keep,
}: {
  /** The post of the dialog's id, if the list still holds it. */
  post: (PostCardData & { warnable: boolean }) | undefined;
  closeTo: string;
  failure: { errors?: Partial<Record<string, { message: string }>>; values?: Record<string, unknown> } | null;
  picker: SavedMessagePickerView | null;
  /** The list's path, and the parameters the picker keeps (the search, the open dialog). */
  here: string;
  keep: readonly (readonly [string, string])[];
}) {
  if (!post?.warnable)
    return (
      <StaleDialog
        title={TITLE}
        reason={post ? "This post has no author to warn" : "This post has already been deleted"}
        closeTo={closeTo}
      />
    );
  const typed = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  return (
    <Dialog
      title={TITLE}
      description="The post is deleted, then its author is warned: the warning counts as a strike towards the ban ladder."
      closeTo={closeTo}
    >
      <dl className="confirm-facts mb-4">
        <dt>Post</dt>
        <dd>“{post.title}”</dd>
        <dt>Author</dt>
        <dd>{post.author.name ? `${post.author.name} (${post.author.email})` : post.author.email}</dd>
      </dl>
      {picker ? <SavedMessagePicker picker={picker} to={here} keep={keep} /> : null}
      <MutationForm preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="delete-and-warn" />
        <input type="hidden" name="id" value={post.id} />
        <WarnFields id="post-warn" typed={typed} errors={errors} chosen={picker?.chosen} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton variant="danger" pendingLabel="Deleting...">
            Delete and warn
          </SubmitButton>
        </div>
      </MutationForm>
    </Dialog>
  );
}
