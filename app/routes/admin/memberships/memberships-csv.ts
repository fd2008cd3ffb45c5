/**
 * GET /memberships.csv: the membership plans the list shows (every plan for an admin, the active
 * ones for other roles) as a CSV file (docs/product.md#list-exports).
 */
import type { Route } from "./+types/memberships-csv";
import { env } from "~/config/env.server";
import { csvDate } from "~/export/csv-cell";
import { type CsvColumn, csvDownload, onePage } from "~/export/csv-download.server";
import { requireUser } from "~/session/user.server";
import type { Plan } from "~/upstream/contract/memberships";
import { listPlans } from "~/upstream/memberships.server";

function columns(timeZone: string): CsvColumn<Plan>[] {
  return [
    { header: "ID", cell: (plan) => plan.id },
    { header: "Name", cell: (plan) => plan.name },
    { header: "Price", cell: (plan) => plan.price },
    { header: "Period", cell: (plan) => plan.period },
    { header: "Active", cell: (plan) => plan.isActive },
    { header: "Created At", cell: (plan) => csvDate(plan.createdAt, timeZone) },
    { header: "Updated At", cell: (plan) => csvDate(plan.updatedAt, timeZone) },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { role } = await requireUser(request);
  return csvDownload(request, {
    list: "memberships",
    filters: [],
    columns: columns(env().APP_TIMEZONE),
    pages: onePage(() => listPlans(request, role)),
  });
}
