/** Contract of the presigned-upload call. */
import { z } from "zod";
import { defineEndpoint, requiredText } from "./common.ts";

/** Body of POST /file/generate-upload-url/admin. */
export const GenerateUploadUrlBodySchema = z.object({
  fileName: requiredText("File name is required").max(255, "File name must be at most 255 characters"),
  fileType: requiredText("File type is required").max(255, "File type must be at most 255 characters"),
});

/** Answer of POST /file/generate-upload-url/admin: a presigned URL to PUT the file to. */
export const UploadUrlAnswerSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

/**
 * The value stored as a plan image after an upload (docs/product.md#tier-image-upload): the URL without its
 * query string and without scheme and host, e.g. `uploads/membership/abc-logo.png`.
 */
export function storedFileKey(uploadUrl: string): string {
  const withoutQuery = uploadUrl.split("?")[0] ?? "";
  return withoutQuery.split("/").slice(3).join("/");
}

/** The file calls of docs/product.md#upstream-calls; the PUT goes to the returned URL itself. */
export const fileEndpoints = {
  generateUploadUrl: defineEndpoint({
    method: "POST",
    path: "/file/generate-upload-url/admin",
    body: GenerateUploadUrlBodySchema,
    answer: UploadUrlAnswerSchema,
  }),
} as const;
