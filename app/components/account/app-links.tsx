import { ArrowDownTrayIcon, DevicePhoneMobileIcon } from "@heroicons/react/20/solid";
import { Link } from "react-router";

import { buttonClass } from "~/components/ui/button";

/** The app's download links as the server resolved them (missing ones are not shown). */
export interface AppLinkUrls {
  android?: string;
  ios?: string;
}

/**
 * Store buttons for the mobile app, and a "Get the app" link to /get-app, which picks the
 * visitor's store by itself. Big tap targets: these pages are mostly opened on phones.
 */
export function AppLinks({ links, getApp = true }: { links: AppLinkUrls; getApp?: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      {links.android ? (
        <a href={links.android} rel="noreferrer" className={buttonClass("secondary", "md", "w-full py-3")}>
          <DevicePhoneMobileIcon className="size-5" aria-hidden="true" />
          Get it on Google Play
        </a>
      ) : null}
      {links.ios ? (
        <a href={links.ios} rel="noreferrer" className={buttonClass("secondary", "md", "w-full py-3")}>
          <DevicePhoneMobileIcon className="size-5" aria-hidden="true" />
          Download on the App Store
        </a>
      ) : null}
      {getApp ? (
        <Link to="/get-app" reloadDocument className={buttonClass("primary", "md", "w-full py-3")}>
          <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
          Get the app
        </Link>
      ) : null}
    </div>
  );
}
