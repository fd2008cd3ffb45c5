import { data } from "react-router";

import {
  errorToast,
  type FailedSubmission,
  failSubmission,
  invalidSubmission,
  rejectedForm,
} from "~/forms/failure.server";
import { type FormErrors, formValues, parseForm, submittedForm } from "~/forms/form-data.server";
import {
  PlanCreateFormSchema,
  PlanEditFormSchema,
  PlanFormIntentSchema,
  type PlanFormIntent,
  splitIntent,
  UploadUrlRequestSchema,
} from "~/forms/membership";
import { cleanFeatures, draftFromValues, type PlanDraft } from "~/forms/plan-draft";
import type { FlashToast } from "~/components/feedback/toaster";
import {
  checkUpload,
  SIGNATURE_BYTES,
  TIER_IMAGE_ACCEPT,
  TIER_IMAGE_MAX_SIZE_MB,
  UPLOAD_MESSAGES,
} from "~/lib/upload-rules";
import { type OnceArgs, runOnce } from "~/recipe/once.server";
import { redirectWithSuccess } from "~/session/toast.server";
import type { PlanCreateBody, PlanEditBody } from "~/upstream/contract/memberships";
import { requestUploadUrl, UploadFailure, uploadFile } from "~/upstream/files.server";
import { createPlan, editPlan } from "~/upstream/memberships.server";

/** The field a form posted without JavaScript carries the file in (see ImageUpload). */
const FILE_FIELD = "imageFile";

/** Where a saved plan goes (docs/product.md#create-membership and docs/product.md#edit-membership). */
const AFTER_SAVE = "/memberships";

/** Toasts (docs/product.md#create-membership, docs/product.md#edit-membership); the server's message wins when it sends one. */
const TEXTS = {
  create: { ok: "Membership created successfully!", failed: "Failed to create membership" },
  update: { ok: "Membership updated successfully!", failed: "Failed to update membership" },
} as const;

const UNREADABLE = "The form could not be read. Please try again.";

/** A failed submission: messages inline, the first one also as a toast. */
function failed(errors: FormErrors, values: Record<string, unknown>, status: number, formError?: string) {
  const message = formError ?? Object.values(errors)[0]?.message ?? UNREADABLE;
  const body: FailedSubmission = { errors, values, formError, toast: errorToast(message) };
  return data(body, { status });
}

/** The file of a post without JavaScript, if one was picked (an empty file part means none). */
function takeFile(formData: FormData): File | null {
  const entry = formData.get(FILE_FIELD);
  formData.delete(FILE_FIELD);
  return entry instanceof File && (entry.size > 0 || entry.name !== "") ? entry : null;
}

/** The values a re-rendered form starts from: every field as it was posted. */
function draftOf(values: Record<string, unknown>, mode: "create" | "edit"): PlanDraft {
  return draftFromValues(values, { activeWhenAbsent: mode === "create" });
}

/** The success toast of a file uploaded with the form (docs/product.md#toasts-and-error-handling). */
function uploadedToast(): FlashToast {
  return { id: crypto.randomUUID(), type: "success", message: UPLOAD_MESSAGES.success };
}

/**
 * The answer of a post that only changes the form (features, image) without JavaScript; `uploaded` when the post
 * carried a file that went up.
 */
function rerender(draft: PlanDraft, id: unknown, uploaded = false) {
  return data({
    errors: {} as FormErrors,
    values: { ...draft, ...(typeof id === "string" ? { id } : {}) } as Record<string, unknown>,
    ...(uploaded ? { toast: uploadedToast() } : {}),
  });
}

/**
 * The one action behind Create and Edit Membership Tier (docs/how-a-screen-works.md#where-each-screen-has-it),
 * switched on `intent`:
 * - `create` (create screen) and `update` (edit screen) save the plan and go to /memberships;
 * - `add-feature`, `remove-feature:{index}` and `remove-image` re-render the form with the change
 *   (the buttons of a browser without JavaScript);
 * - `upload-url` answers a presigned URL for the browser's own upload (a fetcher, with JavaScript).
 * A file posted with the form (no JavaScript) is checked and uploaded first, so whatever happens
 * next the form comes back with the stored image and every other value kept.
 */
export async function planFormAction(args: OnceArgs, mode: "create" | "edit") {
  const { request } = args;
  const formData = await submittedForm(request);

  const { intent: intentName, index } = splitIntent(formData.get("intent"));
  formData.set("intent", intentName);
  const which = parseForm(formData, PlanFormIntentSchema);
  const saveIntent = mode === "create" ? "create" : "update";
  if (
    !which.ok ||
    (which.data.intent === "create" && mode !== "create") ||
    (which.data.intent === "update" && mode !== "edit")
  ) {
    return rejectedForm({
      errors: which.ok ? { intent: { type: "enum", message: "Unknown action" } } : which.errors,
      values: {},
    });
  }
  const intent = which.data.intent;
  const values = formValues(formData);
  delete values.intent;

  if (intent === "upload-url") return uploadUrl(request, formData);
  // A save runs once per one-time key (decision 019): a double click creates one plan and uploads one file.
  const change = { intent, index, values, mode };
  if (intent === saveIntent) return runOnce(args, formData, (running) => changeForm(running, formData, change));
  return changeForm(request, formData, change);
}

/**
 * Applies a form post without JavaScript: the picked file is checked and uploaded first, then the
 * form is re-rendered with its change, or saved.
 */
async function changeForm(
  request: Request,
  formData: FormData,
  {
    intent,
    index,
    values,
    mode,
  }: {
    intent: Exclude<PlanFormIntent, "upload-url">;
    index?: number;
    values: Record<string, unknown>;
    mode: "create" | "edit";
  },
) {
  const saveIntent = mode === "create" ? "create" : "update";
  const file = takeFile(formData);
  const draft = draftOf(values, mode);
  if (intent === "remove-image") return rerender({ ...draft, image: "" }, values.id);

  // The file goes up first: a later failure must not lose it (the form comes back with its path).
  if (file) {
    // The bytes are here: their magic number must agree with the name and the declared type.
    const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
    const problem = checkUpload(file, { maxSizeMb: TIER_IMAGE_MAX_SIZE_MB, accept: TIER_IMAGE_ACCEPT }, head);
    if (problem) return failed({ image: { type: "upload", message: problem } }, withId(draft, values), 400);
    try {
      draft.image = await uploadFile(request, file);
    } catch (error) {
      if (!(error instanceof UploadFailure)) throw error;
      return failed({ image: { type: "upload", message: error.message } }, withId(draft, values), 502);
    }
  }

  const uploaded = file !== null;
  if (intent === "add-feature") return rerender({ ...draft, features: [...draft.features, ""] }, values.id, uploaded);
  if (intent === "remove-feature") {
    const rest = draft.features.filter((_feature, position) => position !== index);
    return rerender({ ...draft, features: rest.length > 0 ? rest : [""] }, values.id, uploaded);
  }
  if (intent !== saveIntent)
    return rejectedForm({ errors: { intent: { type: "enum", message: "Unknown action" } }, values: {} });

  // The schemas read the post itself; the image is the one just uploaded, if any.
  formData.set("image", draft.image);
  return savePlan(request, saveIntent, formData, withId(draft, values));
}

/** The draft plus the posted id (edit form), as the values a failed post hands back. */
function withId(draft: PlanDraft, values: Record<string, unknown>): Record<string, unknown> {
  return typeof values.id === "string" ? { ...draft, id: values.id } : { ...draft };
}

/** Saves the plan (create or update) and goes to the list; a failure re-renders the form with `typed`. */
async function savePlan(
  request: Request,
  intent: "create" | "update",
  formData: FormData,
  typed: Record<string, unknown>,
) {
  let message: string;
  if (intent === "create") {
    const form = parseForm(formData, PlanCreateFormSchema);
    if (!form.ok) return invalidSubmission(form.errors, typed);
    const { price, ...fields } = form.data;
    // A blank price is left out: the create form has no required checks (docs/product.md#create-membership), the upstream says what it needs.
    const body = {
      name: fields.name,
      ...(price === undefined ? {} : { price }),
      period: fields.period,
      description: fields.description,
      features: cleanFeatures(fields.features),
      // New plans are active (docs/product.md#create-membership); the create form has no switch.
      isActive: true,
      image: fields.image.trim() || null,
    } as PlanCreateBody;
    try {
      message = await createPlan(request, body);
    } catch (error) {
      return failSubmission(error, typed, TEXTS.create.failed);
    }
    return redirectWithSuccess(request, AFTER_SAVE, message.trim() || TEXTS.create.ok);
  }

  const form = parseForm(formData, PlanEditFormSchema);
  if (!form.ok) {
    const idProblem = form.errors.id?.message;
    return idProblem ? failed(form.errors, typed, 400, idProblem) : invalidSubmission(form.errors, typed);
  }
  const { id, ...fields } = form.data;
  // The edit payload (docs/product.md#upstream-calls) plus the features: the form edits them too, and fields the upstream is not sent keep their value.
  const body: PlanEditBody = {
    id,
    name: fields.name,
    price: fields.price,
    period: fields.period,
    description: fields.description,
    features: cleanFeatures(fields.features),
    isActive: fields.isActive,
    image: fields.image.trim() || null,
  };
  try {
    message = await editPlan(request, body);
  } catch (error) {
    return failSubmission(error, typed, TEXTS.update.failed);
  }
  return redirectWithSuccess(request, AFTER_SAVE, message.trim() || TEXTS.update.ok);
}

/**
 * `intent=upload-url`: the browser is about to upload a picked image itself and needs a presigned
 * URL (POST /file/generate-upload-url/admin) for a raster image. The panel asks on its behalf, as the upstream
 * session cookie is HttpOnly on the panel's origin. Answers `{ uploadUrl }` or `{ uploadError }`.
 */
async function uploadUrl(request: Request, formData: FormData) {
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
