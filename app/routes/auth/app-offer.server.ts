import { type AppOffer, appOfferFor } from "~/components/account/app-offer";
import { env } from "~/config/env.server";
import { platformFromUserAgent } from "~/session/user-agent";

/** The app offer for the browser that sent `request` (see AppOffer), from its User-Agent and platform hint. */
export function appOfferOf(request: Request): AppOffer {
  const platform = platformFromUserAgent(request.headers.get("user-agent"), request.headers.get("sec-ch-ua-platform"));
  return appOfferFor(platform, env());
}

/** Pages whose content depends on the browser's platform: no cache may keep or share them. */
export const PLATFORM_VARY = { Vary: "User-Agent, Sec-CH-UA-Platform" } as const;
