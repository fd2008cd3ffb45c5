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

/**
 * The drain on shutdown (server.js; decisions 052, 094). From SIGTERM on, `/readyz` answers 503
 * while every request is still served, so a load balancer takes this instance out. The drain is
 * over once the balancer has stopped sending: `fall` checks have seen the 503 (the balancer takes
 * the instance out after that many, BALANCER_FALL) and the next check came with no other request
 * since the one before. The balancer's own check interval is the measure, so a busy machine, where
 * everything (the check included) is slower, waits longer, never too little; and a quiet moment
 * while the balancer still counts its failed checks is not taken for its having stopped.
 */
class Drain {
  private checks = 0;
  private requestsSinceCheck = 0;
  private stopped!: () => void;
  /** Resolves once the balancer's checks show it sends nothing here any more. */
  readonly balancerStopped = new Promise<void>((resolve) => (this.stopped = resolve));

  constructor(private readonly fall: number) {}

  /** A `/readyz` check, answered 503. */
  sawCheck(): void {
    if (this.checks >= this.fall && this.requestsSinceCheck === 0) this.stopped();
    this.checks += 1;
    this.requestsSinceCheck = 0;
  }

  /** Any other request but the liveness probe: the balancer still sends here. */
  sawRequest(): void {
    this.requestsSinceCheck += 1;
  }
}

// Set once shutdown starts: readiness fails first, so a load balancer stops sending new requests
// while the ones in flight finish.
let drain: Drain | undefined;

/**
 * Marks this process as shutting down: from now on `/readyz` answers 503. Resolves once the load
 * balancer's checks show that it stopped sending requests here (never, when nothing checks):
 * `fall` failed checks took it out, and the next came with no request since the one before.
 */
export function startDraining(fall: number): Promise<void> {
  drain ??= new Drain(fall);
  return drain.balancerStopped;
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
    if (drain) {
      drain.sawCheck();
      return void res.status(503).json({ status: "shutting down" });
    }
    const [renders, upstream] = await Promise.all([canRender(), probe(apiUrl)]);
    if (!renders) res.status(503).json({ status: "cannot render pages" });
    else if (!upstream) res.status(503).json({ status: "upstream unavailable" });
    else res.status(200).json({ status: "ready" });
  });
  // Every other request, while draining: the balancer still sends requests here.
  router.use((_req, _res, next) => {
    drain?.sawRequest();
    next();
  });
  return router;
}
