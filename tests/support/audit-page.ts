/** /audit as a test reads it: the entries of its table, one record of column texts per entry. */
import { within } from "@testing-library/dom";

import type { PanelClient } from "./form-post";
import { htmlPage, type HtmlPage } from "./html";

/** The entries of /audit at `search` as `client` reads them, newest first, with the page and its status. */
export async function auditRows(client: PanelClient, search = "") {
  const response = await client.get(`/audit${search}`);
  const page: HtmlPage = await htmlPage(response);
  const table = page.getByRole("table", { name: "Audit entries" });
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent!.trim());
  const rows = within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).queryAllByRole("cell"))
    .filter((cells) => cells.length === headers.length)
    .map((cells) => Object.fromEntries(cells.map((cell, index) => [headers[index]!, cell.textContent!.trim()])));
  return { status: response.status, page, rows };
}
