/** The presigned-URL call of the upload widget. */
import { acceptsFileType, TIER_IMAGE_ACCEPT } from "../../app/lib/upload-rules.ts";
import { fileEndpoints, GenerateUploadUrlBodySchema } from "../../app/upstream/contract/files.ts";
import { validationFailed } from "../errors.ts";
import type { Router } from "../router.ts";
import { NOT_A_RASTER_IMAGE } from "../uploads.ts";
import { validate } from "../validation.ts";

/** Registers /file/generate-upload-url/admin. */
export function registerFileRoutes(router: Router): void {
  router.add(fileEndpoints.generateUploadUrl, "admin", ({ uploads, body, origin, now }) => {
    const input = validate(GenerateUploadUrlBodySchema, body);
    // Uploads are tier images: raster only, with a name that agrees with the type.
    if (!acceptsFileType({ name: input.fileName, type: input.fileType }, TIER_IMAGE_ACCEPT)) {
      throw validationFailed([{ field: "body.fileType", message: NOT_A_RASTER_IMAGE }]);
    }
    return { body: { url: uploads.createUploadUrl(origin, input.fileName, now) } };
  });
}
