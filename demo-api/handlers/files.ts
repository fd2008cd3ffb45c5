/** The presigned-URL call of the upload widget. */
import { fileEndpoints, GenerateUploadUrlBodySchema } from "../../app/upstream/contract/files.ts";
import type { Router } from "../router.ts";
import { validate } from "../validation.ts";

/** Registers /file/generate-upload-url/admin. */
export function registerFileRoutes(router: Router): void {
  router.add(fileEndpoints.generateUploadUrl, "admin", ({ uploads, body, origin, now }) => {
    const input = validate(GenerateUploadUrlBodySchema, body);
    return { body: { url: uploads.createUploadUrl(origin, input.fileName, now) } };
  });
}
