import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";

/**
 * The grace period's banner on every admin page (docs/product.md#second-factor): how many days are
 * left to set up two-factor authentication, and the way to do it. Nothing when `daysLeft` is null.
 */
export function SecondFactorBanner({ daysLeft }: { daysLeft: number | null }) {
  if (daysLeft === null) return null;
  return (
    <div
      data-testid="second-factor-banner"
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <Icon name="solid-exclamation-triangle" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        Two-factor authentication is required for admins. Set it up within {daysLeft} {daysLeft === 1 ? "day" : "days"}{" "}
        to go on using the panel.
      </p>
      <Link to="/account/two-factor" className="font-semibold underline hover:no-underline">
        Set up two-factor authentication
      </Link>
    </div>
  );
}
