/**
 * A small HTTP client for form-post integration tests: it keeps cookies like a browser,
 * never follows redirects by itself, and posts plain urlencoded forms (what a browser without
 * JavaScript sends).
 */
export class PanelClient {
  private readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** A client already signed in (as the admin unless told otherwise). */
  static async signedIn(baseUrl: string, email?: string, password?: string): Promise<PanelClient> {
    const client = new PanelClient(baseUrl);
    await client.signIn(email, password);
    return client;
  }

  /**
   * A client signed in that has also confirmed it is them (/account/confirm with the password,
   * decision 080): the guarded actions (personal-data exports, plan deletion, bulk actions over 50
   * items) run for 15 minutes without a challenge. For tests about those actions' own behaviour.
   */
  static async reauthenticated(baseUrl: string, email?: string, password = "Admin12345"): Promise<PanelClient> {
    const client = await PanelClient.signedIn(baseUrl, email, password);
    const answer = await client.post("/account/confirm", { password });
    if (answer.status !== 303) throw new Error(`re-authentication failed with ${answer.status}`);
    return client;
  }

  /** The Cookie header this client would send. */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** A cookie's current value. */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** Sets or replaces a cookie by hand (e.g. a forged one). */
  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  /** GET a panel path (no redirects followed). */
  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { method: "GET", headers });
  }

  /** POST a urlencoded form to a panel path, as a browser without JavaScript does. */
  post(
    path: string,
    fields: Record<string, string> | [string, string][],
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows one redirect answer with a GET and returns the page's HTML. */
  async follow(response: Response): Promise<{ response: Response; html: string }> {
    const location = response.headers.get("location");
    if (!location) throw new Error(`expected a redirect, got ${response.status}`);
    const target = new URL(location, this.baseUrl);
    const next = await this.get(target.pathname + target.search);
    return { response: next, html: await next.text() };
  }

  /** Signs in through the panel's login form. */
  async signIn(email = "admin@example.com", password = "Admin12345"): Promise<Response> {
    const response = await this.post("/login", { email, password });
    if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
    return response;
  }

  private async send(path: string, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
    const headers = { ...init.headers };
    const cookies = this.cookieHeader();
    if (cookies) headers.cookie = cookies;
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
    this.store(response.headers.getSetCookie());
    return response;
  }

  private store(lines: string[]): void {
    for (const line of lines) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0\b/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

/** The flash toast message shown on a page's HTML, if any. */
export function toastMessage(html: string): string | undefined {
  const match = /data-testid="toast-message"[^>]*>([^<]*)</.exec(html);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** Decodes the few HTML entities React emits in text. */
export function decodeEntities(text: string): string {
  return text
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
