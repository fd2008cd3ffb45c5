/**
 * The upload widget's rules (spec 5, 9) and the value an upload leaves behind (spec 3). Pure:
 * the browser checks a picked file with them before uploading, and the server applies the same
 * checks to a file that came with a form posted without JavaScript.
 */

/** The widget's default size limit, in MB (spec 9). */
export const DEFAULT_MAX_SIZE_MB = 10;

/** The tier image's size limit, in MB (spec 2.18, 9). */
export const TIER_IMAGE_MAX_SIZE_MB = 5;

/** The widget's default accepted types (spec 5). */
export const DEFAULT_ACCEPT = "image/*";

/** What the rules look at in a file: a File, or what a form post says about one. */
export interface UploadCandidate {
  name: string;
  type: string;
  size: number;
}

/** Limits of one upload widget. */
export interface UploadRules {
  /** Largest size in MB (default 10). */
  maxSizeMb?: number;
  /** Accepted types, comma-separated like an input's `accept`: `image/*`, `image/png`, `.svg` (default `image/*`). */
  accept?: string;
}

/** The message of a file over the limit (spec 5). */
export function fileTooLargeMessage(maxSizeMb: number = DEFAULT_MAX_SIZE_MB): string {
  return `File size must be less than ${maxSizeMb}MB`;
}

/** The message of a file of another type (spec 5). */
export function fileTypeMessage(accept: string = DEFAULT_ACCEPT): string {
  return `File type not supported. Accepted types: ${accept}`;
}

/** A size limit in bytes (1 MB = 1024 × 1024 bytes). */
export function maxBytes(maxSizeMb: number = DEFAULT_MAX_SIZE_MB): number {
  return maxSizeMb * 1024 * 1024;
}

/**
 * True when the file matches one of the accepted entries: a wildcard by its main type
 * (`image/*`), an exact type (`image/png`) or an extension (`.png`), case-insensitively.
 * An empty list accepts everything.
 */
export function matchesAccept(file: Pick<UploadCandidate, "name" | "type">, accept: string = DEFAULT_ACCEPT): boolean {
  const entries = accept
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const type = file.type.trim().toLowerCase();
  const name = file.name.trim().toLowerCase();
  return entries.some((entry) => {
    if (entry.startsWith(".")) return name.endsWith(entry);
    if (entry.endsWith("/*")) return type !== "" && type.split("/")[0] === entry.slice(0, -2);
    return type === entry;
  });
}

/** The first rule a file breaks, as the message the widget shows, or null when it may be uploaded. */
export function checkUpload(
  file: UploadCandidate,
  { maxSizeMb = DEFAULT_MAX_SIZE_MB, accept = DEFAULT_ACCEPT }: UploadRules = {},
): string | null {
  if (file.size > maxBytes(maxSizeMb)) return fileTooLargeMessage(maxSizeMb);
  if (!matchesAccept(file, accept)) return fileTypeMessage(accept);
  return null;
}

/**
 * The value stored after an upload (spec 3): the upload URL without its query string (and
 * fragment) and without its first three path segments, i.e. scheme and host:
 * `https://bucket.example.com/uploads/membership/a-logo.png?X-Sig=…` → `uploads/membership/a-logo.png`.
 */
export function storedUploadValue(uploadUrl: string): string {
  const withoutQuery = uploadUrl.split(/[?#]/)[0] ?? "";
  return withoutQuery.split("/").slice(3).join("/");
}

/** The messages of a failed upload (spec 8). */
export const UPLOAD_MESSAGES = {
  success: "Image uploaded successfully!",
  failed: (reason: string) => `Upload failed: ${reason}`,
  status: (code: number) => `Upload failed with status: ${code}`,
  process: "Upload process failed",
} as const;
