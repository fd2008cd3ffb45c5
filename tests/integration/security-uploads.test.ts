/**
 * Tier images are raster images only (PNG, JPEG, WebP, GIF, AVIF), over real HTTP. An SVG can
 * carry `<script>`, and served inline from the upload host it runs there: it is refused by the
 * panel's form post without JavaScript (multipart, where the panel sees the bytes), by the
 * panel's `upload-url` intent (name and type only) and by the demo API's upload host.
 */
import { describe, expect, it } from "vitest";

import { demoAdminCookie } from "../support/demo-data";
import { recordedRequests } from "../support/demo-hooks";
import { decodeEntities, PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** The spec's message for a file of another type (docs/product.md#form-validation-rules), with the tier image's list. */
const REFUSED = "File type not supported. Accepted types: image/png, image/jpeg, image/webp, image/gif, image/avif";

/** An SVG that runs a script when opened from the upload host. */
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(document.cookie)</script></svg>',
);

/** A small valid PNG (1 × 1 pixel). */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** The SVG as a browser (or a crafted request) may label it. */
const DISGUISES = [
  { case: "an SVG as itself", name: "evil.svg", type: "image/svg+xml" },
  { case: "an SVG renamed to .png", name: "evil.png", type: "image/png" },
  { case: "an SVG renamed to .png, still typed as SVG", name: "evil.png", type: "image/svg+xml" },
  { case: "an SVG named .svg but typed image/png", name: "evil.svg", type: "image/png" },
];

/** The disguises a name and a type give away; "evil.png" typed "image/png" needs its bytes read. */
const NAMED_OR_TYPED_AS_SVG = DISGUISES.filter(
  (disguise) => disguise.name.endsWith(".svg") || disguise.type !== "image/png",
);

/** The calls that reached the upstream's file and membership endpoints (anything but GET). */
async function upstreamWrites() {
  const calls = [
    ...(await recordedRequests(stack.demo.url, "/file")),
    ...(await recordedRequests(stack.demo.url, "/membership-plan")),
  ];
  return calls.filter((call) => call.method !== "GET");
}

/** POSTs a multipart tier form with a file, as a browser without JavaScript sends it. */
async function postTierForm(
  panel: PanelClient,
  path: string,
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("imageFile", new File([file.bytes], file.name, { type: file.type }));
  return fetch(new URL(path, panel.baseUrl), {
    method: "POST",
    body: form,
    headers: { cookie: panel.cookieHeader() },
    redirect: "manual",
  });
}

/** A presigned upload URL from the demo API. */
async function presignedUrl(fileName: string, fileType: string): Promise<Response> {
  return fetch(`${stack.demo.url}/api/file/generate-upload-url/admin`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: await demoAdminCookie(stack.demo.url) },
    body: JSON.stringify({ fileName, fileType }),
  });
}

const createFields = { intent: "create", name: "Gold", price: "12.50", period: "month", description: "Shiny." };

describe("the tier form posted without JavaScript", () => {
  it.each(DISGUISES)("refuses $case with the spec's message and keeps the typed values", async ({ name, type }) => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    const response = await postTierForm(panel, "/memberships/create", createFields, { name, type, bytes: SVG });
    expect(response.status).toBe(400);
    const html = decodeEntities(await response.text());
    expect(html).toContain(REFUSED);
    expect(toastMessage(html)).toBe(REFUSED);
    expect(html).toMatch(/name="name"[^>]*value="Gold"/);
    expect(await upstreamWrites()).toEqual([]);
  });

  it("refuses an SVG renamed to .png on the edit screen too", async () => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    const response = await postTierForm(
      panel,
      "/memberships/edit/1",
      { intent: "update", id: "1", name: "Basic", price: "4.99", period: "month", description: "x", isActive: "true" },
      { name: "evil.png", type: "image/png", bytes: SVG },
    );
    expect(response.status).toBe(400);
    expect(decodeEntities(await response.text())).toContain(REFUSED);
    expect(await upstreamWrites()).toEqual([]);
  });

  it("still uploads a real PNG", async () => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    const response = await postTierForm(panel, "/memberships/create", createFields, {
      name: "logo.png",
      type: "image/png",
      bytes: PNG,
    });
    expect(response.status).toBe(302);
    expect((await upstreamWrites()).map((call) => call.path).sort()).toEqual([
      "/file/generate-upload-url/admin",
      "/membership-plan/create",
    ]);
  });
});

describe("the upload-url intent (with JavaScript)", () => {
  // "evil.png" typed "image/png" looks like a PNG by name and type: the browser checks its bytes
  // before asking, and the upload host checks them again (below).
  it.each(NAMED_OR_TYPED_AS_SVG)("refuses $case before asking the upstream", async ({ name, type }) => {
    const panel = await PanelClient.signedIn(stack.panel.url);
    const response = await panel.post("/memberships/create.data", {
      intent: "upload-url",
      fileName: name,
      fileType: type,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(REFUSED);
    expect(await upstreamWrites()).toEqual([]);
  });
});

describe("the demo API's upload host", () => {
  it("hands out no upload URL for an SVG", async () => {
    for (const { name, type } of NAMED_OR_TYPED_AS_SVG) {
      expect((await presignedUrl(name, type)).status).toBe(400);
    }
  });

  it("refuses SVG bytes under a PNG's URL, whatever content type they are sent with", async () => {
    const { url } = (await (await presignedUrl("logo.png", "image/png")).json()) as { url: string };
    for (const contentType of ["image/svg+xml", "image/png", "text/html"]) {
      const put = await fetch(url, { method: "PUT", headers: { "content-type": contentType }, body: SVG });
      expect(put.status).toBe(415);
    }
    const stored = new URL(url);
    expect((await fetch(`${stored.origin}${stored.pathname}`)).status).toBe(404);
  });

  it("refuses a PNG sent under another type, and serves a PNG as a PNG that no browser sniffs", async () => {
    const { url } = (await (await presignedUrl("logo.png", "image/png")).json()) as { url: string };
    const mislabelled = await fetch(url, { method: "PUT", headers: { "content-type": "image/svg+xml" }, body: PNG });
    expect(mislabelled.status).toBe(415);
    const put = await fetch(url, { method: "PUT", headers: { "content-type": "image/png" }, body: PNG });
    expect(put.status).toBe(200);
    const stored = new URL(url);
    const served = await fetch(`${stored.origin}${stored.pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe("inline");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });
});
