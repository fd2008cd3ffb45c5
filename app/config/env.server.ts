import { isIP } from "node:net";

import { z } from "zod";

import { LADDER_STEPS, parseLadder } from "~/lib/ban-ladder";

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

/** Environment contract of the panel; parsed once at boot. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    API_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((url) => !URL.canParse(url) || new URL(url).pathname.replace(/\/+$/, "").endsWith("/api"), {
        error: "must end in /api, like https://api.example.com/api",
      })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // The AES-256 key of the second factor's secrets at rest: 32 bytes, base64 or hex (docs/operations.md#second-factor).
    TOTP_ENCRYPTION_KEY: z
      .string()
      .optional()
      .refine((value) => value === undefined || keyBytes(value) !== undefined, {
        error: "must be 32 bytes in base64 or hex (e.g. `openssl rand -base64 32`)",
      }),
    // Who must sign in with a second factor (docs/product.md#second-factor): the upstream's admins, or no one.
    SECOND_FACTOR_REQUIRED: z.enum(["admins", "off"]).default("admins"),
    // The panel's Owners, by email, comma-separated (docs/product.md#roles-and-permissions): they
    // assign the other admins' roles. Demo mode names the demo admin.
    OWNER_EMAILS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
    // How long a client may take to send one whole request (headers and body); see server.js.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
    // How long an idle keep-alive connection stays open: above the load balancer's idle timeout.
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(900_000).default(65_000),
    // How long a response may sit unread (the client takes none of it) before its connection is cut.
    SEND_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    // The proxies in front, by address (docs/decisions/031-the-express-edge.md).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => parseTrustProxy(value, ctx)),
    APP_DOWNLOAD_URL: optionalUrl,
    ANDROID_APP_URL: optionalUrl,
    IOS_APP_URL: optionalUrl,
    UPLOAD_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => parseOrigins(value, ctx)),
    // Where the server may fetch upstream files (passports) besides the API's own origin.
    FILE_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => parseOrigins(value, ctx)),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    // CSV exports each admin may start per minute (docs/operations.md#list-exports).
    EXPORTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
    // CSV exports running at once on one panel process, whoever started them (docs/operations.md#list-exports).
    EXPORTS_CONCURRENT: z.coerce.number().int().positive().max(1_000).default(4),
    // The shell's banner when the oldest pending citizenship request has waited longer (hours; 0: never; decision 081).
    INSIGHTS_WAIT_ALERT_HOURS: z.coerce.number().min(0).max(8_760).default(24),
    // Sign-in failures (docs/decisions/035-throttling-that-spares-the-owner.md): free failures in a
    // row per account (or per device cookie) before the waits start; per address and day, whatever
    // the account, for browsers without the account's device cookie.
    LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    LOGIN_FAILURES_PER_DAY: z.coerce.number().int().positive().default(100),
    // Account-deletion security-key guesses per email and hour, from every address together.
    KEY_GUESSES_PER_HOUR: z.coerce.number().int().positive().default(10),
    // Shared store of the rate limits when several instances run (docs/operations.md#scaling-out).
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, hostname: /^.+$/, error: "must be a redis:// or rediss:// URL with a host" })
      .optional(),
    // The embedded audit store's directory, when REDIS_URL is not set (docs/operations.md#audit-trail).
    AUDIT_DIR: z.string().min(1).default(".data/audit"),
    // The embedded state engine's directory (sessions and the panel's other records), when REDIS_URL is not set.
    STATE_DIR: z.string().min(1).default(".data/state"),
    // How often a signed-in session's role is checked with the upstream (docs/operations.md#sessions).
    SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(3_600).default(300),
    // Failed sign-ins from one address are one audit entry per this many seconds (docs/operations.md#audit-trail).
    SIGN_IN_AUDIT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
    // How long audit entries are kept.
    AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().max(36_500).default(365),
    // The longest time /readyz answers 503 before the server stops accepting connections on SIGTERM.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // How many failed /readyz checks in a row take an instance out of the load balancer (haproxy's
    // `fall`, Kubernetes' `failureThreshold`): the drain waits for that many before it trusts a quiet check.
    BALANCER_FALL: z.coerce.number().int().min(1).max(10).default(3),
    // The most items one bulk action acts on (docs/product.md#bulk-actions): "Select all matching" stops there.
    BULK_MAX: z.coerce.number().int().positive().max(10_000).default(500),
    // Timed bans (docs/product.md#bans-with-an-end): the ladder of suggested durations, one step per
    // strike in the lapse window; how long a strike counts; how often each instance looks for ends due.
    BAN_LADDER: z
      .string()
      .default("1d,3d,7d,30d,permanent")
      .refine((text) => parseLadder(text) !== null, {
        error: `must be a comma-separated list of ${LADDER_STEPS.join(", ")} (e.g. 1d,3d,7d,30d,permanent)`,
      }),
    STRIKE_LAPSE_DAYS: z.coerce.number().int().positive().max(3_650).default(180),
    BAN_END_TICK_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
    // The upstream admin account the panel un-bans with when a ban ends (no admin is there to ask):
    // without it, only permanent bans are offered (docs/operations.md#bans-that-end).
    BAN_END_EMAIL: z.optional(z.string().trim().min(1)),
    BAN_END_PASSWORD: z.optional(z.string().min(1)),
    // Tests only (decision 075): a file holding how many milliseconds the panel's clock is ahead.
    // Refused unless NODE_ENV is test, so a production panel never reads it.
    PANEL_TEST_CLOCK_FILE: z.optional(z.string().min(1)),
    APP_TIMEZONE: z
      .string()
      .default("UTC")
      .refine(isTimeZone, { error: "must be an IANA time zone such as UTC or Europe/Paris" }),
  })
  .superRefine((env, ctx) => {
    const trustProxy = env.TRUST_PROXY;
    if (env.NODE_ENV === "production" && (trustProxy === true || typeof trustProxy === "number")) {
      ctx.addIssue({
        code: "custom",
        path: ["TRUST_PROXY"],
        message: `must name the proxies by address in production (e.g. TRUST_PROXY=10.0.0.0/8, or loopback): "${String(trustProxy)}" trusts any peer, so a client that reaches the port chooses its own address`,
      });
    }
    if (env.PANEL_TEST_CLOCK_FILE && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["PANEL_TEST_CLOCK_FILE"],
        message: "is for tests only: it is refused unless NODE_ENV=test",
      });
    }
    if (Boolean(env.BAN_END_EMAIL) !== Boolean(env.BAN_END_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.BAN_END_EMAIL ? "BAN_END_PASSWORD" : "BAN_END_EMAIL"],
        message: "is required with BAN_END_EMAIL and BAN_END_PASSWORD together",
      });
    }
    if (env.API_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when API_URL is set",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { API_URL: string; SESSION_SECRET: string };

/** The 32 bytes of an AES-256 key written in hex or base64 (url-safe or not), else undefined. */
export function keyBytes(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed, "base64")
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

/** The names Express's `trust proxy` accepts for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, or an IP range in CIDR notation (`10.0.0.0/8`, `fd00::/8`) narrower than every address. */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A /0 range is every address: `true` under another name.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Express's `trust proxy` value: false (unset), the list of the proxies' addresses, ranges and
 * range names, or (outside production only) `true` or a hop count, which trust any peer.
 */
export function parseTrustProxy(value: string | undefined, ctx?: z.RefinementCtx): boolean | number | string[] {
  if (value === undefined || value.trim() === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    ctx?.addIssue({
      code: "custom",
      message: `must list the proxies' addresses: IPs, CIDR ranges or loopback, linklocal, uniquelocal ("${bad}" is none of them)`,
    });
    return false;
  }
  const family = wholeFamilyCovered(entries);
  if (family !== undefined) {
    ctx?.addIssue({
      code: "custom",
      message: `must name the proxies, not every address: "${entries.join(",")}" together cover every ${family} address, so any client could choose its own address (a range of all addresses is "true" under another name)`,
    });
    return false;
  }
  return entries;
}

/** The ranges behind Express's range names (proxy-addr's). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** ::ffff:0:0/96, where an IPv4 client is matched against IPv6 ranges (proxy-addr maps it there). */
const IPV4_MAPPED_START = 0xffffn << 32n;
const IPV4_MAPPED_END = IPV4_MAPPED_START + (1n << 32n) - 1n;
const LAST_IPV6 = (1n << 128n) - 1n;

/**
 * "IPv4" or "IPv6" when the entries (valid addresses, ranges and names) together trust every
 * address of that family: `0.0.0.0/1,128.0.0.0/1` is `0.0.0.0/0` in two halves, `::ffff:0:0/96`
 * is every IPv4 client as proxy-addr matches it. Every range is placed in IPv6's space (an IPv4
 * range at its IPv4-mapped place), merged, and checked for gaps.
 */
function wholeFamilyCovered(entries: readonly string[]): "IPv4" | "IPv6" | undefined {
  const ranges = entries
    .flatMap((entry) => NAMED_RANGES[entry] ?? [entry])
    .map((entry) => {
      const [address = "", prefix] = entry.split("/");
      const v4 = isIP(address) === 4;
      const bits = prefix === undefined ? 128 : Number(prefix) + (v4 ? 96 : 0);
      const start = v4 ? IPV4_MAPPED_START + ipv4Number(address) : ipv6Number(address);
      const size = 1n << BigInt(128 - bits);
      return { start: start - (start % size), end: start - (start % size) + size - 1n };
    })
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: { start: bigint; end: bigint }[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1n) last.end = range.end > last.end ? range.end : last.end;
    else merged.push({ ...range });
  }
  const covers = (start: bigint, end: bigint) => merged.some((range) => range.start <= start && range.end >= end);
  if (covers(0n, LAST_IPV6)) return "IPv6";
  if (covers(IPV4_MAPPED_START, IPV4_MAPPED_END)) return "IPv4";
  return undefined;
}

function ipv4Number(address: string): bigint {
  return address.split(".").reduce((number, part) => (number << 8n) + BigInt(part), 0n);
}

/** An IPv6 address (valid, per isIP) as a 128-bit number; a dotted IPv4 tail counts as its last 32 bits. */
function ipv6Number(address: string): bigint {
  let text = address.split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const number = ipv4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(number >> 16n).toString(16)}:${(number & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const middle = tail === undefined ? [] : Array<string>(8 - groups(head).length - groups(tail).length).fill("0");
  return [...groups(head), ...middle, ...groups(tail ?? "")].reduce(
    (number, group) => (number << 16n) + BigInt(`0x${group}`),
    0n,
  );
}

/** A comma-separated list of http(s) origins (e.g. an S3 bucket's), each reduced to its origin. */
function parseOrigins(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    if (!URL.canParse(entry) || !/^https?:$/.test(new URL(entry).protocol)) {
      ctx.addIssue({
        code: "custom",
        message: `must be a comma-separated list of http(s) origins ("${entry}" is not one)`,
      });
      return [];
    }
    origins.push(new URL(entry).origin);
  }
  return origins;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Thrown when the environment is unusable; its message is one line for the operator. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment; throws EnvError with one readable line when it is bad. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`);
    throw new EnvError(`Invalid configuration: ${problems.join("; ")}`);
  }
  if (!result.data.API_URL || !result.data.SESSION_SECRET) {
    throw new EnvError(
      "Invalid configuration: API_URL is required (the upstream base URL ending in /api; for the local demo use `npm start`)",
    );
  }
  return result.data as Env;
}

let current: Env | undefined;

/** The validated environment of this process (parsed on first use). */
export function env(): Env {
  current ??= parseEnv(process.env);
  return current;
}
