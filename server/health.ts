import { Router } from "express";

/** Gateway answers that mean "the API behind me is down"; any other status means it answers. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** Whether an HTTP status from the upstream's base URL shows that the upstream is up. */
export function isUpstreamAnswer(status: number): boolean {
  return !GATEWAY_DOWN.has(status);
}

/** Asks the upstream's base URL with a HEAD request; true when it answers in time. */
export async function probeUpstream(url: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: "HEAD",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return isUpstreamAnswer(response.status);
  } catch {
    return false;
  }
}

// Set once shutdown starts (server.js): readiness fails first, so a load balancer stops sending
// new requests while the ones in flight finish.
let draining = false;

/** Marks this process as shutting down: from now on `/readyz` answers 503. */
export function startDraining(): void {
  draining = true;
}

/**
 * `/healthz`: the process serves requests (liveness; never calls upstream).
 * `/readyz`: the process is not shutting down, can still render a page, and the upstream answers (readiness).
 */
export function healthRoutes(apiUrl: string, canRender: () => Promise<boolean>, probe = probeUpstream): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.status(200).json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "shutting down" });
    const [renders, upstream] = await Promise.all([canRender(), probe(apiUrl)]);
    if (!renders) res.status(503).json({ status: "cannot render pages" });
    else if (!upstream) res.status(503).json({ status: "upstream unavailable" });
    else res.status(200).json({ status: "ready" });
  });
  return router;
}
