import { describe, expect, it } from "vitest";

import { appUrlFor, browserAndDevice, platformFromUserAgent } from "~/session/user-agent";

const AGENTS = {
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36",
  androidFirefox: "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
  androidSamsung:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  iphoneInstagram:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0 (iPhone14,5; iOS 17_4)",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  ipod: "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  windowsPhone:
    "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063",
  curl: "curl/8.5.0",
};

describe("platformFromUserAgent", () => {
  it.each([
    ["androidChrome", "android"],
    ["androidTablet", "android"],
    ["androidFirefox", "android"],
    ["androidSamsung", "android"],
    ["iphoneSafari", "ios"],
    ["iphoneChrome", "ios"],
    ["iphoneInstagram", "ios"],
    ["ipad", "ios"],
    ["ipod", "ios"],
    ["windowsChrome", "other"],
    ["macSafari", "other"],
    ["linuxFirefox", "other"],
    ["windowsPhone", "other"],
    ["curl", "other"],
  ] as const)("%s is %s", (agent, platform) => {
    expect(platformFromUserAgent(AGENTS[agent])).toBe(platform);
  });

  it("treats a missing or empty user agent as other", () => {
    expect(platformFromUserAgent(undefined)).toBe("other");
    expect(platformFromUserAgent(null)).toBe("other");
    expect(platformFromUserAgent("")).toBe("other");
  });

  it("believes the Sec-CH-UA-Platform hint for Android and iOS (quoted, as browsers send it)", () => {
    // Chrome for Android in "desktop site" mode sends a Linux user agent but the real platform hint.
    expect(platformFromUserAgent(AGENTS.linuxFirefox, '"Android"')).toBe("android");
    expect(platformFromUserAgent(AGENTS.macSafari, '"iOS"')).toBe("ios");
  });

  it("falls back to the user agent when the hint names another platform or is absent", () => {
    expect(platformFromUserAgent(AGENTS.androidChrome, '"Linux"')).toBe("android");
    expect(platformFromUserAgent(AGENTS.windowsChrome, '"Windows"')).toBe("other");
    expect(platformFromUserAgent(AGENTS.iphoneSafari, null)).toBe("ios");
  });
});

describe("appUrlFor", () => {
  const all = {
    APP_DOWNLOAD_URL: "https://example.test/download",
    ANDROID_APP_URL: "https://play.example.test/app",
    IOS_APP_URL: "https://apps.example.test/app",
  };

  it("picks the platform's own store link", () => {
    expect(appUrlFor("android", all)).toBe(all.ANDROID_APP_URL);
    expect(appUrlFor("ios", all)).toBe(all.IOS_APP_URL);
  });

  it("never sends a phone to another platform's link: without its own it gets none", () => {
    expect(appUrlFor("android", { APP_DOWNLOAD_URL: all.APP_DOWNLOAD_URL })).toBeUndefined();
    expect(appUrlFor("ios", { APP_DOWNLOAD_URL: all.APP_DOWNLOAD_URL })).toBeUndefined();
    expect(appUrlFor("android", {})).toBeUndefined();
    expect(appUrlFor("ios", { ANDROID_APP_URL: all.ANDROID_APP_URL })).toBeUndefined();
  });

  it("gives other devices the generic download link", () => {
    expect(appUrlFor("other", all)).toBe(all.APP_DOWNLOAD_URL);
    expect(appUrlFor("other", { ANDROID_APP_URL: all.ANDROID_APP_URL })).toBeUndefined();
  });
});

describe("browserAndDevice", () => {
  it.each([
    ["androidChrome", "Chrome on Android"],
    ["androidTablet", "Chrome on Android"],
    ["androidFirefox", "Firefox on Android"],
    ["androidSamsung", "Samsung Internet on Android"],
    ["iphoneSafari", "Safari on iPhone"],
    ["iphoneChrome", "Chrome on iPhone"],
    ["iphoneInstagram", "Instagram on iPhone"],
    ["ipad", "Safari on iPad"],
    ["ipod", "Safari on iPod"],
    ["windowsChrome", "Chrome on Windows"],
    ["macSafari", "Safari on Mac"],
    ["linuxFirefox", "Firefox on Linux"],
    ["windowsPhone", "Edge on Windows Phone"],
    ["curl", "curl"],
  ] as const)("%s is %s", (agent, label) => {
    expect(browserAndDevice(AGENTS[agent])).toBe(label);
  });

  it("tells Edge, Opera and Chromium-based browsers from Chrome, and headless Chrome from a person's", () => {
    const edge =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56";
    const opera =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0";
    const chromebook =
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    const headless =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36";
    const firefoxIos =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15";
    expect(browserAndDevice(edge)).toBe("Edge on Windows");
    expect(browserAndDevice(opera)).toBe("Opera on Windows");
    expect(browserAndDevice(chromebook)).toBe("Chrome on ChromeOS");
    expect(browserAndDevice(headless)).toBe("Headless Chrome on Linux");
    expect(browserAndDevice(firefoxIos)).toBe("Firefox on iPhone");
  });

  it("names a program by its first word, bounded, and says so when nothing is known", () => {
    expect(browserAndDevice("node")).toBe("node");
    expect(browserAndDevice("python-requests/2.32.3")).toBe("python-requests");
    expect(browserAndDevice("x".repeat(200))).toBe("x".repeat(40));
    expect(browserAndDevice("")).toBe("Unknown browser");
    expect(browserAndDevice(null)).toBe("Unknown browser");
    expect(browserAndDevice("Mozilla/5.0 (compatible)")).toBe("Unknown browser");
  });
});
