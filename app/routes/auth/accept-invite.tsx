import type { Route } from "./+types/accept-invite";
import { AppOfferActions } from "~/components/account/app-links";
import { tokenPageHeaders, tokenPageMeta, TokenPageErrorBoundary } from "~/components/account/token-page";
import { AuthCard } from "~/components/layout/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { appOfferOf, PLATFORM_VARY } from "~/routes/auth/app-offer.server";

// The old spec did not show this screen (docs/product.md#accept-invite) and the contract has no call for it: invites are
// accepted in the mobile app. The page is where an invite link lands when the app is not
// installed (with the app, the phone opens the link in the app), so it explains that and
// offers the app.

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  // A phone sees its own store only; other devices the configured links (AppOffer).
  return { hasInvite: token !== "", offer: appOfferOf(request) };
}

export const meta: Route.MetaFunction = () => tokenPageMeta("Accept your invitation · Admin Dashboard");

// The invite token is in the URL: same care as the other token pages. The links depend on the platform.
export const headers = tokenPageHeaders("no-referrer", PLATFORM_VARY);

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const { hasInvite, offer } = loaderData;
  return (
    <AuthCard title="You're invited!" subtitle="Join the community in the mobile app.">
      <div className="space-y-6">
        {hasInvite ? null : (
          <FormAlert tone="info">
            This invite link is incomplete. Open the link from your invitation email again, or get the app and sign up.
          </FormAlert>
        )}
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon name="solid-envelope-open" className="size-5" />
          </span>
          <p className="text-sm text-slate-700">
            Invitations are accepted in the mobile app. Get the app on your phone, then open this invite link again
            there to accept it.
          </p>
        </div>
        <AppOfferActions offer={offer} label="Get the app" />
      </div>
    </AuthCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}
