/** A tiny method + path router for the /api routes, with `:name` parameters. */
import type { HttpMethod } from "../app/upstream/contract/common.ts";
import type { Access, ActiveSession } from "./auth.ts";
import type { DemoStore } from "./store.ts";
import type { UploadStore } from "./uploads.ts";

/** What a handler gets: the request, the session and the server's stores. */
export interface ApiContext {
  store: DemoStore;
  uploads: UploadStore;
  method: HttpMethod;
  /** Path after /api, without trailing slash. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  session: ActiveSession | null;
  /** Origin of this server as the caller reached it, for absolute file links. */
  origin: string;
  /** Origin of the panel, for links in emails. */
  panelOrigin: string;
  now: Date;
}

/** A handler's answer: status (default 200), JSON body and extra headers. */
export interface ApiResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string | string[]>;
}

export type ApiHandler = (context: ApiContext) => ApiResult | Promise<ApiResult>;

interface Route {
  method: HttpMethod;
  segments: string[];
  access: Access;
  handler: ApiHandler;
}

/** A matched route with its path parameters. */
export interface RouteMatch {
  access: Access;
  handler: ApiHandler;
  params: Record<string, string>;
}

/** Removes trailing slashes (Express's non-strict routing treats `/a/` as `/a`). */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function split(path: string): string[] {
  return normalizePath(path).split("/").filter(Boolean);
}

/** Routes requests to handlers; the first route registered for a path wins. */
export class Router {
  private readonly routes: Route[] = [];

  /** Registers a handler for an endpoint (a contract endpoint or a demo-only one). */
  add(endpoint: { method: HttpMethod; path: string }, access: Access, handler: ApiHandler): this {
    this.routes.push({ method: endpoint.method, segments: split(endpoint.path), access, handler });
    return this;
  }

  /** Finds the route for a method and path. */
  match(method: string, path: string): RouteMatch | null {
    const segments = split(path);
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = route.segments.every((segment, index) => {
        const actual = segments[index] ?? "";
        if (segment.startsWith(":")) {
          try {
            params[segment.slice(1)] = decodeURIComponent(actual);
          } catch {
            return false;
          }
          return true;
        }
        return segment === actual;
      });
      if (matches) return { access: route.access, handler: route.handler, params };
    }
    return null;
  }
}
