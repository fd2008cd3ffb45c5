import { createRequestHandler, type ServerBuild } from "react-router";

import { createRouterContext } from "~/server-context";

/** The page the readiness check renders: public, no upstream call, the whole root and layout. */
const PROBE_PATH = "/login";

/**
 * Whether the server can still render a page: renders PROBE_PATH through React Router, in this
 * process, as a request would. A process whose rendering is broken (a poisoned built-in, a
 * failing root) answers false, so `/readyz` takes it out of rotation. Concurrent checks share one
 * render.
 */
export function renderProbe(build: ServerBuild, mode: string): () => Promise<boolean> {
  const handle = createRequestHandler(build, mode);
  let pending: Promise<boolean> | undefined;
  const render = async () => {
    try {
      const response = await handle(
        new Request(`http://localhost${PROBE_PATH}`, { headers: { "user-agent": "panel-readiness-probe" } }),
        createRouterContext({ nonce: "readiness-probe", clientIp: "127.0.0.1" }),
      );
      return response.status === 200 && (await response.text()).includes("</html>");
    } catch {
      return false;
    }
  };
  return () => (pending ??= render().finally(() => (pending = undefined)));
}
