/**
 * What the Create and Edit Membership Tier actions (create.tsx, edit.tsx) call besides the recipe:
 * the image a browser without JavaScript posts with the form (checked and uploaded first, so
 * whatever happens next the form comes back with the stored image and every other value kept),
 * the form's own buttons without JavaScript (add a feature, remove one, remove the image), the
 * presigned URL a browser with JavaScript uploads to, and the upstream bodies of a save.
 */
import { data } from "react-router";

import { type FormErrors, formValues } from "~/forms/form-data.server";
import type { PlanCreateFormValues, PlanEditFormValues } from "~/forms/membership";
import { UploadUrlRequestSchema } from "~/forms/membership";
import { cleanFeatures, draftFromValues } from "~/forms/plan-draft";
import { parseForm } from "~/forms/form-data.server";
import { checkUploadedFile } from "~/lib/file-type.server";
import type { FlashToast } from "~/lib/toast";
import { TIER_IMAGE_ACCEPT, TIER_IMAGE_MAX_SIZE_MB, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { failedSubmission } from "~/recipe/failure.server";
import type { PlanCreateBody, PlanEditBody } from "~/upstream/contract/memberships";
import { requestUploadUrl, UploadFailure, uploadFile } from "~/upstream/files.server";

/** Which screen posted: the create form (no id, new plans are active) or the edit form. */
type PlanFormMode = "create" | "edit";

/** The field a form posted without JavaScript carries the file in (see ImageUpload). */
const FILE_FIELD = "imageFile";

const UNREADABLE = "The form could not be read. Please try again.";

/** The file of a post without JavaScript, if one was picked (an empty file part means none). */
function takeFile(formData: FormData): File | null {
  const entry = formData.get(FILE_FIELD);
  formData.delete(FILE_FIELD);
  return entry instanceof File && (entry.size > 0 || entry.name !== "") ? entry : null;
}

/** The form as posted: its draft, and the values a re-rendered form gets back (the draft plus the edit form's id). */
function postedDraft(formData: FormData, mode: PlanFormMode) {
  const posted = formValues(formData);
  const draft = draftFromValues(posted, { activeWhenAbsent: mode === "create" });
  const values = (): Record<string, unknown> =>
    typeof posted.id === "string" ? { ...draft, id: posted.id } : { ...draft };
  return { draft, values };
}

/**
 * Uploads the file a post without JavaScript carries, if any, before anything else: the draft's
 * image becomes its stored path. Answers the upload's failure (on the image field, and as a
 * toast), or whether a file went up.
 */
async function uploadPostedFile(request: Request, formData: FormData, posted: ReturnType<typeof postedDraft>) {
  const file = takeFile(formData);
  if (!file) return { ok: true as const, uploaded: false };
  // The bytes are here: what they are (file-type) must agree with the name and the declared type.
  const problem = await checkUploadedFile(file, { maxSizeMb: TIER_IMAGE_MAX_SIZE_MB, accept: TIER_IMAGE_ACCEPT });
  if (problem) return { ok: false as const, failed: imageFailure(400, problem, posted.values()) };
  try {
    posted.draft.image = await uploadFile(request, file);
  } catch (error) {
    if (!(error instanceof UploadFailure)) throw error;
    return { ok: false as const, failed: imageFailure(502, error.message, posted.values()) };
  }
  return { ok: true as const, uploaded: true };
}

/** A refused or failed upload: the reason on the image field and as the toast. */
function imageFailure(status: number, message: string, values: Record<string, unknown>) {
  return failedSubmission(status, { errors: { image: { type: "upload", message } }, values, toasts: [message] });
}

/**
 * A save's form, once the file a post without JavaScript carries is uploaded: the values a
 * failed save re-renders with (saveForm's `values`), and the image field set to the stored path
 * for the schema to read. Or the upload's failure.
 */
export async function planToSave(request: Request, formData: FormData, mode: PlanFormMode) {
  const posted = postedDraft(formData, mode);
  const upload = await uploadPostedFile(request, formData, posted);
  if (!upload.ok) return upload;
  formData.set("image", posted.draft.image);
  return { ok: true as const, values: posted.values() };
}

/** A post that only changes the form (the buttons of a browser without JavaScript). */
export type PlanFormChange =
  { intent: "add-feature" } | { intent: "remove-feature"; index: number } | { intent: "remove-image" };

/**
 * The form re-rendered with its change and every value kept (the picked file uploaded first, with
 * its success toast): one more feature entry, one fewer, or no image.
 */
export async function changePlanForm(request: Request, formData: FormData, change: PlanFormChange, mode: PlanFormMode) {
  const posted = postedDraft(formData, mode);
  const { draft } = posted;
  if (change.intent === "remove-image") return rerender({ ...posted.values(), image: "" });
  const upload = await uploadPostedFile(request, formData, posted);
  if (!upload.ok) return upload.failed;
  if (change.intent === "add-feature") {
    return rerender({ ...posted.values(), features: [...draft.features, ""] }, upload.uploaded);
  }
  const rest = draft.features.filter((_feature, position) => position !== change.index);
  return rerender({ ...posted.values(), features: rest.length > 0 ? rest : [""] }, upload.uploaded);
}

/** The answer of a form change; `uploaded` when the post carried a file that went up. */
function rerender(values: Record<string, unknown>, uploaded = false) {
  return data({
    errors: {} as FormErrors,
    values,
    ...(uploaded ? { toast: uploadedToast() } : {}),
  });
}

/** The success toast of a file uploaded with the form (docs/product.md#toasts-and-error-handling). */
function uploadedToast(): FlashToast {
  return { id: crypto.randomUUID(), type: "success", message: UPLOAD_MESSAGES.success };
}

/**
 * The create call's body: a blank price is left out (the create form has no required checks,
 * docs/product.md#create-membership: the upstream says what it needs), and new plans are active.
 */
export function planCreateBody({ price, ...fields }: PlanCreateFormValues): PlanCreateBody {
  return {
    name: fields.name,
    ...(price === undefined ? {} : { price }),
    period: fields.period,
    description: fields.description,
    features: cleanFeatures(fields.features),
    isActive: true,
    image: fields.image.trim() || null,
  } as PlanCreateBody;
}

/**
 * The edit call's body (docs/product.md#upstream-calls) plus the features: the form edits them
 * too, and fields the upstream is not sent keep their value.
 */
export function planEditBody(fields: PlanEditFormValues): PlanEditBody {
  return {
    id: fields.id,
    name: fields.name,
    price: fields.price,
    period: fields.period,
    description: fields.description,
    features: cleanFeatures(fields.features),
    isActive: fields.isActive,
    image: fields.image.trim() || null,
  };
}

/**
 * `intent=upload-url`: the browser is about to upload a picked image itself and needs a presigned
 * URL (POST /file/generate-upload-url/admin) for a raster image. The panel asks on its behalf, as the upstream
 * session cookie is HttpOnly on the panel's origin. Answers the fetcher `{ uploadUrl }` or `{ uploadError }`.
 */
export async function uploadUrl(request: Request, formData: FormData) {
  const form = parseForm(formData, UploadUrlRequestSchema);
  if (!form.ok) return data({ uploadError: Object.values(form.errors)[0]?.message ?? UNREADABLE }, { status: 400 });
  // The schema refuses anything but a raster image whose name and type agree.
  const { fileName, fileType } = form.data;
  try {
    return data({ uploadUrl: await requestUploadUrl(request, { fileName, fileType }) });
  } catch (error) {
    if (!(error instanceof UploadFailure)) throw error;
    return data({ uploadError: error.message }, { status: 502 });
  }
}
