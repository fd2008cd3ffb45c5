/**
 * Security suite: the tier image upload done by the server (a form posted without JavaScript)
 * PUTs the admin's file to the URL the upstream hands out. That URL is upstream data, so the
 * server sends the bytes only where a browser may upload too: the API's origin and
 * UPLOAD_ORIGINS. Real panel, real demo API and a real foreign server on loopback.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, expect, it } from "vitest";

import { injectFault, recordedRequests } from "../support/demo-hooks";
import { PanelClient } from "../support/form-post";
import { useStack } from "../support/use-stack";

const stack = useStack();
let foreign: Server;
let foreignUrl: string;
const received: string[] = [];

beforeAll(async () => {
  foreign = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.writeHead(200).end();
  }).listen(0, "127.0.0.1");
  await once(foreign, "listening");
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterAll(() => void foreign?.close());

/** A small valid PNG (1 × 1 pixel). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

it("never PUTs the admin's file to a URL off the API's origin and UPLOAD_ORIGINS", async () => {
  const panel = await PanelClient.signedIn(stack.panel.url);
  await injectFault(stack.demo.url, {
    method: "POST",
    path: "/file/generate-upload-url/admin",
    status: 200,
    body: { url: `${foreignUrl}/internal/uploads/logo.png?signature=x` },
    times: 1,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "create", name: "Gold", price: "1", period: "month" })) {
    form.append(name, value);
  }
  form.append("imageFile", new File([PNG], "logo.png", { type: "image/png" }));
  const response = await fetch(new URL("/memberships/create", stack.panel.url), {
    method: "POST",
    body: form,
    headers: { cookie: panel.cookieHeader() },
    redirect: "manual",
  });

  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(await response.text()).toContain("Upload process failed");
  expect(received).toEqual([]);
  expect(await recordedRequests(stack.demo.url, "/membership-plan/create")).toEqual([]);
});
