import { EnvelopeOpenIcon } from "@heroicons/react/20/solid";

import type { Route } from "./+types/accept-invite";
import { AppLinks } from "~/components/account/app-links";
import { tokenPageHeaders, tokenPageMeta, TokenPageErrorBoundary } from "~/components/account/token-page";
import { AuthCard, FormAlert } from "~/components/layout/auth-card";
import { env } from "~/config/env.server";
import { appUrlFor } from "~/session/user-agent";

// The old spec did not show this screen (docs/product.md#accept-invite) and the contract has no call for it: invites are
// accepted in the mobile app. The page is where an invite link lands when the app is not
// installed (with the app, the phone opens the link in the app), so it explains that and
// offers the app.

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const links = env();
  return {
    hasInvite: token !== "",
    links: { android: appUrlFor("android", links), ios: appUrlFor("ios", links) },
  };
}

export const meta: Route.MetaFunction = () => tokenPageMeta("Accept your invitation · Admin Dashboard");

// The invite token is in the URL: same care as the other token pages.
export const headers = tokenPageHeaders();

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const { hasInvite, links } = loaderData;
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
            <EnvelopeOpenIcon className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-slate-700">
            Invitations are accepted in the mobile app. Get the app on your phone, then open this invite link again
            there to accept it.
          </p>
        </div>
        <AppLinks links={links} />
      </div>
    </AuthCard>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TokenPageErrorBoundary error={error} />;
}
