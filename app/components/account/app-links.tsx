import type { AppOffer } from "~/components/account/app-offer";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** What a phone without a configured store link is told (docs/operations.md lists the variables). */
export const APP_LINK_UNAVAILABLE = "The app link is not available yet. Please try again later.";

/** The store names on their buttons. */
export const STORE_LABELS = { android: "Get it on Google Play", ios: "Download on the App Store" } as const;

const bigButton = "w-full py-3";

/** The notice shown instead of a link when the visitor's platform has none configured. */
export function AppLinkUnavailable() {
  return <FormAlert tone="info">{APP_LINK_UNAVAILABLE}</FormAlert>;
}

/**
 * The way to the mobile app for this visitor (see AppOffer): one big button on a phone, the
 * configured links elsewhere, or the not-available notice. Plain links to other sites: big tap
 * targets, no Referer (the pages they sit on may carry a token in their URL).
 */
export function AppOfferActions({ offer, label = "Open the mobile app" }: { offer: AppOffer; label?: string }) {
  if (offer.kind === "unavailable") return <AppLinkUnavailable />;
  if (offer.kind === "store") {
    return (
      <a href={offer.url} rel="noreferrer" className={buttonClass("primary", "md", bigButton)}>
        <Icon name="solid-device-phone-mobile" className="size-5" />
        {label}
      </a>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {offer.download ? (
        <a href={offer.download} rel="noreferrer" className={buttonClass("primary", "md", bigButton)}>
          <Icon name="solid-arrow-down-tray" className="size-5" />
          {label}
        </a>
      ) : null}
      {(["android", "ios"] as const).map((store) =>
        offer[store] ? (
          <a
            key={store}
            href={offer[store]}
            rel="noreferrer"
            className={buttonClass(offer.download ? "secondary" : "primary", "md", bigButton)}
          >
            <Icon name="solid-device-phone-mobile" className="size-5" />
            {STORE_LABELS[store]}
          </a>
        ) : null,
      )}
    </div>
  );
}
