/** GET /announcements.csv?<the list's query>: the announcements as a CSV file (docs/product.md#list-exports). */
import type { Route } from "./+types/announcements-csv";
import { announcementPages } from "./list-rows.server";
import { env } from "~/config/env.server";
import { csvDate } from "~/export/csv-cell";
import { type CsvColumn, csvDownload } from "~/export/csv-download.server";
import type { Announcement } from "~/upstream/contract/announcements";

function columns(timeZone: string): CsvColumn<Announcement>[] {
  return [
    { header: "ID", cell: (announcement) => announcement.id },
    { header: "Title", cell: (announcement) => announcement.title },
    { header: "Description", cell: (announcement) => announcement.description },
    { header: "Date", cell: (announcement) => csvDate(announcement.date, timeZone) },
    { header: "Active", cell: (announcement) => announcement.isActive },
    { header: "Pinned", cell: (announcement) => announcement.isPinned },
    { header: "Published At", cell: (announcement) => csvDate(announcement.publishedAt, timeZone) },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return csvDownload(request, {
    list: "announcements",
    filters: [params.get("search")],
    columns: columns(env().APP_TIMEZONE),
    pages: announcementPages(request, params),
  });
}
