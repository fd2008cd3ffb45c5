/**
 * The upload widget's rules and the value an upload leaves behind (docs/product.md#tier-image-upload). Pure:
 * the browser checks a picked file with them before uploading, and the server applies the same
 * checks to a file that came with a form posted without JavaScript.
 */

/** The widget's default size limit, in MB (docs/product.md#tier-image-upload). */
export const DEFAULT_MAX_SIZE_MB = 10;

/** The tier image's size limit, in MB (docs/product.md#tier-image-upload). */
export const TIER_IMAGE_MAX_SIZE_MB = 5;

/** The widget's default accepted types (docs/product.md#tier-image-upload). */
export const DEFAULT_ACCEPT = "image/*";

/**
 * The raster image types and the file name extensions of each. A tier image is one of these:
 * an SVG is an image too, but it can carry script, which runs when the upload host serves it.
 */
export const RASTER_IMAGE_EXTENSIONS = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/webp": [".webp"],
  "image/gif": [".gif"],
  "image/avif": [".avif"],
} as const satisfies Record<string, readonly string[]>;

/** One of the raster image types. */
export type RasterImageType = keyof typeof RASTER_IMAGE_EXTENSIONS;

/** The tier image's accepted types (docs/product.md#tier-image-upload "images"; raster only, see RASTER_IMAGE_EXTENSIONS). */
export const TIER_IMAGE_ACCEPT = Object.keys(RASTER_IMAGE_EXTENSIONS).join(", ");

/** How many leading bytes of a file `checkUpload` and `sniffRasterImageType` look at. */
export const SIGNATURE_BYTES = 64;

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

/** The message of a file over the limit (docs/product.md#tier-image-upload). */
export function fileTooLargeMessage(maxSizeMb: number = DEFAULT_MAX_SIZE_MB): string {
  return `File size must be less than ${maxSizeMb}MB`;
}

/** The message of a file of another type (docs/product.md#tier-image-upload). */
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

/** A declared content type without parameters, in lower case: `IMAGE/PNG; x=y` → `image/png`. */
export function mediaType(type: string): string {
  return (type.split(";")[0] ?? "").trim().toLowerCase();
}

/** True for one of the raster image types (after `mediaType`). */
export function isRasterImageType(type: string): type is RasterImageType {
  return Object.hasOwn(RASTER_IMAGE_EXTENSIONS, type);
}

const ascii = (head: Uint8Array, start: number, end: number) => String.fromCharCode(...head.subarray(start, end));

/** The raster image type a file's first bytes (its magic number) show, or null for anything else. */
export function sniffRasterImageType(head: Uint8Array): RasterImageType | null {
  const starts = (...signature: number[]) =>
    head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  // AVIF is an ISO media file: an `ftyp` box naming `avif` (still) or `avis` (sequence) as its
  // major brand or one of its compatible brands.
  if (head.length >= 16 && ascii(head, 4, 8) === "ftyp") {
    const boxEnd = Math.min(new DataView(head.buffer, head.byteOffset, head.length).getUint32(0), head.length);
    for (let offset = 8; offset + 4 <= boxEnd; offset += offset === 8 ? 8 : 4) {
      const brand = ascii(head, offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return null;
}

/**
 * True unless a file declared as a raster image gives itself away: its name must end with one of
 * that type's extensions and, when its first bytes are given, they must be that type's. Other
 * declared types are left to the accepted list.
 */
export function matchesDeclaredType(file: Pick<UploadCandidate, "name" | "type">, head?: Uint8Array): boolean {
  const type = mediaType(file.type);
  if (!isRasterImageType(type)) return true;
  const name = file.name.trim().toLowerCase();
  if (!RASTER_IMAGE_EXTENSIONS[type].some((extension) => name.endsWith(extension))) return false;
  return head === undefined || sniffRasterImageType(head) === type;
}

/**
 * True when a file is of an accepted type: it matches the accepted list and does not give itself
 * away (see matchesDeclaredType). `head` is its first SIGNATURE_BYTES bytes, where known.
 */
export function acceptsFileType(
  file: Pick<UploadCandidate, "name" | "type">,
  accept: string = DEFAULT_ACCEPT,
  head?: Uint8Array,
): boolean {
  return matchesAccept(file, accept) && matchesDeclaredType(file, head);
}

/**
 * The first rule a file breaks, as the message the widget shows, or null when it may be uploaded.
 * `head` is the file's first SIGNATURE_BYTES bytes, where the checker has them.
 */
export function checkUpload(
  file: UploadCandidate,
  { maxSizeMb = DEFAULT_MAX_SIZE_MB, accept = DEFAULT_ACCEPT }: UploadRules = {},
  head?: Uint8Array,
): string | null {
  if (file.size > maxBytes(maxSizeMb)) return fileTooLargeMessage(maxSizeMb);
  if (!acceptsFileType(file, accept, head)) return fileTypeMessage(accept);
  return null;
}

/**
 * The value stored after an upload (docs/product.md#tier-image-upload): the upload URL without its query string (and
 * fragment) and without its first three path segments, i.e. scheme and host:
 * `https://bucket.example.com/uploads/membership/a-logo.png?X-Sig=…` → `uploads/membership/a-logo.png`.
 */
export function storedUploadValue(uploadUrl: string): string {
  const withoutQuery = uploadUrl.split(/[?#]/)[0] ?? "";
  return withoutQuery.split("/").slice(3).join("/");
}

/** The messages of a failed upload (docs/product.md#tier-image-upload). */
export const UPLOAD_MESSAGES = {
  success: "Image uploaded successfully!",
  failed: (reason: string) => `Upload failed: ${reason}`,
  status: (code: number) => `Upload failed with status: ${code}`,
  process: "Upload process failed",
} as const;
