/** The log of /api calls, for tests to check what reached the upstream. */

/** One logged /api call. `path` is the path after /api, as received. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
  hasSession: boolean;
  role: string | null;
  status: number;
  faultId: number | null;
  durationMs: number;
  at: string;
}

const LOG_CAP = 2000;

/** Replaces the value of every key that names a password, at any depth. */
export function redactPasswords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPasswords);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, /password/i.test(key) ? "[redacted]" : redactPasswords(inner)]),
    );
  }
  return value;
}

/** Query parameters as an object; a repeated name becomes a list. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const existing = query[name];
    query[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

/** Keeps the newest calls, oldest first. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Appends an entry, dropping the oldest beyond the cap. */
  record(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > LOG_CAP) this.entries.splice(0, this.entries.length - LOG_CAP);
  }

  /** Entries, optionally those whose path starts with a prefix (with or without /api) and of one method. */
  list(filter: { path?: string | null; method?: string | null }): LoggedRequest[] {
    let prefix = filter.path ?? "";
    if (prefix === "/api" || prefix.startsWith("/api/")) prefix = prefix.slice(4);
    const method = filter.method?.toUpperCase();
    return this.entries.filter((entry) => entry.path.startsWith(prefix) && (!method || entry.method === method));
  }

  /** Empties the log. */
  clear(): void {
    this.entries = [];
  }
}
