// The membership tier form as it is being edited (docs/product.md#create-membership and
// docs/product.md#edit-membership): billing periods, drafts and the features worth sending.
// No zod here: the form and its live preview run in the browser, and the schemas in
// membership.ts stay on the server (decision 026).

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

/** True for one of the three billing periods. */
export function isPlanPeriod(value: unknown): value is PlanPeriodValue {
  return typeof value === "string" && (PLAN_PERIODS as readonly string[]).includes(value);
}

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
