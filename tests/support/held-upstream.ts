import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An upstream stand-in for a panel started without the demo API: it answers 404 at every path, as
 * an API's base path does (so `/readyz` finds it up), except the email verification of
 * `GET /verify?token=T&step=check`, which it holds until the test releases it. A request kept in
 * flight by an event, not by a delay.
 */
export interface HeldUpstream {
  /** API_URL for the panel. */
  apiUrl: string;
  /** Resolves once a verification call is being held (at once if one already is). */
  held(): Promise<void>;
  /** Answers every held verification call with the upstream's success. */
  release(): void;
  close(): Promise<void>;
}

/** The panel request whose upstream call HeldUpstream holds. */
export const HELD_PAGE = "/verify?token=held-token&step=check";

export async function startHeldUpstream(): Promise<HeldUpstream> {
  const waiting: (() => void)[] = [];
  let onArrival: () => void = () => {};
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith("/api/auth/verify-email")) {
      res.writeHead(404, { "content-type": "application/json" }).end("{}");
      return;
    }
    waiting.push(() =>
      res.writeHead(200, { "content-type": "application/json" }).end('{"message":"Email verified successfully"}'),
    );
    onArrival();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    held: () => (waiting.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => (onArrival = resolve))),
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
    close: async () => {
      for (const answer of waiting.splice(0)) answer();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
