/** The columns of a user's two invite exports (docs/product.md#list-exports): the invites page's and the invitees'. */
import { csvDate } from "~/export/csv-cell";
import type { CsvColumn } from "~/export/csv-download.server";
import type { Invite } from "~/upstream/contract/invites";

/** An invite's ID, the email its page shows (`email`), status and date in `timeZone`. */
export function inviteCsvColumns(email: "invitedTo" | "invitedToEmail", timeZone: string): CsvColumn<Invite>[] {
  return [
    { header: "ID", cell: (invite) => invite.id },
    { header: "Email", cell: (invite) => invite[email] },
    { header: "Status", cell: (invite) => invite.status },
    { header: "Invite Date", cell: (invite) => csvDate(invite.createdAt, timeZone) },
  ];
}
