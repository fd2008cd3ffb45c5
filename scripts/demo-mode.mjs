// Demo mode, shared by `npm start` and `npm run dev`: without API_URL the panel talks to the demo
// API, started beside it on this machine.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

import { ROOT, startChild, stopAll } from "./supervisor.mjs";

const DEMO_SIGN_IN = "admin@example.com / Admin12345";
const DEMO_API_START_LIMIT_MS = 30_000;

/**
 * A secret for demo mode, kept in `.data/<name>` so that what it protects survives restarts: made
 * of `bytes` random bytes (base64url) the first time, read back when it is at least `minLength` long.
 * @param {string} name
 * @param {number} bytes
 * @param {number} minLength
 */
function keptDemoSecret(name, bytes, minLength) {
  const file = join(ROOT, ".data", name);
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= minLength) return secret;
  }
  const secret = randomBytes(bytes).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** SESSION_SECRET for demo mode, kept in .data/ so that sign-ins survive restarts. */
export function demoSessionSecret() {
  return keptDemoSecret("session-secret", 48, 32);
}

/** TOTP_ENCRYPTION_KEY for demo mode (32 bytes), kept in .data/ so that second factors survive restarts. */
function demoTotpKey() {
  return keptDemoSecret("totp-key", 32, 43);
}

/** The demo API's port unless DEMO_API_PORT says otherwise. */
const DEFAULT_DEMO_PORT = 4010;

/**
 * Whether nothing listens on `port` of 127.0.0.1.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The port the demo API is to listen on: DEMO_API_PORT (0: any free one), else 4010, or a free one
 * when 4010 is busy (another panel, another program). A busy DEMO_API_PORT is an error that says
 * which variable to change.
 * @returns {Promise<number>}
 */
async function demoApiPort() {
  const asked = process.env.DEMO_API_PORT;
  if (asked === undefined || asked.trim() === "") {
    if (await portIsFree(DEFAULT_DEMO_PORT)) return DEFAULT_DEMO_PORT;
    console.log(`Port ${DEFAULT_DEMO_PORT} is busy: the demo API takes a free port (DEMO_API_PORT chooses one).`);
    return 0;
  }
  const port = Number(asked);
  if (port !== 0 && Number.isInteger(port) && !(await portIsFree(port))) {
    throw new Error(`port ${port} (DEMO_API_PORT) is busy: set DEMO_API_PORT to a free port, or 0 for any`);
  }
  return port;
}

/**
 * Starts the demo API and resolves with its base URL once it listens (it says so over the IPC channel).
 * @param {string} panelPort
 * @returns {Promise<URL>}
 */
async function startDemoApi(panelPort) {
  const port = await demoApiPort();
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      DEMO_API_PORT: String(port),
      DEMO_API_HOST: "127.0.0.1",
      // Links in the demo API's e-mails (reset password, invitations) point at this panel.
      DEMO_API_PANEL_ORIGIN: process.env.DEMO_API_PANEL_ORIGIN ?? `http://localhost:${panelPort}`,
    };
    const timer = setTimeout(
      () => reject(new Error(`the demo API did not start within ${DEMO_API_START_LIMIT_MS / 1000} s`)),
      DEMO_API_START_LIMIT_MS,
    );
    const child = startChild("demo-api", ["--import", "tsx", "demo-api/main.ts"], env, (message) => {
      const listening = /** @type {{ listening?: unknown }} */ (message)?.listening;
      if (typeof listening === "string") {
        clearTimeout(timer);
        resolve(new URL(listening));
      }
    });
    child.on("exit", () => {
      clearTimeout(timer);
      reject(new Error("the demo API exited before it listened"));
    });
  });
}

/**
 * The panel's environment. With API_URL it is this process's own; without it (demo mode) the demo
 * API is started and the panel is pointed at it, with a kept SESSION_SECRET and TOTP_ENCRYPTION_KEY and, unless HOST says
 * otherwise, listening on this machine only: the demo credentials are public.
 */
export async function panelEnvironment() {
  /** @type {NodeJS.ProcessEnv & { PORT: string }} */
  const env = { ...process.env, PORT: process.env.PORT ?? "3000" };
  const demo = !env.API_URL;
  if (!demo) return { env, demo };
  console.log("API_URL is not set: starting the demo API (demo mode).");
  try {
    const demoUrl = await startDemoApi(env.PORT);
    env.API_URL = `http://127.0.0.1:${demoUrl.port}/api`;
  } catch (error) {
    console.error(`Cannot start the demo API: ${/** @type {Error} */ (error).message}`);
    await stopAll(1);
  }
  // The second factor's key is kept beside a generated session secret; with a given SESSION_SECRET
  // and no key the panel derives one from the secret, and nothing is written to .data/.
  if (env.SESSION_SECRET === undefined) env.TOTP_ENCRYPTION_KEY ??= demoTotpKey();
  env.SESSION_SECRET ??= demoSessionSecret();
  env.HOST ??= "127.0.0.1";
  // The demo admin is the demo's Owner: the roles page is theirs (docs/product.md#roles-and-permissions).
  env.OWNER_EMAILS ??= "admin@example.com";
  return { env, demo };
}

/**
 * The address to open in a browser for the server's listening URL.
 * @param {string} listening
 */
function browserUrl(listening) {
  const url = new URL(listening);
  if (["0.0.0.0", "[::]", "127.0.0.1", "[::1]"].includes(url.hostname)) url.hostname = "localhost";
  return url.origin;
}

/**
 * Prints where to open the panel and, in demo mode, how to sign in.
 * @param {string} listeningUrl
 * @param {boolean} demo
 */
export function announceReady(listeningUrl, demo) {
  console.log(`\nPanel ready: ${browserUrl(listeningUrl)}`);
  if (demo) console.log(`Demo sign-in: ${DEMO_SIGN_IN}\n`);
}
