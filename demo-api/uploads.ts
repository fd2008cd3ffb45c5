/**
 * Presigned uploads, S3 style: the API hands out a signed, expiring URL on this server;
 * the browser PUTs the file there directly (CORS is open) and anyone can GET it back.
 * Only raster images are taken (an SVG can carry script that runs on this origin), and every
 * file is served with its stored raster type and `nosniff`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { isRasterImageType, matchesDeclaredType, mediaType, SIGNATURE_BYTES } from "../app/lib/upload-rules.ts";
import { readBody, sendJson } from "./http.ts";
import type { DemoStore } from "./store.ts";

/** Largest accepted upload (the panel's upload widget default, docs/product.md#tier-image-upload). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** How long a presigned URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** The refusal of anything but a PNG, JPEG, WebP, GIF or AVIF whose name, type and bytes agree. */
export const NOT_A_RASTER_IMAGE = "Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded";

/**
 * Headers of every served upload: a stylesheet or script hidden in one must not run on this
 * origin, whatever a browser makes of it.
 */
const SERVED_FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cache-control": "public, max-age=300",
};

const KEY_PATTERN = /^uploads\/[a-z0-9-]+\/[A-Za-z0-9][A-Za-z0-9._-]{0,160}$/;

/** A file name reduced to characters that are safe in a URL path and a file system. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const safe = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+/, "")
    .slice(0, 100);
  return safe || "file";
}

/** Stores uploaded bytes on disk next to the data file, or in memory without one. */
export class UploadStore {
  private readonly memory = new Map<string, Buffer>();
  private readonly store: DemoStore;

  constructor(store: DemoStore) {
    this.store = store;
  }

  /** A presigned PUT URL for a new file under uploads/membership/. */
  createUploadUrl(origin: string, fileName: string, now: Date): string {
    const key = `uploads/membership/${randomBytes(6).toString("hex")}-${safeFileName(fileName)}`;
    const expires = Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
    const signature = this.sign(key, expires);
    return `${origin}/${key}?X-Demo-Signature=${signature}&X-Demo-Expires=${expires}`;
  }

  /** Forgets the in-memory files (a reset clears the disk copies through the store). */
  clear(): void {
    this.memory.clear();
  }

  /** Answers every request under /uploads/: CORS preflight, PUT, GET and HEAD. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // Open CORS: the browser on the panel's origin PUTs here directly.
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-expose-headers", "ETag");
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      const requested = req.headers["access-control-request-headers"];
      res.writeHead(204, {
        "access-control-allow-methods": "GET, HEAD, PUT, OPTIONS",
        "access-control-allow-headers": typeof requested === "string" && requested ? requested : "Content-Type",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(url.pathname.slice(1));
    } catch {
      key = "";
    }
    if (!KEY_PATTERN.test(key)) {
      await drain(req);
      sendJson(res, 404, { message: "File not found" });
      return;
    }
    if (method === "PUT") return this.put(req, res, key, url.searchParams);
    if (method === "GET" || method === "HEAD") return this.get(res, key, method === "HEAD");
    await drain(req);
    sendJson(res, 405, { message: "Method not allowed" }, { allow: "GET, HEAD, PUT, OPTIONS" });
  }

  private sign(key: string, expires: number): string {
    return createHmac("sha256", this.store.data.uploadSecret).update(`PUT\n${key}\n${expires}`).digest("hex");
  }

  private validSignature(key: string, params: URLSearchParams): boolean {
    const signature = params.get("X-Demo-Signature") ?? "";
    const expires = Number(params.get("X-Demo-Expires"));
    if (!/^[0-9a-f]{64}$/.test(signature) || !Number.isInteger(expires)) return false;
    if (expires * 1000 <= Date.now()) return false;
    return timingSafeEqual(Buffer.from(signature, "hex"), Buffer.from(this.sign(key, expires), "hex"));
  }

  private async put(req: IncomingMessage, res: ServerResponse, key: string, params: URLSearchParams): Promise<void> {
    if (!this.validSignature(key, params)) {
      await drain(req);
      sendJson(res, 403, { message: "Invalid or expired upload signature" });
      return;
    }
    // Oversized bodies are read to the end and dropped: answering mid-upload makes clients report a network error instead of the 413.
    const { bytes, tooLarge } = await readBody(req, UPLOAD_MAX_BYTES);
    if (tooLarge) {
      sendJson(res, 413, { message: "File too large (max 10 MB)" });
      return;
    }
    // The key ends with the file name the URL was asked for: its extension, the declared type
    // and the bytes' magic number must all name the same raster type.
    const contentType = mediaType(String(req.headers["content-type"] ?? ""));
    if (
      !isRasterImageType(contentType) ||
      !matchesDeclaredType({ name: key, type: contentType }, bytes.subarray(0, SIGNATURE_BYTES))
    ) {
      sendJson(res, 415, { message: NOT_A_RASTER_IMAGE });
      return;
    }
    const dir = this.store.uploadsDir;
    if (dir) {
      const file = this.diskPath(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    } else {
      this.memory.set(key, bytes);
    }
    const data = this.store.data;
    data.uploads = data.uploads.filter((upload) => upload.key !== key);
    data.uploads.push({ key, contentType, size: bytes.length, createdAt: new Date().toISOString() });
    this.store.changed();
    const etag = `"${createHash("md5").update(bytes).digest("hex")}"`;
    res.writeHead(200, { etag, "content-length": 0 });
    res.end();
  }

  private async get(res: ServerResponse, key: string, headOnly: boolean): Promise<void> {
    const record = this.store.data.uploads.find((upload) => upload.key === key);
    const bytes = record ? await this.readBytes(key) : undefined;
    if (!record || !bytes) {
      sendJson(res, 404, { message: "File not found" });
      return;
    }
    // Only a raster image is shown inline; anything else (an older data file may hold one) downloads.
    const type = mediaType(record.contentType);
    const raster = isRasterImageType(type);
    res.writeHead(200, {
      ...SERVED_FILE_HEADERS,
      "content-type": raster ? type : "application/octet-stream",
      "content-disposition": raster ? "inline" : "attachment",
      "content-length": bytes.length,
    });
    res.end(headOnly ? undefined : bytes);
  }

  private async readBytes(key: string): Promise<Buffer | undefined> {
    const dir = this.store.uploadsDir;
    if (!dir) return this.memory.get(key);
    try {
      return await readFile(this.diskPath(dir, key));
    } catch {
      return undefined;
    }
  }

  private diskPath(dir: string, key: string): string {
    // KEY_PATTERN allows no "..", so the path stays inside the uploads directory.
    return path.join(dir, key.slice("uploads/".length));
  }
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const _chunk of req) {
    // Discard: the answer does not depend on the body.
  }
}
