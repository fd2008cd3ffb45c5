/**
 * Bulk actions over real HTTP (docs/product.md#bulk-actions): open a review page, Confirm it with
 * its one-time key as a browser without JavaScript does, and read the results page once the batch
 * has finished.
 */
import { demoAdminCookie } from "./demo-data";
import { PanelClient } from "./form-post";

/** The review page's URL of a selection: `/users/bulk?action=ban&id=1&id=2` plus any list params. */
export function reviewPath(
  list: string,
  action: string,
  ids: readonly (string | number)[],
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams({ action, ...extra });
  for (const id of ids) params.append("id", String(id));
  return `/${list}/bulk?${params}`;
}

/** The one-time key of a bulk page's form for `intent` (Confirm's "confirm", Retry's "retry"). */
export function formKey(html: string, intent: "confirm" | "retry"): string {
  const key = new RegExp(`name="_once" value="([^"]+)"/><input type="hidden" name="intent" value="${intent}"`).exec(
    html,
  )?.[1];
  if (!key) throw new Error(`no ${intent} form on the page`);
  return key;
}

/** The one-time key the review page rendered into its Confirm form. */
export async function confirmKey(panel: PanelClient, path: string): Promise<string> {
  return formKey(await (await panel.get(path)).text(), "confirm");
}

/** Confirm on a review page: its key, then one urlencoded POST to the same URL. */
export async function confirm(
  panel: PanelClient,
  path: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const key = await confirmKey(panel, path);
  return panel.post(path, { ...fields, _once: key });
}

/** The results page a Confirm redirected to, once its batch has finished (it refreshes itself while running). */
export async function finishedResults(panel: PanelClient, confirmed: Response): Promise<string> {
  const location = confirmed.headers.get("location");
  if (confirmed.status !== 302 || !location)
    throw new Error(`expected a redirect to the results, got ${confirmed.status}`);
  // Each look is a round trip to the panel: the batch runs meanwhile; no clock involved.
  for (let look = 0; look < 500; look++) {
    const html = await (await panel.get(location)).text();
    if (!html.includes('http-equiv="refresh"')) return html;
  }
  throw new Error(`the batch of ${location} did not finish`);
}

/** The ids of the demo API's posts or announcements, as the admin reads them from `/api`. */
export async function demoRows<T>(demoUrl: string, path: "/posts" | "/announcements"): Promise<T[]> {
  const cookie = await demoAdminCookie(demoUrl);
  const response = await fetch(`${demoUrl}/api${path}?page=1&limit=100`, { headers: { cookie } });
  const answer = (await response.json()) as { data: T[] | { data: T[] } };
  return Array.isArray(answer.data) ? answer.data : answer.data.data;
}

/**
 * The GET a browser without JavaScript makes when `submitter` (a button of the bulk selection form,
 * or its default button when none is named) sends the form: its action (or the button's
 * `formaction`) and its fields in tree order, the rows' checkboxes outside it (joined by `form`)
 * included. Only ticked, enabled checkboxes go; `untick` names rows the person unticked first.
 */
export function selectionSubmit(
  document: Document,
  { submitter, untick = [] }: { submitter?: HTMLElement; untick?: readonly string[] } = {},
): string {
  const form = document.getElementById("bulk-selection") as HTMLFormElement;
  const button =
    submitter ?? form.querySelector<HTMLButtonElement>("button:not([type=button]):not([name])") ?? undefined;
  const params = new URLSearchParams();
  const fields = [...document.querySelectorAll<HTMLElement>("input, select, button")].filter(
    (field) => (form.contains(field) && !field.hasAttribute("form")) || field.getAttribute("form") === "bulk-selection",
  );
  for (const field of fields) {
    const name = field.getAttribute("name");
    if (!name || field.hasAttribute("disabled")) continue;
    if (field.tagName === "BUTTON") {
      if (field === button) params.append(name, field.getAttribute("value") ?? "");
      continue;
    }
    if (field.tagName === "SELECT") {
      const options = [...field.querySelectorAll("option")];
      const chosen = options.findLast((option) => option.hasAttribute("selected")) ?? options[0];
      params.append(name, chosen?.getAttribute("value") ?? "");
      continue;
    }
    const type = field.getAttribute("type");
    if (type === "checkbox") {
      const label = field.getAttribute("aria-label") ?? "";
      if (!field.hasAttribute("checked") || untick.includes(label.replace(/^Select /, ""))) continue;
    }
    params.append(name, field.getAttribute("value") ?? "");
  }
  const action = button?.getAttribute("formaction") ?? form.getAttribute("action")!;
  return `${action}?${params}`;
}
