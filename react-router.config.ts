import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's behaviour, opted into early. Not yet v8_passThroughRequests: with it, handlers
  // see the raw `.data` URL, and every place that builds a URL from request.url must move to `url`.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
