/**
 * GET /users.csv?<the users list's query>: the users list as a CSV file (docs/product.md#list-exports),
 * administrators left out as the list leaves them out.
 */
import type { Route } from "./+types/users-csv";
import { userPages, usersQuery } from "./list-rows.server";
import { type CsvColumn, csvDownload } from "~/export/csv-download.server";
import type { User } from "~/upstream/contract/users";

const CITIZENSHIP = { 0: "Not Applied", 1: "Pending", 2: "Approved" } as const;

const columns: CsvColumn<User>[] = [
  { header: "ID", cell: (user) => user.id },
  { header: "Name", cell: (user) => user.fullName },
  { header: "Email", cell: (user) => user.email },
  { header: "Phone", cell: (user) => user.phone },
  { header: "Country", cell: (user) => user.country },
  { header: "Date of Birth", cell: (user) => user.dateOfBirth },
  { header: "Status", cell: (user) => user.status },
  { header: "Email Verified", cell: (user) => user.isEmailVerified },
  { header: "Banned", cell: (user) => user.isBanned },
  { header: "Citizenship Status", cell: (user) => CITIZENSHIP[user.badgeRequestStatus] },
  { header: "Devices", cell: (user) => user.devicesCount },
];

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { filters } = usersQuery(params);
  return csvDownload(request, {
    // Members' personal data: a fresh re-authentication first (decision 080).
    personal: true,
    list: "users",
    filters: [filters.status, filters.citizenship && `citizenship-${filters.citizenship}`, filters.search],
    columns,
    pages: userPages(request, params),
  });
}
