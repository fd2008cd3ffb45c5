import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest on first load (it is the same 1.4 KB gzipped file either way), so no
  // request makes the server discover routes by matching every ancestor of its path, a cost that
  // grows with the square of the path's depth (docs/decisions/031-the-express-edge.md).
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviour, opted into early. Not yet v8_passThroughRequests: with it, handlers
  // see the raw `.data` URL, and every place that builds a URL from request.url must move to `url`.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
