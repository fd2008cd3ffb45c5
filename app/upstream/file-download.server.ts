/**
 * Upstream files the panel's server downloads and hands on (the passport, docs/product.md#users-list). The link
 * comes from the upstream, so it is treated as hostile: it is fetched only on the API's origin
 * or one listed in FILE_ORIGINS, redirects are never followed, the body is capped, and only a
 * PDF or a plain image (recognised by its first bytes) comes back. Anything else is a failure;
 * the foreign body is never passed on.
 */
import { env } from "~/config/env.server";
import { fetchableFileUrl } from "~/lib/file-link";
import { FILE_TYPES, type FileType, sniffFileType } from "~/lib/file-type.server";
import { UpstreamError } from "~/upstream/errors";

/** The largest file handed on; a larger one is a failure, whether or not it says its length. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The longest download name sent, extension included. */
export const MAX_FILE_NAME_LENGTH = 100;

/** A 10 MB body may take longer than an API call. */
const MIN_DOWNLOAD_TIMEOUT_MS = 30_000;

/** The only types handed on (their bytes decide: see sniffFileType). */
const PASSPORT_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
] as const satisfies readonly FileType[];

/** A type the panel hands on. */
type PassportType = (typeof PASSPORT_TYPES)[number];

function isPassportType(type: string | null): type is PassportType {
  return (PASSPORT_TYPES as readonly (string | null)[]).includes(type);
}

/** Declared types that say nothing about the content: the first bytes decide. */
const UNTYPED = new Set(["", "application/octet-stream", "binary/octet-stream"]);

/** A downloaded file, whole, with the type its content proved. */
export interface DownloadedFile {
  bytes: Uint8Array<ArrayBuffer>;
  type: PassportType;
  extension: string;
}

/** The media type of a Content-Type header, without parameters, lowercased. */
function declaredType(header: string | null): string {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "image/jpg" ? "image/jpeg" : type;
}

/** A refusal: the route shows its failure state, never what the file host said. */
function refused(message: string, failure: "http" | "invalid-response" = "invalid-response"): UpstreamError {
  return new UpstreamError(502, message, {}, failure);
}

/** Reads a body to its end, failing (and cancelling it) once it passes `limit` bytes. */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw refused(`The file is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Downloads a file link from the upstream (relative links are on the API host), whole and at
 * most MAX_FILE_BYTES. Throws an UpstreamError: 404 when the file host has no such file, 502 for
 * a link off the allowed origins, a redirect, an oversized body, or content that is not a PDF or
 * an allowed image. Buffered rather than streamed, so every failure is a clear answer instead of
 * a download cut short.
 */
export async function downloadUpstreamFile(request: Request, link: string): Promise<DownloadedFile> {
  const { API_URL, FILE_ORIGINS, UPSTREAM_TIMEOUT_MS } = env();
  const url = fetchableFileUrl(link, API_URL, [new URL(API_URL).origin, ...FILE_ORIGINS]);
  if (!url) throw refused("The file link is not on the API's origin or FILE_ORIGINS");

  let response: Response;
  try {
    // No cookies: file links are public or pre-signed, and the session is for the API only.
    // No redirects: a hop could lead anywhere, including a service on the panel's own network.
    response = await fetch(url, {
      redirect: "manual",
      headers: { accept: PASSPORT_TYPES.join(", ") },
      signal: AbortSignal.any([
        request.signal,
        AbortSignal.timeout(Math.max(UPSTREAM_TIMEOUT_MS, MIN_DOWNLOAD_TIMEOUT_MS)),
      ]),
    });
  } catch {
    throw new UpstreamError(502, "The file could not be fetched", {}, "network");
  }

  try {
    if (response.status >= 300 && response.status < 400) throw refused("The file link redirects", "http");
    if (!response.ok)
      throw new UpstreamError(response.status === 404 ? 404 : 502, `The file answered ${response.status}`);
    const declared = declaredType(response.headers.get("content-type"));
    if (!UNTYPED.has(declared) && !isPassportType(declared))
      throw refused(`The file's type ${declared} is not allowed`);
    const length = Number(response.headers.get("content-length"));
    if (length > MAX_FILE_BYTES) throw refused(`The file is larger than ${MAX_FILE_BYTES} bytes`);

    const bytes = await readCapped(response.body, MAX_FILE_BYTES);
    const type = await sniffFileType(bytes);
    if (!isPassportType(type)) throw refused("The file is not a PDF or an allowed image");
    if (!UNTYPED.has(declared) && declared !== type) throw refused(`The file says ${declared} but is ${type}`);
    return { bytes, type, extension: FILE_TYPES[type][0].slice(1) };
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(502, "The file could not be read", {}, "network");
  }
}

/**
 * Whether an image link answers with an image: a HEAD on the API's origin or FILE_ORIGINS, no
 * redirects, within UPSTREAM_TIMEOUT_MS. A page renders only an image that does, so a broken one
 * is hidden without JavaScript too (with it, the image's error handler hides it as well).
 */
export async function imageAnswers(request: Request, link: string): Promise<boolean> {
  const { API_URL, FILE_ORIGINS, UPSTREAM_TIMEOUT_MS } = env();
  const url = fetchableFileUrl(link, API_URL, [new URL(API_URL).origin, ...FILE_ORIGINS]);
  if (!url) return false;
  try {
    const response = await fetch(url, {
      method: "HEAD",
      redirect: "manual",
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
    });
    return response.ok && (response.headers.get("content-type") ?? "").toLowerCase().startsWith("image/");
  } catch {
    return false;
  }
}

/**
 * A download name that is safe to offer: no control or invisible formatting characters (a
 * right-to-left override can dress `exe` up as `pdf`), no path or shell-special characters, no
 * `..`, and at most MAX_FILE_NAME_LENGTH characters including the extension.
 */
export function downloadFileName(stem: string, extension: string): string {
  const cleaned = stem
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/[/\\:*?"<>|]/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/\s+/g, " ")
    .trim();
  const suffix = `.${extension}`;
  let name = "";
  for (const character of cleaned) {
    if (name.length + character.length + suffix.length > MAX_FILE_NAME_LENGTH) break;
    name += character;
  }
  return `${name.trim() || "file"}${suffix}`;
}
