import * as z from "zod/mini";

import { entityId } from "~/forms/fields";
import { DEFAULT_PERIOD, isPlanPeriod } from "~/forms/plan-draft";
import { acceptsFileType, fileTypeMessage, TIER_IMAGE_ACCEPT } from "~/lib/upload-rules";

// The membership tier form of docs/product.md#create-membership and docs/product.md#edit-membership and the memberships screens' row actions.
// Server-side checks only: what the form's components need (periods, drafts) lives in
// plan-draft.ts, so the memberships screens load without zod (decision 026).

/** Messages of the form (docs/product.md#form-validation-rules); the price one is the upstream's own wording. */
export const MEMBERSHIP_MESSAGES = {
  idRequired: "Membership ID is required",
  priceNotNumber: "Price must be a number",
  periodInvalid: "Period must be month, year or lifetime",
} as const;

/**
 * The edit form's price (docs/product.md#form-validation-rules): parsed to a number, 0 when it is not one.
 * `parseFloat` reads what a number input sends ("12", "12.5", " 9.99 ").
 */
export function parseEditPrice(value: string | undefined): number {
  const parsed = Number.parseFloat(value ?? "");
  return Number.isFinite(parsed) ? parsed : 0;
}

const text = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value) => value ?? ""),
  );

/** One feature or several: a form repeats the `features` field once per entry. */
const features = () =>
  z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  );

/** A checkbox as any client sends it: "true" or "on" when checked, absent otherwise. */
const checkbox = () =>
  z.pipe(
    z.optional(z.union([z.string(), z.boolean()])),
    z.transform((value) => value === true || value === "true" || value === "on"),
  );

const period = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, context) => {
      const chosen = value?.trim() ?? "";
      if (chosen === "") return DEFAULT_PERIOD;
      if (isPlanPeriod(chosen)) return chosen;
      context.issues.push({ code: "custom", message: MEMBERSHIP_MESSAGES.periodInvalid, input: value });
      return z.NEVER;
    }),
  );

/**
 * The create form's price. The create form has no required checks in the panel (docs/product.md#form-validation-rules): a blank
 * price is left out and the upstream says what it needs; a value that is not a number is refused.
 */
const createPrice = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, context) => {
      const typed = value?.trim() ?? "";
      if (typed === "") return undefined;
      const parsed = Number.parseFloat(typed);
      if (Number.isFinite(parsed)) return parsed;
      context.issues.push({ code: "custom", message: MEMBERSHIP_MESSAGES.priceNotNumber, input: value });
      return z.NEVER;
    }),
  );

const planFields = {
  name: text(),
  period: period(),
  description: text(),
  features: features(),
  // The stored upload value (`uploads/membership/...`) or a link the plan already had.
  image: text(),
  isActive: checkbox(),
};

/** Create Membership Tier (docs/product.md#create-membership): no required checks; new plans are active. */
export const PlanCreateFormSchema = z.object({ ...planFields, price: createPrice() });
export type PlanCreateFormValues = z.output<typeof PlanCreateFormSchema>;

/** Edit Membership Tier (docs/product.md#edit-membership): the id is required, the price is parsed, defaulting to 0. */
export const PlanEditFormSchema = z.object({
  ...planFields,
  id: entityId(MEMBERSHIP_MESSAGES.idRequired),
  price: z.pipe(z.optional(z.string()), z.transform(parseEditPrice)),
});
export type PlanEditFormValues = z.output<typeof PlanEditFormSchema>;

/** The intents of the create and edit screens' one action (docs/how-a-screen-works.md). */
export const PLAN_FORM_INTENTS = [
  "create",
  "update",
  "add-feature",
  "remove-feature",
  "remove-image",
  "upload-url",
] as const;

/** Which action a form post asks for (the intents alone; the screens read them with planFormActionSchema). */
export const PlanFormIntentSchema = z.object({ intent: z.enum(PLAN_FORM_INTENTS, { error: "Unknown action" }) });

/** Splits `remove-feature:2` into the intent and the entry's index; other intents have no index. */
export function splitIntent(raw: unknown): { intent: string; index?: number } {
  const value = typeof raw === "string" ? raw : "";
  const match = /^(remove-feature):(\d{1,3})$/.exec(value);
  return match ? { intent: match[1]!, index: Number(match[2]) } : { intent: value };
}

/**
 * What the browser asks for before it uploads a picked file itself: a tier image, so a raster
 * image whose name and type agree (the bytes go straight to the upload host, which checks them).
 */
export const UploadUrlRequestSchema = z
  .object({
    fileName: z
      .string({ error: "File name is required" })
      .check(
        z.trim(),
        z.minLength(1, "File name is required"),
        z.maxLength(255, "File name must be at most 255 characters"),
      ),
    fileType: z
      .string({ error: "File type is required" })
      .check(
        z.trim(),
        z.minLength(1, "File type is required"),
        z.maxLength(255, "File type must be at most 255 characters"),
      ),
  })
  .check(
    z.refine((file) => acceptsFileType({ name: file.fileName, type: file.fileType }, TIER_IMAGE_ACCEPT), {
      error: fileTypeMessage(TIER_IMAGE_ACCEPT),
      path: ["fileType"],
    }),
  );
