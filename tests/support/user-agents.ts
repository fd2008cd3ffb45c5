import { PanelClient } from "./form-post";

/** Browser user agents of the platforms the app links tell apart (decision 017). */
export const UA = {
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

/**
 * A PanelClient whose GETs say they come from a desktop browser unless told otherwise: fetch's
 * own User-Agent ("node") names a crawler, which the email-link pages never let spend a link.
 */
export class BrowserClient extends PanelClient {
  override get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return super.get(path, { "user-agent": UA.desktop, ...headers });
  }
}
