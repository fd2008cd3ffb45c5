import { type AppLinkSettings, appUrlFor, type Platform } from "~/session/user-agent";

/**
 * What a public page offers a visitor to get the mobile app, decided on the server from their
 * platform and the configured links (docs/decisions/017-app-links-per-platform.md):
 * - a phone with its store's link configured: that link, and only that one;
 * - a phone without it: a notice that the app link is not available yet;
 * - any other device: the generic download link and the store links that are configured
 *   (to open on a phone), or the notice when there are none.
 */
export type AppOffer =
  | { kind: "store"; platform: "android" | "ios"; url: string }
  | { kind: "choices"; download?: string; android?: string; ios?: string }
  | { kind: "unavailable"; platform: Platform };

/** The app offer for a platform (see AppOffer). */
export function appOfferFor(platform: Platform, links: AppLinkSettings): AppOffer {
  const url = appUrlFor(platform, links);
  if (platform !== "other") return url ? { kind: "store", platform, url } : { kind: "unavailable", platform };
  const { ANDROID_APP_URL: android, IOS_APP_URL: ios } = links;
  if (!url && !android && !ios) return { kind: "unavailable", platform };
  return { kind: "choices", download: url, android, ios };
}
