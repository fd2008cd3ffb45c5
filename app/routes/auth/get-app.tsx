import { DevicePhoneMobileIcon } from "@heroicons/react/20/solid";
import { redirect } from "react-router";

import type { Route } from "./+types/get-app";
import { AppLinks } from "~/components/account/app-links";
import { AuthCard } from "~/components/layout/auth-card";
import { env } from "~/config/env.server";
import { appUrlFor, platformFromUserAgent } from "~/session/user-agent";

// The answer depends on the browser: caches must neither keep it nor share it across agents.
const VARY_HEADERS = {
  "Cache-Control": "private, no-store",
  Vary: "User-Agent, Sec-CH-UA-Platform",
};

export function loader({ request }: Route.LoaderArgs) {
  const platform = platformFromUserAgent(request.headers.get("user-agent"), request.headers.get("sec-ch-ua-platform"));
  const links = env();
  const target = appUrlFor(platform, links);
  // docs/product.md#get-the-app: phones go straight to their store. The server redirects (302), so this works
  // without JavaScript and without a "Redirecting to the app store..." page in between.
  if (target) throw redirect(target, { status: 302, headers: VARY_HEADERS });
  return {
    // A desktop visitor may still want the links, to open them on their phone.
    links: { android: appUrlFor("android", links), ios: appUrlFor("ios", links) },
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Get the app · Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => VARY_HEADERS;

export default function GetApp({ loaderData }: Route.ComponentProps) {
  const { links } = loaderData;
  return (
    <AuthCard title="Get the app">
      <div className="space-y-6">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <DevicePhoneMobileIcon className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-1 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Not a supported mobile platform.</p>
            <p>The app is available for Android and iOS. Open this page on your phone to get it.</p>
          </div>
        </div>
        {links.android || links.ios ? <AppLinks links={links} getApp={false} /> : null}
      </div>
    </AuthCard>
  );
}
