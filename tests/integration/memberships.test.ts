// The memberships screens over real HTTP: a built panel in front of the demo API, posted to the
// way a browser without JavaScript posts (urlencoded, and multipart for the tier image).
import { request as httpRequest } from "node:http";

import { within } from "@testing-library/dom";
import { describe, expect, it } from "vitest";

import { demoAdminCookie } from "../support/demo-data";
import { injectFault, recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { type HtmlPage, htmlPage } from "../support/html";
import { useStack } from "../support/use-stack";
import type { PlanRecord } from "../../demo-api/types";

const stack = useStack();

// Confirmed ahead: a plan deletion asks for a re-authentication first (decision 080).
const signedIn = (email?: string, password?: string) => PanelClient.reauthenticated(stack.panel.url, email, password);

const admin = () => signedIn();
const moderator = () => signedIn("moderator@example.com", "Moderator12345");

/**
 * POSTs a multipart form (what a browser without JavaScript sends for a form with a file input),
 * keeping the client's cookies both ways.
 */
async function postMultipart(panel: PanelClient, path: string, form: FormData): Promise<Response> {
  const response = await fetch(new URL(path, panel.baseUrl), {
    method: "POST",
    body: form,
    headers: { cookie: panel.cookieHeader() },
    redirect: "manual",
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    panel.setCookie(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return response;
}

/** A multipart form of the tier form's fields, with repeated `features`. */
function multipart(
  fields: Record<string, string | string[]>,
  file?: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  // A browser always sends the file part; without a pick it is empty with an empty name.
  if (file) form.append("imageFile", new File([file.bytes], file.name, { type: file.type }));
  else form.append("imageFile", new File([], "", { type: "application/octet-stream" }));
  return form;
}

/** The spec's message for a file of another type, with the tier image's raster list (docs/product.md#form-validation-rules). */
const TYPE_REFUSED =
  "File type not supported. Accepted types: image/png, image/jpeg, image/webp, image/gif, image/avif";

/** A small valid PNG (1 × 1 pixel). */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** The demo API answers with its own records. */
type DemoPlan = PlanRecord;

/** Every plan, read straight from the demo API. */
async function demoPlans(): Promise<DemoPlan[]> {
  const cookie = await demoAdminCookie(stack.demo.url);
  const answer = (await (
    await fetch(`${stack.demo.url}/api/membership-plan/get-all`, { headers: { cookie } })
  ).json()) as { data: DemoPlan[] };
  return answer.data;
}

async function plan(id: number): Promise<DemoPlan | undefined> {
  return (await demoPlans()).find((candidate) => candidate.id === id);
}

/** The calls (anything but GET) that reached the upstream's membership and file endpoints. */
async function mutations() {
  const calls = [
    ...(await recordedRequests(stack.demo.url, "/membership-plan")),
    ...(await recordedRequests(stack.demo.url, "/file")),
  ];
  return calls.filter((call) => call.method !== "GET");
}

/** A create form as a browser without JavaScript posts it. */
const createFields = {
  intent: "create",
  name: "Gold",
  price: "12.50",
  period: "month",
  description: "Shiny things.",
  features: ["Gold badge", "", "Early access"],
  image: "",
};

describe("GET /memberships", () => {
  it("lists every plan for an admin through get-all, with prices and every action", async () => {
    const panel = await admin();
    const response = await panel.get("/memberships");
    expect(response.status).toBe(200);
    const html = decodeEntities(await response.text());
    const calls = await recordedRequests(stack.demo.url, "/membership-plan");
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /membership-plan/get-all"]);
    expect(html).toContain(">Memberships</h1>");
    for (const price of ["$4.99", "$9.99", "$99.99", "$249.00", "$19.50"]) expect(html).toContain(price);
    expect(html).toContain('href="/memberships/view/5"');
    expect(html).toContain("Legacy Supporter");
    // Each row's actions name their plan, so a screen reader tells the rows apart.
    expect(html).toContain('aria-label="Edit Membership Legacy Supporter"');
    expect(html).toContain('aria-label="Delete Membership Basic"');
    expect(html).toContain('href="/memberships?confirm=activate&id=5"');
    expect(html).toContain('href="/memberships?confirm=deactivate&id=1"');
    expect(html).toContain('href="/memberships/create"');
    expect(html).toContain("Refresh data");
  });

  it("lists the active plans for another role through get-active, with only View Details", async () => {
    const panel = await moderator();
    const html = decodeEntities(await (await panel.get("/memberships")).text());
    const calls = await recordedRequests(stack.demo.url, "/membership-plan");
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /membership-plan/get-active"]);
    expect(html).toContain("Premium Yearly");
    expect(html).not.toContain("Legacy Supporter");
    expect(html).toContain('aria-label="View Details Premium Yearly"');
    expect(html).not.toContain('aria-label="Edit Membership');
    expect(html).not.toContain("confirm=");
    // A pasted confirmation link opens nothing for them.
    const pasted = await (await panel.get("/memberships?confirm=delete&id=1")).text();
    expect(pasted).not.toContain("Are you sure you want to delete this membership?");
  });

  it("shows the spec's error text when the list fails", async () => {
    await injectFault(stack.demo.url, { method: "GET", path: "/membership-plan/get-all", status: 500 });
    const panel = await admin();
    const response = await panel.get("/memberships");
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain("Error loading memberships. Please try again.");
    expect(html).not.toContain("Injected fault");
  });

  it("renders the confirmation dialogs with the spec's texts", async () => {
    const panel = await admin();
    const remove = decodeEntities(await (await panel.get("/memberships?confirm=delete&id=2")).text());
    expect(remove).toContain("Are you sure you want to delete this membership? This action cannot be undone.");
    expect(remove).toMatch(/name="intent" value="delete"/);
    const deactivate = decodeEntities(await (await panel.get("/memberships?confirm=deactivate&id=2")).text());
    expect(deactivate).toContain("Are you sure you want to deactivate this membership?");
    const activate = decodeEntities(await (await panel.get("/memberships?confirm=activate&id=5")).text());
    expect(activate).toContain("Are you sure you want to activate this membership?");
  });
});

describe("POST /memberships", () => {
  it("syncs through POST /membership-plan/sync and comes back to the list", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships?page=1", { intent: "sync" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/memberships?page=1");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Membership plans synced successfully");
    expect((await mutations()).map((call) => `${call.method} ${call.path}`)).toEqual(["POST /membership-plan/sync"]);
  });

  it("only logs a failed sync: back to the list without an error toast", async () => {
    await injectFault(stack.demo.url, { method: "POST", path: "/membership-plan/sync", status: 500 });
    const panel = await admin();
    const response = await panel.post("/memberships", { intent: "sync" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/memberships");
    const { response: page, html } = await panel.follow(response);
    expect(page.status).toBe(200);
    expect(toastMessage(html)).toBeUndefined();
    expect(html).toContain("Premium Yearly");
    expect(stack.panel.output()).toContain('"msg":"membership sync failed"');
  });

  it("deactivates and activates with the wanted state, and a repeat sends nothing", async () => {
    const panel = await admin();
    const first = await panel.post("/memberships?confirm=deactivate&id=2", { intent: "deactivate", id: "2" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/memberships");
    const { html } = await panel.follow(first);
    expect(toastMessage(html)).toBe("Membership status updated successfully");
    const again = await panel.post("/memberships?confirm=deactivate&id=2", { intent: "deactivate", id: "2" });
    expect(toastMessage((await panel.follow(again)).html)).toBe("Membership Premium is already inactive");
    expect((await plan(2))!.isActive).toBe(false);
    const patches = (await mutations()).filter((call) => call.method === "PATCH");
    expect(patches.map((call) => [call.path, call.body])).toEqual([["/membership-plan/2/active", { isActive: false }]]);

    await panel.post("/memberships", { intent: "activate", id: "5" });
    await panel.post("/memberships", { intent: "activate", id: "5" });
    expect((await plan(5))!.isActive).toBe(true);
  });

  it("shows the fallback when the status change fails on the server", async () => {
    await injectFault(stack.demo.url, {
      method: "PATCH",
      path: "/membership-plan/2/active",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const panel = await admin();
    const response = await panel.post("/memberships", { intent: "deactivate", id: "2" });
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Failed to update membership status");
    expect((await plan(2))!.isActive).toBe(true);
  });

  it("deletes through DELETE /membership-plan/delete/{id}", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships?confirm=delete&id=3", { intent: "delete", id: "3" });
    expect(response.headers.get("location")).toBe("/memberships");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Membership deleted successfully");
    expect(await plan(3)).toBeUndefined();
    expect(html).not.toContain("Premium Yearly");
  });

  it("shows the server's message when a delete is refused", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships", { intent: "delete", id: "999" });
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Membership plan not found");
  });

  it("refuses another role's change itself (an upstream moderator is at most a Viewer): the 403 page, nothing sent", async () => {
    const panel = await moderator();
    const response = await panel.post("/memberships", { intent: "delete", id: "1" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You do not have access to this page");
    expect(await recordedRequests(stack.demo.url, "/membership-plan/delete")).toHaveLength(0);
    expect(await plan(1)).toBeDefined();
  });

  it.each([
    [{ intent: "explode", id: "1" }, "Unknown action"],
    [{ id: "1" }, "Unknown action"],
    [{ intent: "delete", id: "../1" }, "Membership ID is required"],
  ])("answers 400 to %o", async (fields, message) => {
    const panel = await admin();
    const response = await panel.post("/memberships", fields);
    expect(response.status).toBe(400);
    expect(toastMessage(await response.text())).toBe(message);
    expect(await mutations()).toEqual([]);
  });
});

describe("/memberships/view/{id}", () => {
  it("shows every field, the statistics placeholders and the information card", async () => {
    const panel = await admin();
    const response = await panel.get("/memberships/view/3");
    expect(response.status).toBe(200);
    const html = decodeEntities(await response.text());
    for (const text of [
      "Membership Details",
      "View membership tier information",
      "Premium Yearly",
      "$99.99",
      "/year",
      "Yearly",
      "Premium, billed once a year: two months free.",
      "Everything in Premium",
      "Two months free",
      "Statistics",
      "Active Members",
      "Total Revenue",
      "Quick Actions",
      "Edit Membership",
      "Delete Membership",
      "Information",
      "Membership ID",
      "Created",
      "Last Updated",
    ]) {
      expect(html).toContain(text);
    }
    expect(html.match(/>--</g)).toHaveLength(2);
    expect(html).toMatch(/<img[^>]*src="http:\/\/127\.0\.0\.1:\d+\/files\/plans\/3\.svg"/);
    expect(html).toMatch(/Created<\/dt><dd[^>]*>[A-Z][a-z]{2} \d{1,2}, \d{4}</);
    expect(html).toContain('href="/memberships/view/3?confirm=deactivate&id=3"');
  });

  it("defaults a plan without period to lifetime and shows no image for a plan without one", async () => {
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/memberships/view/4")).text());
    expect(html).toContain("Lifetime");
    expect(html).not.toContain("Tier Image");
  });

  it("shows the error state with the way back", async () => {
    const panel = await admin();
    const response = await panel.get("/memberships/view/999");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Error loading membership. Please try again.");
    expect(html).toContain("Back to Memberships");
  });

  it("activates, and a delete goes back to the list", async () => {
    const panel = await admin();
    const activated = await panel.post("/memberships/view/5?confirm=activate&id=5", { intent: "activate", id: "5" });
    expect(activated.headers.get("location")).toBe("/memberships/view/5");
    expect((await plan(5))!.isActive).toBe(true);
    const deleted = await panel.post("/memberships/view/5?confirm=delete&id=5", { intent: "delete", id: "5" });
    expect(deleted.headers.get("location")).toBe("/memberships");
    const { html } = await panel.follow(deleted);
    expect(toastMessage(html)).toBe("Membership deleted successfully");
  });

  it("answers 400 to an unknown intent", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships/view/5", { intent: "sync" });
    expect(response.status).toBe(400);
    expect(await mutations()).toEqual([]);
  });
});

describe("POST /memberships/create", () => {
  it("creates an active plan through POST /membership-plan/create and goes to the list", async () => {
    const panel = await admin();
    const response = await panel.post(
      "/memberships/create",
      Object.entries(createFields).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => [name, item] as [string, string]),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/memberships");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Membership created successfully");
    const [call] = await mutations();
    expect(call!.path).toBe("/membership-plan/create");
    expect(call!.body).toEqual({
      name: "Gold",
      price: 12.5,
      period: "month",
      description: "Shiny things.",
      features: ["Gold badge", "Early access"],
      isActive: true,
      image: null,
    });
    expect(html).toContain("Gold");
  });

  it("uploads a posted image on the server, then creates the plan with the stored path", async () => {
    const panel = await admin();
    const response = await postMultipart(
      panel,
      "/memberships/create",
      multipart(createFields, { name: "gold logo.png", type: "image/png", bytes: PNG }),
    );
    expect(response.status).toBe(302);
    const calls = await mutations();
    expect(calls.map((call) => call.path).sort()).toEqual([
      "/file/generate-upload-url/admin",
      "/membership-plan/create",
    ]);
    const upload = calls.find((call) => call.path === "/file/generate-upload-url/admin");
    expect(upload!.body).toEqual({ fileName: "gold logo.png", fileType: "image/png" });
    const created = (await demoPlans()).find((candidate) => candidate.name === "Gold")!;
    expect(created.image).toMatch(/^uploads\/membership\/[0-9a-f]+-gold-logo\.png$/);
    const served = await fetch(`${stack.demo.url}/${created.image}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a file of the wrong type and keeps every other value", async () => {
    const panel = await admin();
    const response = await postMultipart(
      panel,
      "/memberships/create",
      multipart(createFields, { name: "notes.txt", type: "text/plain", bytes: new Uint8Array([104, 105]) }),
    );
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(html).toContain(TYPE_REFUSED);
    expect(toastMessage(html)).toBe(TYPE_REFUSED);
    expect(html).toMatch(/name="name"[^>]*value="Gold"/);
    expect(html).toMatch(/value="Gold badge"/);
    expect(html).toMatch(/value="Early access"/);
    expect(html).toMatch(/<option value="month" selected="">/);
    expect(await mutations()).toEqual([]);
  });

  it.each([5 * 1024 * 1024 + 1, 7 * 1024 * 1024, 19 * 1024 * 1024])(
    "refuses a file of %i bytes with the form's message and keeps every other value",
    async (size) => {
      const panel = await admin();
      const big = new Uint8Array(size);
      const response = await postMultipart(
        panel,
        "/memberships/create",
        multipart(createFields, { name: "big.png", type: "image/png", bytes: big }),
      );
      expect(response.status).toBe(400);
      const html = decodeEntities(await response.text());
      expect(html).toContain("File size must be less than 5MB");
      expect(html).toMatch(/name="description"[^>]*>Shiny things\.</);
      expect(await mutations()).toEqual([]);
    },
  );

  it("refuses a body over the 20 MB cap before reading it", async () => {
    const panel = await admin();
    // Only the headers go out: the refusal must come before the body is read.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL("/memberships/create", panel.baseUrl);
      const request = httpRequest(url, {
        method: "POST",
        headers: {
          cookie: panel.cookieHeader(),
          "content-type": "multipart/form-data; boundary=----x",
          "content-length": String(21 * 1024 * 1024),
        },
      });
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
    expect(await mutations()).toEqual([]);
  });

  it("shows the upload's failure and keeps the values when the upload URL is refused", async () => {
    await injectFault(stack.demo.url, {
      method: "POST",
      path: "/file/generate-upload-url/admin",
      status: 400,
      body: { message: "Bucket is full" },
    });
    const panel = await admin();
    const response = await postMultipart(
      panel,
      "/memberships/create",
      multipart(createFields, { name: "a.png", type: "image/png", bytes: PNG }),
    );
    expect(response.status).toBe(502);
    const html = decodeEntities(await response.text());
    expect(html).toContain("Upload failed: Bucket is full");
    expect(html).toMatch(/name="name"[^>]*value="Gold"/);
  });

  it("adds and removes feature entries without JavaScript, keeping every value", async () => {
    const panel = await admin();
    const added = await postMultipart(
      panel,
      "/memberships/create",
      multipart({ ...createFields, intent: "add-feature" }),
    );
    expect(added.status).toBe(200);
    const html = decodeEntities(await added.text());
    expect(html.match(/name="features"/g)).toHaveLength(4);
    expect(html).toMatch(/name="name"[^>]*value="Gold"/);
    expect(html).toContain("$12.50");

    const removed = await postMultipart(
      panel,
      "/memberships/create",
      multipart({ ...createFields, intent: "remove-feature:0" }),
    );
    const after = decodeEntities(await removed.text());
    expect(after.match(/name="features"/g)).toHaveLength(2);
    expect(after).not.toContain('value="Gold badge"');
    expect(after).toContain('value="Early access"');
    expect(await mutations()).toEqual([]);
  });

  it("keeps an image uploaded while adding a feature, and removes it on request", async () => {
    const panel = await admin();
    const added = await postMultipart(
      panel,
      "/memberships/create",
      multipart({ ...createFields, intent: "add-feature" }, { name: "a.png", type: "image/png", bytes: PNG }),
    );
    const html = decodeEntities(await added.text());
    const stored = /name="image" value="(uploads\/membership\/[^"]+)"/.exec(html)?.[1];
    expect(stored).toMatch(/^uploads\/membership\/[0-9a-f]+-a\.png$/);
    expect(toastMessage(html)).toBe("Image uploaded successfully!");
    const removed = await postMultipart(
      panel,
      "/memberships/create",
      multipart({ ...createFields, image: stored!, intent: "remove-image" }),
    );
    const afterRemove = decodeEntities(await removed.text());
    expect(afterRemove).toContain('name="image" value=""');
    expect(toastMessage(afterRemove)).toBeUndefined();
  });

  it("answers a presigned URL to the browser's upload-url request", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships/create.data", {
      intent: "upload-url",
      fileName: "logo.png",
      fileType: "image/png",
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("uploadUrl");
    expect(text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/uploads\/membership\/[0-9a-f]+-logo\.png\?X-Demo-Signature=/);
    const refused = await panel.post("/memberships/create.data", {
      intent: "upload-url",
      fileName: "notes.txt",
      fileType: "text/plain",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(TYPE_REFUSED);
    const calls = await mutations();
    expect(calls.map((call) => call.body)).toEqual([{ fileName: "logo.png", fileType: "image/png" }]);
  });

  it("shows the upstream's field errors on their fields", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships/create", { intent: "create", name: "  ", price: "" });
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(html).toContain("Name is required");
    expect(html).toContain("Price is required");
  });

  it("answers 400 to an unknown intent and to the edit screen's intent", async () => {
    const panel = await admin();
    for (const intent of ["drop", "update"]) {
      const response = await panel.post("/memberships/create", { intent, name: "X" });
      expect(response.status).toBe(400);
      expect(toastMessage(await response.text())).toBe("Unknown action");
    }
    expect(await mutations()).toEqual([]);
  });
});

describe("/memberships/edit/{id}", () => {
  it("starts from the plan, with the Active Status switch", async () => {
    const panel = await admin();
    const html = decodeEntities(await (await panel.get("/memberships/edit/5")).text());
    expect(html).toContain("Edit Membership Tier");
    expect(html).toContain("Update membership tier details");
    expect(html).toMatch(/name="name"[^>]*value="Legacy Supporter"/);
    expect(html).toMatch(/name="price"[^>]*value="19.5"/);
    expect(html).toMatch(/<option value="year" selected="">/);
    expect(html).toContain("Membership is currently inactive");
    expect(html).not.toMatch(/name="isActive"[^>]*checked/);
  });

  it("updates through PUT /membership-plan/edit with the id, the parsed price and the switch", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships/edit/2", [
      ["intent", "update"],
      ["id", "2"],
      ["name", "Premium Plus"],
      ["price", "abc"],
      ["period", "year"],
      ["description", "More."],
      ["features", "One"],
      ["features", ""],
      ["image", ""],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/memberships");
    const { html } = await panel.follow(response);
    expect(toastMessage(html)).toBe("Membership updated successfully");
    const [call] = await mutations();
    expect(call!.method).toBe("PUT");
    expect(call!.path).toBe("/membership-plan/edit");
    expect(call!.body).toEqual({
      id: "2",
      name: "Premium Plus",
      price: 0,
      period: "year",
      description: "More.",
      features: ["One"],
      isActive: false,
      image: null,
    });

    await panel.post("/memberships/edit/2", [
      ["intent", "update"],
      ["id", "2"],
      ["name", "Premium"],
      ["price", " 14.5 "],
      ["isActive", "true"],
    ]);
    const updated = (await plan(2))!;
    expect(updated.price).toBe(14.5);
    expect(updated.isActive).toBe(true);
  });

  it("uploads a posted image and saves its stored path", async () => {
    const panel = await admin();
    const response = await postMultipart(
      panel,
      "/memberships/edit/1",
      multipart(
        { intent: "update", id: "1", name: "Basic", price: "4.99", period: "month", isActive: "true", image: "" },
        { name: "basic.png", type: "image/png", bytes: PNG },
      ),
    );
    expect(response.status).toBe(302);
    expect((await plan(1))!.image).toMatch(/^uploads\/membership\/[0-9a-f]+-basic\.png$/);
  });

  it("requires the membership id", async () => {
    const panel = await admin();
    const response = await panel.post("/memberships/edit/2", { intent: "update", name: "X", price: "1" });
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("Membership ID is required");
    expect(html).toMatch(/name="name"[^>]*value="X"/);
    expect(await mutations()).toEqual([]);
  });

  it("shows the failure fallback and keeps the values when the update fails", async () => {
    await injectFault(stack.demo.url, {
      method: "PUT",
      path: "/membership-plan/edit",
      status: 500,
      body: "<html><body>Internal Server Error</body></html>",
    });
    const panel = await admin();
    const response = await panel.post("/memberships/edit/2", { intent: "update", id: "2", name: "Kept", price: "3" });
    expect(response.status).toBe(502);
    const html = decodeEntities(await response.text());
    expect(toastMessage(html)).toBe("Failed to update membership");
    expect(html).toMatch(/name="name"[^>]*value="Kept"/);
  });

  it("shows the load error", async () => {
    const panel = await admin();
    const response = await panel.get("/memberships/edit/999");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Error loading membership. Please try again.");
    expect(html).toContain("Back to Memberships");
  });

  it("answers 400 to an unknown intent and to the create screen's intent", async () => {
    const panel = await admin();
    for (const intent of ["explode", "create"]) {
      const response = await panel.post("/memberships/edit/2", { intent, id: "2" });
      expect(response.status).toBe(400);
    }
    expect(await mutations()).toEqual([]);
  });
});

describe("what the memberships screens show without JavaScript", () => {
  const view = async (path: string, panel?: PanelClient) => htmlPage(await (panel ?? (await admin())).get(path));
  /** The list's row of the plan named `name`. */
  const row = (screen: HtmlPage, name: string) =>
    within(screen.getAllByRole("row").find((candidate) => within(candidate).queryByRole("link", { name }))!);

  it("lists every plan with its price and status, and each action names its plan", async () => {
    const screen = await view("/memberships");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Plan",
      "Price",
      "Actions",
    ]);
    expect(screen.getAllByRole("row")).toHaveLength(6);
    expect(row(screen, "Basic").getAllByRole("cell")[1]!.textContent).toBe("$4.99");
    expect(row(screen, "Founder (Lifetime)").getAllByRole("cell")[1]!.textContent).toBe("$249.00");
    expect(row(screen, "Legacy Supporter").getByText("Inactive")).toBeTruthy();
    expect(row(screen, "Legacy Supporter").getByRole("link", { name: "Activate Legacy Supporter" })).toBeTruthy();
    for (const action of ["View Details", "Edit Membership", "Deactivate", "Delete Membership"])
      expect(row(screen, "Premium").getByRole("link", { name: `${action} Premium` })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Premium Yearly" }).getAttribute("href")).toBe("/memberships/view/3");
  });

  it("shows a tier image only when it answers", async () => {
    const created = await fetch(`${stack.demo.url}/api/membership-plan/create`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: await demoAdminCookie(stack.demo.url) },
      body: JSON.stringify({ name: "Broken image", price: 1, image: "uploads/membership/missing.png" }),
    });
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const screen = await view(`/memberships/view/${id}`);
    expect(screen.getByTestId("plan-name").textContent).toBe("Broken image");
    expect(screen.queryByTestId("plan-image")).toBeNull();
    expect(screen.queryByRole("img", { name: "Tier image" })).toBeNull();
  });

  it("shows another role a tier's details without the admin's actions", async () => {
    const screen = await view("/memberships/view/1", await moderator());
    expect(screen.getByTestId("plan-name").textContent).toBe("Basic");
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Quick Actions" })).toBeNull();
  });

  it("leads back to the list from a tier that cannot be loaded", async () => {
    for (const path of ["/memberships/view/999", "/memberships/edit/999"]) {
      const screen = await view(path);
      expect(screen.getByText("Error loading membership. Please try again.")).toBeTruthy();
      expect(screen.getByRole("link", { name: "Back to Memberships" }).getAttribute("href")).toBe("/memberships");
    }
  });
});
