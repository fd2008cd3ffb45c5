/** GET /badge-requests.csv?<the list's query>: the pending citizenship requests as a CSV file (docs/product.md#list-exports). */
import type { Route } from "./+types/badge-requests-csv";
import { badgeRequestPages } from "./list-rows.server";
import { type CsvColumn, csvDownload } from "~/export/csv-download.server";
import type { BadgeRequest } from "~/upstream/contract/users";

const columns: CsvColumn<BadgeRequest>[] = [
  { header: "ID", cell: (badge) => badge.id },
  { header: "Name", cell: (badge) => badge.fullName },
  { header: "Email", cell: (badge) => badge.email },
  { header: "Phone", cell: (badge) => badge.phone },
];

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return csvDownload(request, {
    // Members' personal data: a fresh re-authentication first (decision 080).
    personal: true,
    list: "citizenship-requests",
    filters: [params.get("search")],
    columns,
    pages: badgeRequestPages(request, params),
  });
}
