/** GET /posts.csv?<the list's query>: the posts as a CSV file (docs/product.md#list-exports). */
import type { Route } from "./+types/posts-csv";
import { postPages } from "./list-rows.server";
import { env } from "~/config/env.server";
import { csvDate } from "~/export/csv-cell";
import { type CsvColumn, csvDownload } from "~/export/csv-download.server";
import type { Post } from "~/upstream/contract/posts";

function columns(timeZone: string): CsvColumn<Post>[] {
  return [
    { header: "ID", cell: (post) => post.id },
    { header: "Title", cell: (post) => post.title },
    { header: "Description", cell: (post) => post.description },
    { header: "Author", cell: (post) => post.user?.fullName },
    { header: "Author Email", cell: (post) => post.user?.email },
    { header: "Created At", cell: (post) => csvDate(post.createdAt, timeZone) },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return csvDownload(request, {
    list: "posts",
    filters: [params.get("search")],
    columns: columns(env().APP_TIMEZONE),
    pages: postPages(request, params),
  });
}
