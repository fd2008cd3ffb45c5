import { isbot } from "isbot";

/** The platforms the app-redirect page tells apart (docs/product.md#get-the-app). */
export type Platform = "android" | "ios" | "other";

// Windows Phone pretends to be Android ("Windows Phone 10.0; Android 6.0.1") and iOS
// ("like iPhone OS"), yet runs neither store.
const WINDOWS_PHONE = /Windows Phone|IEMobile/i;
// iPhone, iPad and iPod, including in-app browsers (Facebook, Instagram) and Chrome/Firefox for iOS.
const IOS = /\b(iPhone|iPad|iPod)\b/i;
const ANDROID = /\bAndroid\b/i;

/**
 * The mobile platform of a browser from its User-Agent header and, when the browser sends it,
 * its `Sec-CH-UA-Platform` client hint (which wins: it is not frozen like the UA string).
 * iPadOS in desktop mode reports a Mac user agent and counts as "other": no server can tell
 * it apart from a Mac.
 */
export function platformFromUserAgent(userAgent: string | null | undefined, platformHint?: string | null): Platform {
  const hint = platformHint?.replaceAll('"', "").trim().toLowerCase();
  if (hint === "android") return "android";
  if (hint === "ios") return "ios";
  const ua = userAgent ?? "";
  if (WINDOWS_PHONE.test(ua)) return "other";
  if (IOS.test(ua)) return "ios";
  if (ANDROID.test(ua)) return "android";
  return "other";
}

/** Download links the deployment configures (all optional). */
export interface AppLinkSettings {
  APP_DOWNLOAD_URL?: string;
  ANDROID_APP_URL?: string;
  IOS_APP_URL?: string;
}

/**
 * Where the app of a platform is downloaded: a phone gets only its own store's link (a generic
 * link may be a test build for one platform only, docs/decisions/017-app-links-per-platform.md);
 * other devices get the generic download link. Undefined when none is configured.
 */
export function appUrlFor(platform: Platform, links: AppLinkSettings): string | undefined {
  if (platform === "android") return links.ANDROID_APP_URL;
  if (platform === "ios") return links.IOS_APP_URL;
  return links.APP_DOWNLOAD_URL;
}

/**
 * True for a user agent that names itself a crawler, link checker, preview fetcher or headless
 * browser (isbot's maintained list). A missing or empty one is not: nothing is known of it.
 */
export function isKnownCrawler(userAgent: string | null | undefined): boolean {
  return isbot(userAgent);
}

// Checked in order: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bInstagram\b/, "Instagram"],
  [/\bFBAN\b|\bFBAV\//, "Facebook"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

// Windows Phone first: it also names Android and iPhone (see platformFromUserAgent).
const DEVICES: readonly [RegExp, string][] = [
  [WINDOWS_PHONE, "Windows Phone"],
  // An iPod says "CPU iPhone OS": its own word first.
  [/\biPod\b/, "iPod"],
  [/\biPad\b/, "iPad"],
  [/\biPhone\b/, "iPhone"],
  [ANDROID, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

/** The longest program name kept from a user agent that is not a browser's. */
const PROGRAM_NAME_LENGTH = 40;

/**
 * A browser and its device as a person reads them, "Firefox on Linux", from a User-Agent header
 * (the sessions page: docs/product.md#sessions). A program that is not a browser is named by its
 * first word ("curl"); nothing known is "Unknown browser". A guess, never a proof: the header is
 * whatever the client sends.
 */
export function browserAndDevice(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const device = DEVICES.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser) return device ? `${browser} on ${device}` : browser;
  if (ua.startsWith("Mozilla/") || !ua.trim()) return device ? `A browser on ${device}` : "Unknown browser";
  return ua
    .trim()
    .split(/[\s/;(]/, 1)[0]!
    .slice(0, PROGRAM_NAME_LENGTH);
}
