/**
 * The tier image upload done by the server, for a form posted without JavaScript: the same
 * presigned URL the browser would ask for (POST /file/generate-upload-url/admin), then a PUT of
 * the bytes to it. With JavaScript the browser does the PUT itself (app/routes/admin/memberships/image-upload.tsx).
 */
import { env } from "~/config/env.server";
import { fetchableFileUrl } from "~/lib/file-link";
import { UPLOAD_MESSAGES, storedUploadValue } from "~/lib/upload-rules";
import { callEndpoint } from "~/upstream/client.server";
import { fileEndpoints } from "~/upstream/contract/files";
import { refusalReason, upstreamFailure } from "~/upstream/errors";

/** A failed upload, with the message of docs/product.md#tier-image-upload to show. */
export class UploadFailure extends Error {
  override name = "UploadFailure";
}

/** The reason shown when the upload URL could not be had and the upstream gave none. */
const NO_UPLOAD_URL = "Could not get an upload URL";

/** The PUT of a 5 MB file may take longer than an API call. */
const MIN_PUT_TIMEOUT_MS = 30_000;

/**
 * POST /file/generate-upload-url/admin: a presigned URL to PUT the file to. A failure becomes
 * 'Upload failed: {reason}' with the server's first field error or message, whatever the status
 * (refusalReason); the redirect to /login of an upstream 401 is rethrown.
 */
export async function requestUploadUrl(
  request: Request,
  file: { fileName: string; fileType: string },
): Promise<string> {
  try {
    const { data } = await callEndpoint(request, fileEndpoints.generateUploadUrl, { body: file });
    return data.url;
  } catch (error) {
    throw new UploadFailure(UPLOAD_MESSAGES.failed(refusalReason(upstreamFailure(error), NO_UPLOAD_URL)));
  }
}

/**
 * PUTs bytes to a presigned URL with their content type, without the panel's cookies (the URL
 * carries its own authorisation). A non-2xx answer is 'Upload failed with status: {code}',
 * anything else that goes wrong 'Upload process failed'.
 */
export async function putToUploadUrl(
  request: Request,
  url: string,
  bytes: ArrayBuffer,
  contentType: string,
): Promise<void> {
  const { API_URL, UPLOAD_ORIGINS, UPSTREAM_TIMEOUT_MS } = env();
  // The URL is upstream data: the admin's file goes only where the browser may upload it too
  // (the API's origin and UPLOAD_ORIGINS, the CSP's connect-src), never to an internal address.
  const target = fetchableFileUrl(url, API_URL, [new URL(API_URL).origin, ...UPLOAD_ORIGINS]);
  if (!target) throw new UploadFailure(UPLOAD_MESSAGES.process);
  const timeout = Math.max(UPSTREAM_TIMEOUT_MS, MIN_PUT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(target, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": contentType || "application/octet-stream" },
      redirect: "manual",
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeout)]),
    });
  } catch {
    throw new UploadFailure(UPLOAD_MESSAGES.process);
  }
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new UploadFailure(UPLOAD_MESSAGES.status(response.status));
}

/** Uploads a posted file the way the browser would and answers the value to store (docs/product.md#tier-image-upload). */
export async function uploadFile(request: Request, file: File): Promise<string> {
  const url = await requestUploadUrl(request, { fileName: file.name, fileType: file.type });
  await putToUploadUrl(request, url, await file.arrayBuffer(), file.type);
  return storedUploadValue(url);
}
