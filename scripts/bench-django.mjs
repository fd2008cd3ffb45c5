// `npm run bench`'s optional step: the panel's signed-in /users?page=2 against the Django admin
// anchor's changelist (../shared/anchors/django-admin, README.md there: the same screen, 10 rows,
// one gunicorn worker serving one request at a time), CPU per request of each server's process.
//
// Runs when Debian's /usr/bin/python3 imports Django 3.2 and /usr/bin/gunicorn is there (what the
// anchor's start.sh uses); otherwise, or with BENCH_SKIP_DJANGO=1, one line says why it is skipped.
// The anchor writes its database and PID file beside itself, so it runs from a scratch copy in the
// temp dir, on a free port, and is stopped (`start.sh stop`) and removed at the end.
//
// Per round (BENCH_ROUNDS, A B B A): the panel (A) and Django (B), BENCH_SECONDS each after both
// servers are idle, gzip off for both (no Accept-Encoding, as the anchor's measure.mjs); the CPU per
// request is utime + stime of the whole process (all threads) over the counted run divided by the
// answers: the panel's `server.js`, and gunicorn's worker (the master is idle). The demo API's CPU
// per request (the panel's upstream) is printed apart. Then, once per round, the panel's page with
// no rows (/users?search=<no match>, checked to render an empty table): its fixed cost per page.
//
// Not a bound: the goal is the panel at 0.4 × Django's CPU per request or less. BENCH_DJANGO_BOUND
// (e.g. 0.4) makes the median of the rounds' ratios one, and then a skipped or failed comparison
// breaks it too.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import autocannon from "autocannon";

import { freePort, ROOT, startDemoApi, startPanel } from "../tests/support/servers.ts";
import { alternate, BROWSER_HEADERS, cpuPerRequest, descendants, driveLoad, median } from "./measuring.mjs";

const ANCHOR = process.env.BENCH_DJANGO_ANCHOR || path.resolve(ROOT, "../shared/anchors/django-admin");
const PYTHON = "/usr/bin/python3";
const GUNICORN = "/usr/bin/gunicorn";
const DJANGO_PATH = "/admin/members/member/";
const PANEL_PATH = "/users?page=2";
/** A search nothing matches: the page with its shell, filters and an empty table. */
const NO_ROWS_PATH = "/users?search=zz-bench-no-such-user-zz";
const ROWS = 10;
const GOAL = 0.4;

/** BENCH_DJANGO_BOUND as a number, or null when unset: the most panel CPU/req ÷ Django CPU/req. */
export const DJANGO_BOUND = (() => {
  const raw = process.env.BENCH_DJANGO_BOUND;
  if (raw === undefined || raw.trim() === "") return null;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`BENCH_DJANGO_BOUND must be a positive number (e.g. 0.4), got "${raw}"`);
  return value;
})();

/** What a browser sends, less Accept-Encoding: both servers answer uncompressed (gzip off). */
const { "accept-encoding": _encoding, ...UNCOMPRESSED } = BROWSER_HEADERS;

/** Why the comparison cannot run here, or null when it can. */
function unavailable() {
  if (process.env.BENCH_SKIP_DJANGO === "1") return "BENCH_SKIP_DJANGO=1";
  if (!existsSync(path.join(ANCHOR, "start.sh")) || !existsSync(path.join(ANCHOR, "manage.py")))
    return `no Django anchor at ${ANCHOR} (BENCH_DJANGO_ANCHOR)`;
  const check = spawnSync(PYTHON, ["-c", "import sys, django; sys.exit(0 if django.VERSION[:2] == (3, 2) else 3)"], {
    encoding: "utf8",
  });
  if (check.error || check.status !== 0)
    return check.status === 3
      ? `${PYTHON}'s Django is not 3.2`
      : `${PYTHON} cannot import django (apt-get install -y python3-django gunicorn)`;
  if (!existsSync(GUNICORN)) return `no ${GUNICORN} (apt-get install -y gunicorn)`;
  return null;
}

/**
 * Copies the anchor to a scratch dir (without its database, PID file, log or node_modules) and
 * starts it there on a free port: gunicorn with one worker.
 */
async function startAnchor() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "panel-bench-django-"));
  const leftOut = new Set(["db.sqlite3", "gunicorn.pid", "gunicorn.log", "node_modules", "__pycache__"]);
  cpSync(ANCHOR, dir, { recursive: true, filter: (source) => !leftOut.has(path.basename(source)) });
  const port = await freePort();
  const run = (/** @type {string} */ command) =>
    spawnSync("bash", ["start.sh", command], {
      cwd: dir,
      env: { ...process.env, PORT: String(port) },
      encoding: "utf8",
      timeout: 180_000,
    });
  let stopped = false;
  const stop = async () => {
    if (!stopped) run("stop");
    stopped = true;
    await rm(dir, { recursive: true, force: true });
  };
  // gunicorn runs in a session of its own: a bench stopped by Ctrl-C would leave it running.
  const onSignal = () => {
    if (!stopped) run("stop");
    stopped = true;
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const started = run("start");
  const pidFile = path.join(dir, "gunicorn.pid");
  if (started.status !== 0 || !existsSync(pidFile)) {
    const log = existsSync(path.join(dir, "gunicorn.log")) ? readFileSync(path.join(dir, "gunicorn.log"), "utf8") : "";
    await stop();
    throw new Error(`the Django anchor did not start:\n${started.stdout}${started.stderr}${log}`);
  }
  const master = Number(readFileSync(pidFile, "utf8").trim());
  const workers = descendants(master);
  if (workers.length !== 1) {
    await stop();
    throw new Error(`gunicorn master ${master} has ${workers.length} worker processes, expected 1`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    worker: /** @type {number} */ (workers[0]),
    stop: async () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await stop();
    },
  };
}

// ---- HTTP with a small cookie jar ------------------------------------------------------------

/**
 * One request; resolves with the status, headers and the body as it came (not decompressed).
 * @param {string} url
 * @param {{ method?: string, headers?: http.OutgoingHttpHeaders, body?: string }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const allHeaders = body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) };
    const req = http.request(url, { method, headers: allHeaders }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: /** @type {number} */ (res.statusCode), headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer within 30 s: ${method} ${url}`)));
    req.end(body);
  });
}

/** Cookies as a browser keeps them, enough for two sign-ins. */
class Jar {
  /** @type {Map<string, string>} */
  cookies = new Map();
  /** @param {http.IncomingHttpHeaders} headers */
  store(headers) {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value === "" || value === '""' || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * Django admin's sign-in: the login form's CSRF token and cookie, then the credentials.
 * @param {string} base
 */
async function signInDjango(base) {
  const jar = new Jar();
  const loginUrl = `${base}/admin/login/`;
  const page = await request(loginUrl, { headers: UNCOMPRESSED });
  if (page.status !== 200) throw new Error(`Django: GET /admin/login/ answered ${page.status}`);
  jar.store(page.headers);
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.body.toString())?.[1];
  if (!token || !jar.cookies.has("csrftoken")) throw new Error("no CSRF token on Django's login page");
  const answer = await request(loginUrl, {
    method: "POST",
    headers: { ...UNCOMPRESSED, cookie: jar.header(), "content-type": FORM_TYPE, referer: loginUrl },
    body: new URLSearchParams({
      csrfmiddlewaretoken: token,
      username: "admin",
      password: "Admin12345",
      next: "/admin/",
    }).toString(),
  });
  jar.store(answer.headers);
  if (answer.status !== 302 || !jar.cookies.has("sessionid"))
    throw new Error(`Django sign-in failed: ${answer.status}, cookies ${[...jar.cookies.keys()].join(", ")}`);
  return jar.header();
}

/**
 * The panel's sign-in: a plain urlencoded POST to /login, as a browser without JavaScript sends it.
 * @param {string} base
 */
async function signInPanel(base) {
  const jar = new Jar();
  const answer = await request(`${base}/login`, {
    method: "POST",
    headers: { ...UNCOMPRESSED, "content-type": FORM_TYPE },
    body: new URLSearchParams({ email: "admin@example.com", password: "Admin12345" }).toString(),
  });
  jar.store(answer.headers);
  if (answer.status !== 302 || jar.cookies.size === 0) throw new Error(`panel sign-in failed: ${answer.status}`);
  return jar.header();
}

/**
 * The rows of the page's first <tbody>: Django's result list; the panel's data rows.
 * @param {string} html
 */
function tableRows(html) {
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  if (body === undefined) return null;
  return { rows: (body.match(/<tr[\s>]/g) ?? []).length, dataRows: (body.match(/class="data-row"/g) ?? []).length };
}

/**
 * One GET of a signed-in page, uncompressed: its status, its table, its size; and the size as the
 * panel sends it to a browser (brotli), for the panel.
 * @param {string} name
 * @param {string} url
 * @param {string} cookie
 * @param {boolean} [compressedToo]
 */
async function checkPage(name, url, cookie, compressedToo = false) {
  const answer = await request(url, { headers: { ...UNCOMPRESSED, cookie } });
  if (answer.status !== 200) throw new Error(`${name}: GET ${url} answered ${answer.status} (signed out?)`);
  if (answer.headers["content-encoding"]) throw new Error(`${name}: compressed though no Accept-Encoding`);
  const html = answer.body.toString();
  const table = tableRows(html);
  if (!table) throw new Error(`${name}: no table in the page`);
  let sentBytes = null;
  if (compressedToo) {
    const sent = await request(url, { headers: { ...BROWSER_HEADERS, cookie } });
    sentBytes = sent.body.length;
  }
  return { ...table, html, htmlBytes: answer.body.length, gzipBytes: zlib.gzipSync(answer.body).length, sentBytes };
}

// ---- The comparison ------------------------------------------------------------------------

/**
 * @typedef {import("./measuring.mjs").LoadResult} LoadResult
 * @typedef {import("./measuring.mjs").AlternateRound<LoadResult> & { panelCpu: number | null,
 *   upstreamCpu: number | null, djangoCpu: number | null, ratio: number, noRowsCpu: number | null,
 *   panelRps: number, djangoRps: number, noRowsLoadAfter: string }} DjangoRound
 * @typedef {{ rounds: DjangoRound[], panelPage: Awaited<ReturnType<typeof checkPage>>,
 *   djangoPage: Awaited<ReturnType<typeof checkPage>>, noRowsPage: Awaited<ReturnType<typeof checkPage>> }} DjangoFigures
 * @typedef {{ figures?: DjangoFigures, skipped?: string, failed?: string }} DjangoResult
 */

const msText = (/** @type {number | null} */ value) =>
  value === null || Number.isNaN(value) ? "–" : `${value.toFixed(2)} ms`;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Runs the comparison, or says in one line why not. A non-2xx answer of the panel is a broken
 * bound (every answer 2xx); a failure of the comparison itself only with BENCH_DJANGO_BOUND.
 * @param {{ seconds: number, warmupSeconds: number, connections: number, rounds: number, problems: string[] }} options
 * @returns {Promise<DjangoResult>}
 */
export async function compareWithDjango({ seconds, warmupSeconds, connections, rounds, problems }) {
  const reason = unavailable();
  if (reason) {
    console.log(`  skipped: ${reason}`);
    if (DJANGO_BOUND !== null)
      problems.push(`BENCH_DJANGO_BOUND=${DJANGO_BOUND} is set, but the Django comparison was skipped: ${reason}`);
    return { skipped: reason };
  }
  /** @type {Awaited<ReturnType<typeof startAnchor>> | undefined} */
  let anchor;
  /** @type {Awaited<ReturnType<typeof startDemoApi>> | undefined} */
  let demo;
  /** @type {Awaited<ReturnType<typeof startPanel>> | undefined} */
  let panel;
  try {
    process.stdout.write(`  starting the Django anchor from a scratch copy of ${ANCHOR}...`);
    anchor = await startAnchor();
    process.stdout.write(` ${anchor.url}, gunicorn worker PID ${anchor.worker}\n`);
    demo = await startDemoApi({ DEMO_API_LATENCY_MS: "0" });
    panel = await startPanel(`${demo.url}/api`);
    const [panelCookie, djangoCookie] = [await signInPanel(panel.url), await signInDjango(anchor.url)];
    const panelUrl = `${panel.url}${PANEL_PATH}`;
    const noRowsUrl = `${panel.url}${NO_ROWS_PATH}`;
    const djangoUrl = `${anchor.url}${DJANGO_PATH}`;
    const panelPage = await checkPage(`panel ${PANEL_PATH}`, panelUrl, panelCookie, true);
    if (panelPage.dataRows !== ROWS)
      throw new Error(`panel ${PANEL_PATH}: ${panelPage.dataRows} rows, expected ${ROWS}`);
    const djangoPage = await checkPage("Django changelist", djangoUrl, djangoCookie);
    if (djangoPage.rows !== ROWS) throw new Error(`Django changelist: ${djangoPage.rows} rows, expected ${ROWS}`);
    const noRowsPage = await checkPage(`panel ${NO_ROWS_PATH}`, noRowsUrl, panelCookie);
    if (noRowsPage.dataRows !== 0 || !noRowsPage.html.includes("No data available"))
      throw new Error(`panel ${NO_ROWS_PATH}: not an empty table (${noRowsPage.dataRows} rows)`);

    const [panelPid, demoPid, djangoPid] = [panel.process.pid, demo.process.pid, anchor.worker];
    const panelHeaders = { ...UNCOMPRESSED, cookie: panelCookie };
    const djangoHeaders = { ...UNCOMPRESSED, cookie: djangoCookie };
    process.stdout.write(`  warm-up, ${warmupSeconds} s per page...`);
    for (const { url, headers } of [
      { url: panelUrl, headers: panelHeaders },
      { url: noRowsUrl, headers: panelHeaders },
      { url: djangoUrl, headers: djangoHeaders },
    ])
      if (warmupSeconds) await autocannon({ url, connections, duration: warmupSeconds, headers });
    process.stdout.write(" done\n");
    console.log(
      `  The panel's ${PANEL_PATH} (A) and Django's changelist (B), ${rounds} rounds of A B B A, ${seconds} s each, gzip off; then the panel's page with no rows:`,
    );

    /** @param {string} name @param {LoadResult} load @param {boolean} panelSide */
    const checked = (name, load, panelSide) => {
      if (load.non2xx || load.errors) {
        const text = `${name}: ${load.non2xx} non-2xx answers, ${load.errors} errors`;
        if (panelSide || DJANGO_BOUND !== null) problems.push(text);
        else console.log(`  ⚠ ${text}: Django's figures of this run are not valid`);
      }
      return load;
    };
    /** @type {Map<number, { load: LoadResult, loadAfter: string }>} */
    const noRows = new Map();
    const done = await alternate(
      rounds,
      async (side) =>
        side === "a"
          ? checked(
              `panel ${PANEL_PATH}`,
              await driveLoad({
                url: panelUrl,
                headers: panelHeaders,
                connections,
                seconds,
                pids: { panel: panelPid, upstream: demoPid },
                idlePids: [djangoPid],
              }),
              true,
            )
          : checked(
              "Django changelist",
              await driveLoad({
                url: djangoUrl,
                headers: djangoHeaders,
                connections,
                seconds,
                pids: { django: djangoPid },
                idlePids: [panelPid, demoPid],
              }),
              false,
            ),
      async (round) => {
        const load = checked(
          `panel ${NO_ROWS_PATH}`,
          await driveLoad({
            url: noRowsUrl,
            headers: panelHeaders,
            connections,
            seconds,
            pids: { panel: panelPid, upstream: demoPid },
            idlePids: [djangoPid],
          }),
          true,
        );
        noRows.set(round.round, { load, loadAfter: (os.loadavg()[0] ?? 0).toFixed(2) });
        console.log(`  ${roundLine(djangoRound(round, noRows))}`);
      },
    );
    const figures = { rounds: done.map((round) => djangoRound(round, noRows)), panelPage, djangoPage, noRowsPage };
    const ratio = median(figures.rounds.map((round) => round.ratio));
    if (DJANGO_BOUND !== null && !(ratio <= DJANGO_BOUND))
      problems.push(
        `the panel's ${PANEL_PATH} costs ${ratio.toFixed(2)} × the CPU per request of Django's changelist, median of ${rounds} rounds (BENCH_DJANGO_BOUND: ${DJANGO_BOUND} or less)`,
      );
    return { figures };
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`  ✖ the Django comparison failed: ${text}`);
    if (DJANGO_BOUND !== null) problems.push(`the Django comparison failed (BENCH_DJANGO_BOUND is set): ${text}`);
    return { failed: text.split("\n")[0] };
  } finally {
    await Promise.all([panel?.stop(), demo?.stop(), anchor?.stop()]);
  }
}

/**
 * One round's figures: the panel (a), Django (b), and the page with no rows measured after them.
 * @param {import("./measuring.mjs").AlternateRound<LoadResult>} round
 * @param {Map<number, { load: LoadResult, loadAfter: string }>} noRows
 * @returns {DjangoRound}
 */
function djangoRound(round, noRows) {
  const [panelCpu, djangoCpu] = [cpuPerRequest(round.a, "panel"), cpuPerRequest(round.b, "django")];
  const empty = noRows.get(round.round);
  const rps = (/** @type {LoadResult[]} */ runs) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
  return {
    ...round,
    panelCpu,
    upstreamCpu: cpuPerRequest(round.a, "upstream"),
    djangoCpu,
    ratio: panelCpu === null || djangoCpu === null ? NaN : panelCpu / djangoCpu,
    noRowsCpu: empty ? cpuPerRequest([empty.load], "panel") : null,
    panelRps: rps(round.a),
    djangoRps: rps(round.b),
    noRowsLoadAfter: empty?.loadAfter ?? round.loadAfter,
  };
}

/** @param {DjangoRound} round */
function roundLine(round) {
  return (
    `round ${round.round} (load ${round.loadBefore} → ${round.noRowsLoadAfter}): panel ${Math.round(round.panelRps)} req/s, ${msText(round.panelCpu)} CPU/req ` +
    `(demo API ${msText(round.upstreamCpu)}); Django ${Math.round(round.djangoRps)} req/s, ${msText(round.djangoCpu)} CPU/req ` +
    `→ ${round.ratio.toFixed(2)} ×; no rows ${msText(round.noRowsCpu)} CPU/req`
  );
}

/** @param {DjangoFigures} figures */
export function djangoTable(figures) {
  const { panelPage, djangoPage, noRowsPage } = figures;
  const lines = [
    `| Round | load (1 min) | panel req/s | panel CPU/req | demo API CPU/req | Django req/s | Django CPU/req | panel ÷ Django | no rows CPU/req |`,
    "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const round of figures.rounds) {
    lines.push(
      `| ${round.round} | ${round.loadBefore} → ${round.noRowsLoadAfter} | ${Math.round(round.panelRps)} | ${msText(round.panelCpu)} | ${msText(round.upstreamCpu)} | ` +
        `${Math.round(round.djangoRps)} | ${msText(round.djangoCpu)} | ${round.ratio.toFixed(2)} | ${msText(round.noRowsCpu)} |`,
    );
  }
  lines.push(
    "",
    `HTML: the panel's ${PANEL_PATH} ${kb(panelPage.htmlBytes)} (${panelPage.dataRows} rows; ${panelPage.sentBytes === null ? "–" : kb(panelPage.sentBytes)} as sent to a browser with brotli, gzip ${kb(panelPage.gzipBytes)}), ` +
      `with no rows ${kb(noRowsPage.htmlBytes)}; Django's changelist ${kb(djangoPage.htmlBytes)} (${djangoPage.rows} rows, gzip ${kb(djangoPage.gzipBytes)})`,
  );
  return lines.join("\n");
}

/**
 * The summary line: the median ratio against the goal (or the bound), and the fixed cost.
 * @param {DjangoResult} result
 */
export function djangoSummary(result) {
  if (!result.figures)
    return `The panel against Django's changelist: ${result.skipped ? `skipped (${result.skipped})` : `failed (${result.failed})`}`;
  const { rounds } = result.figures;
  const ratios = rounds.map((round) => round.ratio);
  const djangoCpu = median(rounds.map((round) => round.djangoCpu ?? NaN));
  const noRowsCpu = median(rounds.map((round) => round.noRowsCpu ?? NaN));
  const limit =
    DJANGO_BOUND === null
      ? `goal ≤ ${GOAL}, not a bound: BENCH_DJANGO_BOUND=${GOAL} makes it one`
      : `bound ≤ ${DJANGO_BOUND}, BENCH_DJANGO_BOUND`;
  return (
    `The panel's ${PANEL_PATH} against Django's changelist, CPU per request: ${median(ratios).toFixed(2)} × (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")}; ${limit})` +
    `\n  panel ${msText(median(rounds.map((round) => round.panelCpu ?? NaN)))} (its demo API ${msText(median(rounds.map((round) => round.upstreamCpu ?? NaN)))} more), Django ${msText(djangoCpu)}` +
    `\n  fixed cost per page (the panel's ${NO_ROWS_PATH}, an empty table): ${msText(noRowsCpu)} CPU/req = ${(noRowsCpu / djangoCpu).toFixed(2)} × Django's whole changelist`
  );
}
