/**
 * The passport download is no proxy to anywhere, over real HTTP: the demo API hands out hostile
 * passport links (a foreign origin, a loopback service, a redirect to its own /__demo/accounts,
 * an oversized file, a hostile name and content type) and the admin never receives a foreign
 * body; nothing is even asked of a host that is neither the API nor listed in FILE_ORIGINS.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { PanelClient, toastMessage } from "../support/form-post";
import { useStack } from "../support/use-stack";

/** What a service that must stay out of reach answers: a secret, dressed up as a PDF. */
const FOREIGN_SECRET = "%PDF-1.4 FOREIGN-SECRET-BODY";
/** What the panel answers when it will not hand a passport on (the existing failure state). */
const FAILURE_TEXT = "The passport could not be downloaded";
const MB = 1024 * 1024;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);
/** A small valid PNG (1 × 1 pixel): file-type reads past the signature to its first chunks. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A small local HTTP server on 127.0.0.1 that counts what it is asked. */
interface LocalServer {
  origin: string;
  requests: string[];
  server: Server;
}

async function startLocal(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? "");
    handle(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { origin: `http://127.0.0.1:${address.port}`, requests, server };
}

/** Writes exactly `total` bytes starting with a PDF header, chunk by chunk, until done or the client leaves. */
function streamLargePdf(res: ServerResponse, total: number): void {
  const filler = Buffer.alloc(64 * 1024, 0x20);
  const first = Buffer.concat([Buffer.from("%PDF-1.4\n"), filler]);
  let sent = 0;
  let closed = false;
  res.on("close", () => (closed = true));
  const pump = () => {
    while (!closed && sent < total) {
      const source = sent === 0 ? first : filler;
      const piece = source.subarray(0, Math.min(source.length, total - sent));
      sent += piece.length;
      if (!res.write(piece)) return void res.once("drain", pump);
    }
    if (!closed) res.end();
  };
  pump();
}

// The host nobody should call: a loopback service that is neither the API nor a file origin.
let foreign: LocalServer;
// A file host the operator listed in FILE_ORIGINS, serving good and hostile files.
let files: LocalServer;

/** Filled in before the stack starts (useStack reads it when its own beforeAll runs). */
const panelEnv: NodeJS.ProcessEnv = {};

beforeAll(async () => {
  foreign = await startLocal((_req, res) => {
    res.writeHead(200, { "content-type": "application/pdf" });
    res.end(FOREIGN_SECRET);
  });
  files = await startLocal((req, res) => {
    const path = new URL(req.url ?? "/", "http://files.invalid").pathname;
    switch (path) {
      case "/ok.pdf":
        return void res.writeHead(200, { "content-type": "application/pdf" }).end(PDF);
      case "/untyped.pdf":
        return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(PDF);
      case "/ok.png":
        return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
      case "/to-foreign.pdf":
        return void res.writeHead(302, { location: `${foreign.origin}/secret.pdf` }).end();
      case "/to-self.pdf":
        return void res.writeHead(301, { location: "/ok.pdf" }).end();
      case "/big-declared.pdf":
        res.writeHead(200, { "content-type": "application/pdf", "content-length": String(11 * MB) });
        return streamLargePdf(res, 11 * MB);
      case "/big-chunked.pdf":
        // No Content-Length: the panel only learns the size by counting.
        res.writeHead(200, { "content-type": "application/pdf" });
        return streamLargePdf(res, 11 * MB);
      case "/just-over.pdf":
        res.writeHead(200, { "content-type": "application/pdf" });
        return streamLargePdf(res, 10 * MB + 1);
      case "/just-10mb.pdf":
        res.writeHead(200, { "content-type": "application/pdf" });
        return streamLargePdf(res, 10 * MB);
      case "/html.pdf":
        return void res
          .writeHead(200, { "content-type": "text/html" })
          .end("<html><script>alert(document.cookie)</script></html>");
      case "/html-declared-as-pdf.pdf":
        return void res.writeHead(200, { "content-type": "application/pdf" }).end("<html><script>alert(1)</script>");
      case "/svg-image":
        return void res
          .writeHead(200, { "content-type": "image/svg+xml" })
          .end('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      case "/pdf-declared-as-html":
        return void res.writeHead(200, { "content-type": "text/html" }).end(PDF);
      default:
        return void res.writeHead(404, { "content-type": "text/plain" }).end("not here");
    }
  });
  panelEnv.FILE_ORIGINS = files.origin;
});

afterAll(async () => {
  for (const local of [foreign, files]) {
    local?.server.closeAllConnections();
    await new Promise((resolve) => local?.server.close(resolve));
  }
});

const stack = useStack(panelEnv);

beforeEach(() => {
  foreign.requests.length = 0;
  files.requests.length = 0;
});

/** The member (id 5): a plain user whose passport the admin may download. */
const USER_ID = 5;

/** Makes the demo API hand out `passport` (and optionally `fullName`) for the member. */
async function setPassport(passport: string, fullName?: string): Promise<void> {
  const response = await fetch(`${stack.demo.url}/__demo/users/${USER_ID}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fullName === undefined ? { passport } : { passport, fullName }),
  });
  expect(response.status).toBe(200);
}

/** Downloads the member's passport through the panel as the admin; the body read to the end. */
async function download(): Promise<{ panel: PanelClient; response: Response; body: Buffer }> {
  const panel = await PanelClient.signedIn(stack.panel.url);
  const response = await panel.get(`/users/${USER_ID}/passport`);
  return { panel, response, body: Buffer.from(await response.arrayBuffer()) };
}

/** The admin is sent back to the list with the clear failure toast, and gets none of a foreign body. */
async function expectRefused(): Promise<string> {
  const { panel, response, body } = await download();
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/users");
  expect(body.length).toBe(0);
  const { html } = await panel.follow(response);
  expect(toastMessage(html)).toBe(FAILURE_TEXT);
  return html;
}

describe("links off the allowed origins", () => {
  it("(a) never fetches a foreign origin", async () => {
    await setPassport("https://evil.test/passport.pdf");
    await expectRefused();
  });

  it("(a) treats another host name for the same machine as foreign", async () => {
    await setPassport(`${foreign.origin.replace("127.0.0.1", "localhost")}/passport.pdf`);
    await expectRefused();
    expect(foreign.requests).toEqual([]);
  });

  it("(b) never fetches a loopback port that is not the API", async () => {
    await setPassport(`${foreign.origin}/passport.pdf`);
    await expectRefused();
    expect(foreign.requests).toEqual([]);
  });

  it("(b) refuses other schemes and credentials-in-URL tricks", async () => {
    for (const link of [
      `${files.origin}@${foreign.origin.slice("http://".length)}/x.pdf`,
      "file:///etc/passwd",
      "data:application/pdf;base64,JVBERi0xLjQ=",
    ]) {
      await setPassport(link);
      await expectRefused();
    }
    expect(foreign.requests).toEqual([]);
  });
});

describe("redirects", () => {
  it("(c) does not follow the API's own redirect to /__demo/accounts", async () => {
    await setPassport("/__demo/redirect?to=/__demo/accounts");
    expect(await expectRefused()).not.toContain("Admin12345");
  });

  it("(c) refuses a JSON answer on the API's origin (not a passport file)", async () => {
    await setPassport("/__demo/accounts");
    expect(await expectRefused()).not.toContain("Admin12345");
  });

  it("(c) does not follow a listed file host's redirect to a foreign host", async () => {
    await setPassport(`${files.origin}/to-foreign.pdf`);
    await expectRefused();
    expect(files.requests).toEqual(["/to-foreign.pdf"]);
    expect(foreign.requests).toEqual([]);
  });

  it("(c) does not follow a redirect even within the listed file host", async () => {
    await setPassport(`${files.origin}/to-self.pdf`);
    await expectRefused();
    expect(files.requests).toEqual(["/to-self.pdf"]);
  });
});

describe("size cap", () => {
  it("(d) refuses a file whose Content-Length is over 10 MB", async () => {
    await setPassport(`${files.origin}/big-declared.pdf`);
    await expectRefused();
  });

  it("(d) stops reading a file without Content-Length once it passes 10 MB", async () => {
    await setPassport(`${files.origin}/big-chunked.pdf`);
    await expectRefused();
  });

  it("(d) refuses a file of 10 MB and one byte, and hands on one of exactly 10 MB", async () => {
    await setPassport(`${files.origin}/just-over.pdf`);
    await expectRefused();
    await setPassport(`${files.origin}/just-10mb.pdf`);
    const { response, body } = await download();
    expect(response.status).toBe(200);
    expect(body.length).toBe(10 * MB);
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

describe("content type and file name", () => {
  it("(e) refuses a body that is not a PDF or an allowed image, whatever it is called", async () => {
    for (const path of ["/html.pdf", "/html-declared-as-pdf.pdf", "/svg-image", "/pdf-declared-as-html"]) {
      await setPassport(`${files.origin}${path}`);
      await expectRefused();
    }
  });

  it("(e) sanitises and caps a hostile file name", async () => {
    const hostile = `../..\\evil"; filename=evil.html\u202egpj.exe<script>:*?|${"x".repeat(300)}`;
    await setPassport(`${files.origin}/ok.pdf`, hostile);
    const { response, body } = await download();
    expect(response.status).toBe(200);
    expect(body.equals(PDF)).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="passport_[^"]+\.pdf"$/);
    const name = /filename="([^"]+)"/.exec(disposition)![1]!;
    expect(name.length).toBeLessThanOrEqual(100);
    // eslint-disable-next-line no-control-regex -- no control character may get through
    expect(name).not.toMatch(/[/\\"<>:*?|\u0000-\u001f\u007f\u202e]/);
    expect(name).not.toContain("..");
  });

  it("serves an allowed file host's PDF, typed by its content", async () => {
    await setPassport(`${files.origin}/untyped.pdf`, "Mia Member");
    const { response, body } = await download();
    expect(response.status).toBe(200);
    expect(body.equals(PDF)).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="passport_Mia Member.pdf"');
    expect(files.requests).toEqual(["/untyped.pdf"]);
  });

  it("serves a passport image as that image type with its own extension", async () => {
    await setPassport(`${files.origin}/ok.png`, "Mia Member");
    const { response, body } = await download();
    expect(response.status).toBe(200);
    expect(body.equals(PNG)).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="passport_Mia Member.png"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("still serves the seeded passport on the API's origin", async () => {
    const { response, body } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
