import type { Route } from "./+types/get-app";
import { AppLinkUnavailable, AppOfferActions } from "~/components/account/app-links";
import { AuthCard } from "~/components/layout/auth-card";
import { Icon } from "~/components/ui/icon";
import { appOfferOf, PLATFORM_VARY } from "~/routes/auth/app-offer.server";

export function loader({ request }: Route.LoaderArgs) {
  return { offer: appOfferOf(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const offer = loaderData?.offer;
  return [
    { title: "Get the app · Admin Dashboard" },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
    // docs/product.md#get-the-app: 'Redirecting to the app store...', then the store. A refresh moves on without
    // JavaScript too, and leaves the text on screen while the store loads.
    ...(offer?.kind === "store" ? [{ httpEquiv: "refresh", content: `0;url=${offer.url}` }] : []),
  ];
};

// The answer depends on the browser (entry.server.tsx keeps every page out of caches).
export const headers: Route.HeadersFunction = () => PLATFORM_VARY;

export default function GetApp({ loaderData }: Route.ComponentProps) {
  const { offer } = loaderData;
  if (offer.kind === "store") {
    return (
      <AuthCard title="Get the app">
        <div className="space-y-6">
          <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
            <Icon name="solid-arrow-path" className="size-5 animate-spin text-brand-700" />
            Redirecting to the app store...
          </p>
          <AppOfferActions offer={offer} label="Open the app store" />
        </div>
      </AuthCard>
    );
  }
  if (offer.kind === "unavailable" && offer.platform !== "other") {
    return (
      <AuthCard title="Get the app">
        <AppLinkUnavailable />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Get the app">
      <div className="space-y-6">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <Icon name="solid-device-phone-mobile" className="size-5" />
          </span>
          <div className="space-y-1 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Not a supported mobile platform.</p>
            <p>The app is available for Android and iOS. Open this page on your phone to get it.</p>
          </div>
        </div>
        {offer.kind === "choices" ? <AppOfferActions offer={offer} label="Download the app" /> : null}
      </div>
    </AuthCard>
  );
}
