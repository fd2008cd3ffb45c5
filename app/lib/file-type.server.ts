/**
 * What a file's bytes are, on the server: file-type reads the magic numbers. The browser's upload
 * widget keeps its own small check of the tier image types (sniffRasterImageType in
 * upload-rules.ts), so that file-type stays out of the client bundle (decision 043).
 */
import { fileTypeFromBuffer } from "file-type";

import {
  checkUpload,
  fileTypeMessage,
  isRasterImageType,
  mediaType,
  RASTER_IMAGE_EXTENSIONS,
  type UploadRules,
} from "./upload-rules";

/**
 * Every type a file may pass as, with its file name extensions (the first one names a download):
 * the tier images' raster types, and PDF for passports.
 */
export const FILE_TYPES = { ...RASTER_IMAGE_EXTENSIONS, "application/pdf": [".pdf"] } as const;

/** A type a file may pass as. */
export type FileType = keyof typeof FILE_TYPES;

/** How many leading bytes tell a file's type: file-type's own sample size. */
const SNIFF_BYTES = 4100;

/** The type these bytes are (only the first SNIFF_BYTES are read), or null when it is none of FILE_TYPES. */
export async function sniffFileType(bytes: Uint8Array): Promise<FileType | null> {
  // Bytes file-type cannot make sense of are none of the types.
  const found = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES)).catch(() => undefined);
  // An animated PNG is a PNG: browsers show it as one.
  const type = found?.mime === "image/apng" ? "image/png" : found?.mime;
  return type !== undefined && Object.hasOwn(FILE_TYPES, type) ? (type as FileType) : null;
}

/**
 * The first rule an uploaded file breaks, as the upload widget's message, or null when it may be
 * stored: the widget's rules (size, accepted types, a name that fits the declared type), and a file
 * declared as a raster image must be that image by its bytes. For a file the server received (a
 * form posted without JavaScript).
 */
export async function checkUploadedFile(file: File, rules: UploadRules = {}): Promise<string | null> {
  const problem = checkUpload(file, rules);
  if (problem) return problem;
  const declared = mediaType(file.type);
  if (!isRasterImageType(declared)) return null;
  const sniffed = await sniffFileType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  return sniffed === declared ? null : fileTypeMessage(rules.accept);
}
