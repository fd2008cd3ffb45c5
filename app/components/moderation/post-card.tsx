import { Avatar } from "~/components/ui/avatar";
import { SelectRow } from "~/components/ui/bulk-selection";
import { EmailText } from "~/components/ui/email-text";
import { DialogLink } from "~/components/ui/dialog-link";
import { Icon } from "~/components/ui/icon";

/** A forum post as the screens show it; title and description are member text, shown as text. */
export interface PostCardData {
  id: string;
  title: string;
  description: string;
  date: string;
  author: { name: string; email: string; avatar: string | null };
}

/**
 * One post: title, description, author and date, with an optional delete link, an optional
 * "Delete and warn the author" link and, on the posts list, a checkbox for its BulkSelection
 * (docs/product.md#posts).
 */
export function PostCard({
  post,
  deleteHref,
  warnHref,
  compact = false,
  selectable = false,
}: {
  post: PostCardData;
  deleteHref?: string;
  warnHref?: string;
  compact?: boolean;
  selectable?: boolean;
}) {
  return (
    <article
      className="flex w-full flex-col rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={`post-${post.id}-title`}
    >
      <div className="flex items-start gap-3">
        {selectable ? <SelectRow id={post.id} name={post.title} /> : null}
        <h3 id={`post-${post.id}-title`} className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">
          {post.title}
        </h3>
        {deleteHref ? (
          <DialogLink
            to={deleteHref}
            preventScrollReset
            aria-label={`Delete post ${post.title}`}
            title="Delete post"
            className="-m-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            <Icon name="solid-trash" className="size-5" />
          </DialogLink>
        ) : null}
      </div>
      <p
        className={`mt-2 text-sm break-words whitespace-pre-line text-slate-600 ${compact ? "line-clamp-2" : "line-clamp-4"}`}
      >
        {post.description}
      </p>
      <footer className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-100 pt-4">
        <Avatar src={post.author.avatar} name={post.author.name || post.author.email || "?"} size="sm" />
        <div className="min-w-32 flex-1 text-sm">
          <p className="font-medium break-words text-slate-900">{post.author.name || "Unknown author"}</p>
          {post.author.email ? (
            <p className="text-xs text-slate-500">
              <EmailText value={post.author.email} />
            </p>
          ) : null}
        </div>
        <time className="shrink-0 text-xs text-slate-500">{post.date}</time>
      </footer>
      {warnHref ? (
        <DialogLink
          to={warnHref}
          preventScrollReset
          aria-label={`Delete and warn the author of ${post.title}`}
          className="post-warn-link"
        >
          Delete and warn the author
        </DialogLink>
      ) : null}
    </article>
  );
}
