// Issue 23 (LOW): a 10 MB text field in the tier form came back as a 31.5 MB page after seconds.
// Text fields of a multipart form are cut to 64 KB while the body is read, and the form answers
// with an error on the field, what was typed coming back only within that bound (decision 032).
import { describe, expect, it } from "vitest";

import { clearRecordedRequests, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

const TEN_MB = 10 * 1024 * 1024;
const FIELD_TOO_LONG = "Too long: at most 64 KB of text";
/** Far above what a tier form with 64 KB fields renders, far below the 10 MB sent. */
const PAGE_LIMIT_BYTES = 1024 * 1024;

/** POSTs a multipart form as a browser without JavaScript does, with the client's cookies. */
function postMultipart(panel: PanelClient, path: string, fields: [string, string][]): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append("imageFile", new File([], "", { type: "application/octet-stream" }));
  return fetch(new URL(path, panel.baseUrl), {
    method: "POST",
    body: form,
    headers: { cookie: panel.cookieHeader() },
    redirect: "manual",
  });
}

describe("tier form text fields are bounded", () => {
  it.each([
    { path: "/memberships/create", fields: [["intent", "create"]] as [string, string][] },
    {
      path: "/memberships/edit/2",
      fields: [
        ["intent", "update"],
        ["id", "2"],
      ] as [string, string][],
    },
  ])("answers a 10 MB description on $path with the form's error, within bounds", async ({ path, fields }) => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);

    const response = await postMultipart(panel, path, [
      ...fields,
      ["name", "Gold"],
      ["price", "10"],
      ["period", "month"],
      ["description", "d".repeat(TEN_MB)],
      ["features", "f".repeat(TEN_MB / 10)],
    ]);
    const html = decodeEntities(await response.text());

    expect(response.status).toBe(400);
    expect(html.length).toBeLessThan(PAGE_LIMIT_BYTES);
    expect(html).toContain(FIELD_TOO_LONG);
    // What was typed comes back, cut to the bound: the rest of the form is not lost.
    expect(html).toContain(`>${"d".repeat(64 * 1024)}<`);
    expect(html).toContain('value="Gold"');
    const saves = (await recordedRequests(stack.demo.url, "/membership-plan")).filter((call) => call.method !== "GET");
    expect(saves).toEqual([]);
  });

  it("sends a description of exactly 64 KB on to the upstream, which has its own limit", async () => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    await clearRecordedRequests(stack.demo.url);

    const response = await postMultipart(panel, "/memberships/create", [
      ["intent", "create"],
      ["name", "Long"],
      ["price", "1"],
      ["description", "d".repeat(64 * 1024)],
    ]);

    const html = decodeEntities(await response.text());
    expect(html).not.toContain(FIELD_TOO_LONG);
    expect(html).toContain("description: Description must be at most 2000 characters");
    const saves = (await recordedRequests(stack.demo.url, "/membership-plan")).filter((call) => call.method !== "GET");
    expect(saves.map((call) => (call.body as { description: string }).description.length)).toEqual([64 * 1024]);
  });
});
