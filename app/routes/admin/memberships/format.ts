import { resolveFileLink } from "~/lib/file-link";

/**
 * How the memberships screens show a plan's price, period and image. Pure, shared by browser
 * and server (the live preview formats what is being typed).
 */
import { DEFAULT_PERIOD, isPlanPeriod, PERIOD_LABELS, type PlanPeriodValue } from "~/forms/plan-draft";

/** A price as the list shows it (docs/product.md#memberships-list): a dollar sign and 2 decimals, e.g. `$9.99`. */
export function formatPrice(price: number): string {
  return `$${(Number.isFinite(price) ? price : 0).toFixed(2)}`;
}

/** A typed price (a string from the form) as the preview shows it; blank or unreadable is `$0.00`. */
export function formatTypedPrice(price: string): string {
  return formatPrice(Number.parseFloat(price));
}

/** A plan's billing period; a missing or unknown one is lifetime (docs/product.md#membership-details). */
export function planPeriod(period: string | null | undefined): PlanPeriodValue {
  return isPlanPeriod(period) ? period : DEFAULT_PERIOD;
}

/** The period's label: Monthly, Yearly or Lifetime. */
export function periodLabel(period: string | null | undefined): string {
  return PERIOD_LABELS[planPeriod(period)];
}

/** What follows the price: `/month`, `/year`, or ` lifetime` (with its space) for a one-off price. */
export function periodSuffix(period: string | null | undefined): string {
  const value = planPeriod(period);
  return value === "lifetime" ? " lifetime" : `/${value}`;
}

/** Price and period in one line, e.g. `$9.99/month` or `$249.00 lifetime`. */
export function formatPriceAndPeriod(price: number, period: string | null | undefined): string {
  return `${formatPrice(price)}${periodSuffix(period)}`;
}

/**
 * Where a plan's image can be loaded from. An upload is stored as a path on the API host
 * (`uploads/membership/...`, docs/product.md#tier-image-upload), so it is resolved against the API origin; an absolute
 * http(s) link stays as it is. Anything else (javascript:, data:, garbage) gives null.
 */
export function planImageSrc(image: string | null | undefined, apiOrigin: string): string | null {
  return resolveFileLink(image, `${apiOrigin.replace(/\/+$/, "")}/`);
}
