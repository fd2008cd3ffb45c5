// Download CSV, the journey (docs/product.md#list-exports): filter a list, click the link, get a
// file named after the filter whose rows are the filtered list's, with and without JavaScript.
import { readFile } from "node:fs/promises";

import { parse } from "csv-parse/sync";

import { demoUsers } from "../support/demo-data";
import { resetDemo } from "../support/demo-hooks";
import { confirmAhead, startSession } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { applyFilters, openList } from "./list-helpers";

test.beforeEach(async ({ page, demoUrl }) => {
  await resetDemo(demoUrl);
  await startSession(page);
  // The users list holds personal data: its file asks for a re-authentication (decision 080).
  await confirmAhead(page);
});

test("downloads the filtered users list as a CSV whose rows are the list's", async ({
  page,
  demoUrl,
  javaScriptEnabled,
}) => {
  await openList(page, "/users");
  await page.getByLabel("User Status").selectOption("banned");
  await applyFilters(page, javaScriptEnabled);
  await expect(page).toHaveURL(/status=banned/);
  const table = page.getByRole("table", { name: "Users" });
  const banned = (await demoUsers(demoUrl)).filter((user) => user.role !== "admin" && user.isBanned);
  // The filtered rows are on the page (with JavaScript the URL may change a moment before they show).
  await expect(table.locator("tbody tr").first()).toContainText(banned[0]!.email);
  const column = (await table.locator("thead th").allTextContents()).map((text) => text.trim()).indexOf("Email");
  const shown = await table.locator(`tbody tr > :nth-child(${column + 1})`).allTextContents();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^users-banned-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await download.failure()).toBeNull();
  // The page stays where it was.
  await expect(page).toHaveURL(/\/users\?(.*&)?status=banned/);

  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...records] = parse(text, { bom: true }) as string[][];
  const emails = records.map((record) => record[header!.indexOf("Email")]);
  expect(emails).toEqual(banned.map((user) => user.email));
  // The page's first rows are the file's first rows.
  expect(emails.slice(0, shown.length)).toEqual(shown.map((cell) => cell.trim()));
});
