import * as z from "zod/mini";

import { entityId } from "~/forms/fields";
import { acceptsFileType, fileTypeMessage, TIER_IMAGE_ACCEPT } from "~/lib/upload-rules";

// The membership tier form of docs/product.md#create-membership and docs/product.md#edit-membership and the memberships screens' row actions.
// zod/mini: the drafting helpers run in the browser too.

/** Billing periods and their labels (docs/product.md#create-membership), in the select's order. */
export const PLAN_PERIODS = ["month", "year", "lifetime"] as const;
export type PlanPeriodValue = (typeof PLAN_PERIODS)[number];

/** The select's labels: Monthly=month, Yearly=year, Lifetime=lifetime (docs/product.md#create-membership). */
export const PERIOD_LABELS: Record<PlanPeriodValue, string> = {
  month: "Monthly",
  year: "Yearly",
  lifetime: "Lifetime",
};

/** The default billing period (docs/product.md#create-membership). */
export const DEFAULT_PERIOD: PlanPeriodValue = "lifetime";

/** Messages of the form (docs/product.md#form-validation-rules); the price one is the upstream's own wording. */
export const MEMBERSHIP_MESSAGES = {
  idRequired: "Membership ID is required",
  priceNotNumber: "Price must be a number",
  periodInvalid: "Period must be month, year or lifetime",
} as const;

/** True for one of the three billing periods. */
export function isPlanPeriod(value: unknown): value is PlanPeriodValue {
  return typeof value === "string" && (PLAN_PERIODS as readonly string[]).includes(value);
}

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

/** The intents of the create and edit screens' one action (ARCHITECTURE.md, convention 2). */
export const PLAN_FORM_INTENTS = [
  "create",
  "update",
  "add-feature",
  "remove-feature",
  "remove-image",
  "upload-url",
] as const;
export type PlanFormIntent = (typeof PLAN_FORM_INTENTS)[number];

/** Which action a form post asks for; `remove-feature:2` names the entry to remove. */
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

/** The memberships screens' row actions (docs/product.md#memberships-list and docs/product.md#membership-details); activate and deactivate say the wanted state. */
export const PLAN_ROW_INTENTS = ["activate", "deactivate", "delete"] as const;
export type PlanRowIntent = (typeof PLAN_ROW_INTENTS)[number];

/** A row action: which one and on which plan. */
export const PlanRowActionSchema = z.object({
  intent: z.enum(PLAN_ROW_INTENTS, { error: "Unknown action" }),
  id: entityId(MEMBERSHIP_MESSAGES.idRequired),
});

/**
 * The form as it is being edited: what it starts from, what a post re-renders with, and what the
 * live preview shows. Prices stay as typed.
 */
export interface PlanDraft {
  name: string;
  price: string;
  period: PlanPeriodValue;
  description: string;
  features: string[];
  image: string;
  isActive: boolean;
}

/** A new plan (docs/product.md#create-membership): lifetime, active, one empty feature entry. */
export function newPlanDraft(): PlanDraft {
  return { name: "", price: "", period: DEFAULT_PERIOD, description: "", features: [""], image: "", isActive: true };
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/**
 * A draft from posted values, whatever they are (they come back to the page after a failure or a
 * re-render): missing fields are empty, an unknown period is the default, no features is one
 * empty entry. `isActive` is read as a checkbox; create forms, which have none, pass `true`.
 */
export function draftFromValues(
  values: Record<string, unknown>,
  { activeWhenAbsent }: { activeWhenAbsent: boolean },
): PlanDraft {
  const rawFeatures = values.features;
  const list = Array.isArray(rawFeatures)
    ? rawFeatures.map(textOf)
    : rawFeatures === undefined
      ? []
      : [textOf(rawFeatures)];
  const active = values.isActive;
  return {
    name: textOf(values.name),
    price: textOf(values.price),
    period: isPlanPeriod(values.period) ? values.period : DEFAULT_PERIOD,
    description: textOf(values.description),
    features: list.length > 0 ? list : [""],
    image: textOf(values.image),
    isActive: active === undefined ? activeWhenAbsent : active === true || active === "true" || active === "on",
  };
}

/** The features worth sending: trimmed, without blank entries. */
export function cleanFeatures(features: readonly string[]): string[] {
  return features.map((feature) => feature.trim()).filter(Boolean);
}
