// The production container without a Docker engine: the runtime stage's contents are rebuilt
// in a temp folder by the Dockerfile's own COPY and RUN steps, then started as its CMD says.
// A change to the Dockerfile that would break the container breaks this test.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HELD_PAGE, type HeldUpstream, startHeldUpstream } from "../support/held-upstream";
import { levelEngine } from "~/audit/level-engine.server";
import { auditTrail } from "~/audit/trail.server";
import { EnvSchema } from "~/config/env.server";
import {
  listeningUrl,
  PROCESS_WAIT_MS,
  runToExit,
  spawnNode,
  waitForExit,
  waitForLine,
  type WatchedProcess,
} from "../support/servers";

const root = join(import.meta.dirname, "../..");
const SECRET = "container-test-secret-0123456789abcdef";

// ---------------------------------------------------------------------------------------------
// A small Dockerfile reader: enough of the syntax for this project's Dockerfile, strict elsewhere.

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    // Comments (and the `# syntax=` directive) go, inside a continuation too.
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim()) logical.push(current.trim());
    current = "";
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/s.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === "FROM") {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match?.[1]) throw new Error(`Cannot read: FROM ${instruction.args}`);
      stages.push({ image: match[1], name: match[2], instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${instruction.keyword} before the first FROM`);
      stage.instructions.push(instruction);
    }
  }
  return stages;
}

/** Splits COPY arguments into flags, sources and destination (shell form or JSON form). */
function parseCopy(args: string) {
  const words = args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  const flags = Object.fromEntries(
    words
      .filter((word) => word.startsWith("--"))
      .map((word) => {
        const [key = "", value = "true"] = word.slice(2).split("=");
        return [key, value];
      }),
  );
  const paths = words.filter((word) => !word.startsWith("--"));
  const dest = paths.pop();
  if (!dest || paths.length === 0) throw new Error(`Cannot read: COPY ${args}`);
  return { flags, sources: paths, dest };
}

/** The stage `name` refers to, following `FROM <stage>` chains for the inherited WORKDIR. */
function findStage(stages: Stage[], name: string): Stage {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`No stage named ${name}`);
  return stage;
}

function stageChain(stages: Stage[], stage: Stage): Stage[] {
  const parent = stages.find((candidate) => candidate.name === stage.image);
  return parent ? [...stageChain(stages, parent), stage] : [stage];
}

function workdirOf(stages: Stage[], stage: Stage): string {
  let workdir = "/";
  for (const instruction of stageChain(stages, stage).flatMap((s) => s.instructions)) {
    if (instruction.keyword === "WORKDIR") workdir = posix.resolve(workdir, instruction.args);
  }
  return workdir;
}

/** Whether .dockerignore keeps `path` (relative to the context) out of the build context. */
function isDockerIgnored(path: string): boolean {
  const file = join(root, ".dockerignore");
  if (!existsSync(file)) return false;
  let ignored = false;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const negated = line.startsWith("!");
    const pattern = posix.normalize(negated ? line.slice(1) : line).replace(/^\/|\/$/g, "");
    const regex = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*/g, "\0")
        .replace(/\*/g, "[^/]*")
        .replace(/\0/g, ".*")
        .replace(/\?/g, "[^/]")}(/.*)?$`,
    );
    if (regex.test(posix.normalize(path))) ignored = !negated;
  }
  return ignored;
}

// ---------------------------------------------------------------------------------------------

const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
const stages = parseDockerfile(dockerfile);
const runtime = stages.at(-1)!;
const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);

describe("the Dockerfile", () => {
  it("builds in stages on Node 22 LTS and runs the production stage without dev tooling", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const base = stages.find((s) => s.name === stage.image) ? undefined : stage.image;
      if (base) expect(base).toMatch(/^node:22[-.]/);
    }
    expect(runtime.image).toMatch(/^node:22[-.]/);
    const allRuns = stages.flatMap((stage) => of(stage, "RUN")).map((i) => i.args);
    expect(allRuns.some((run) => /\bnpm ci\b(?!.*--omit=dev)/.test(run))).toBe(true);
    expect(of(runtime, "RUN").some((i) => /\bnpm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(of(runtime, "ENV").map((i) => i.args)).toContain("NODE_ENV=production");
  });

  it("runs as a non-root user, with a health check on /healthz and an exec-form CMD", () => {
    const user = of(runtime, "USER").at(-1)?.args;
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const healthcheck = of(runtime, "HEALTHCHECK").at(-1)?.args ?? "";
    expect(healthcheck).toMatch(/\bCMD\b.*\/healthz/);
    const cmd = of(runtime, "CMD").at(-1)?.args ?? "";
    expect(() => JSON.parse(cmd)).not.toThrow();
    expect(JSON.parse(cmd)[0]).toBe("node");
    expect(of(runtime, "STOPSIGNAL").at(-1)?.args).toBe("SIGTERM");
    expect(of(runtime, "EXPOSE").map((i) => i.args)).toContain("3000");
  });
});

// ---------------------------------------------------------------------------------------------

/** Rebuilds the runtime stage's /app in `dir` by its own instructions; returns CMD, WORKDIR and ENV. */
function assembleRuntime(dir: string) {
  let workdir = "/";
  const env: Record<string, string> = {};
  const owned: { owner: string; path: string }[] = [];
  const volumes: string[] = [];
  const toLocal = (containerPath: string) => {
    const absolute = posix.resolve(workdir, containerPath);
    const inside = posix.relative("/app", absolute);
    if (inside.startsWith("..")) throw new Error(`The test maps only /app into its temp folder, not ${absolute}`);
    return join(dir, inside);
  };

  for (const { keyword, args } of runtime.instructions) {
    switch (keyword) {
      case "WORKDIR":
        workdir = posix.resolve(workdir, args);
        mkdirSync(toLocal("."), { recursive: true });
        break;
      case "ENV":
        for (const [, key = "", value = ""] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
          env[key] = value.replace(/^"|"$/g, "");
        break;
      case "COPY": {
        const { flags, sources, dest } = parseCopy(args);
        for (const source of sources) {
          let from: string;
          if (flags.from) {
            // The build stage is the repo after `COPY . .` and `npm run build`: the test
            // stands the repo (built by the test harness) in for it.
            const stage = findStage(stages, flags.from);
            const steps = stageChain(stages, stage).flatMap((s) => s.instructions);
            expect(steps.some((i) => i.keyword === "COPY" && /^\.\s+\.$/.test(i.args))).toBe(true);
            expect(steps.some((i) => i.keyword === "RUN" && /\bnpm run build\b/.test(i.args))).toBe(true);
            const relative = posix.relative(workdirOf(stages, stage), source);
            from = join(root, relative);
            if (relative === "build" && !existsSync(join(from, "server/index.js"))) {
              throw new Error("build/ is missing: run `npx react-router build` before the integration tests.");
            }
          } else {
            if (isDockerIgnored(source))
              throw new Error(`COPY ${source}: .dockerignore keeps it out of the build context`);
            from = join(root, source);
          }
          if (!existsSync(from)) throw new Error(`COPY ${source}: ${from} does not exist`);
          const target = toLocal(dest);
          const intoDir = dest.endsWith("/") || sources.length > 1 || statSync(from).isDirectory();
          const to = intoDir && !statSync(from).isDirectory() ? join(target, posix.basename(source)) : target;
          mkdirSync(dirname(to), { recursive: true });
          cpSync(from, to, { recursive: true });
        }
        break;
      }
      case "RUN":
        for (const step of args.split("&&").map((part) => part.trim())) {
          if (/^npm ci\b/.test(step)) {
            // The same install, made quiet and cache-friendly; install scripts do not matter here.
            const npmArgs = [
              ...step.split(/\s+/).slice(1),
              "--ignore-scripts",
              "--no-audit",
              "--no-fund",
              "--prefer-offline",
            ];
            try {
              execFileSync("npm", npmArgs, { cwd: toLocal("."), stdio: "pipe", encoding: "utf8", timeout: 110_000 });
            } catch (error) {
              const stderr = String((error as { stderr?: string }).stderr ?? error);
              const hint = /Missing: .* from lock file/.test(stderr)
                ? '\npackage-lock.json misses optional platform packages, so `docker build` fails too: see docs/operations.md, "The lock file and npm ci".\n'
                : "";
              throw new Error(
                `The runtime stage's \`${step}\` fails:${hint}\n${stderr.split("\n").slice(0, 12).join("\n")}`,
              );
            }
          } else if (/^npm cache clean\b/.test(step)) {
            // Shrinks the image layer; here it would only empty the machine's npm cache.
          } else if (/^mkdir -p \S+$/.test(step)) {
            mkdirSync(toLocal(step.split(/\s+/)[2]!), { recursive: true });
          } else if (/^chown \S+ \S+$/.test(step)) {
            // Ownership cannot be given here (the test may not run as root): it is recorded and checked.
            const [, owner = "", target = ""] = step.split(/\s+/);
            owned.push({ owner: owner.split(":")[0]!, path: posix.resolve(workdir, target) });
          } else {
            throw new Error(`The test does not know how to replay RUN step \`${step}\`: teach it.`);
          }
        }
        break;
      case "VOLUME":
        volumes.push(...(args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/)));
        break;
      case "CMD":
      case "USER":
      case "EXPOSE":
      case "HEALTHCHECK":
      case "STOPSIGNAL":
      case "LABEL":
      case "ARG":
        break;
      default:
        throw new Error(`The test does not know how to replay ${keyword}: teach it.`);
    }
  }
  const cmd = JSON.parse(of(runtime, "CMD").at(-1)?.args ?? "null") as string[] | null;
  if (!cmd) throw new Error("The runtime stage has no exec-form CMD");
  return { cmd, cwd: toLocal("."), workdir, env, owned, volumes };
}

/** Whether `inner` is `outer` or inside it (container paths). */
const within = (outer: string, inner: string) => !posix.relative(outer, inner).startsWith("..");

function get(url: string, agent: http.Agent) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      })
      .on("error", reject);
  });
}

function connect(port: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve();
    });
    socket.on("error", reject);
  });
}

describe("the runtime stage, assembled and started as CMD says", { timeout: PROCESS_WAIT_MS + 30_000 }, () => {
  let dir = "";
  let container: WatchedProcess | undefined;
  let upstream: HeldUpstream | undefined;
  let started: ReturnType<typeof assembleRuntime>;
  let port = 0;

  /** The runtime's CMD, run with `node` from this machine. */
  function command() {
    const [program, ...args] = started.cmd;
    if (program !== "node") throw new Error(`The test runs a node CMD only, not ${program}`);
    return args;
  }

  async function startContainer(apiUrl: string) {
    container = spawnNode(command(), {
      cwd: started.cwd,
      // Port 0: the OS picks a free port, read back from the "listening" line.
      env: {
        PATH: process.env.PATH,
        ...started.env,
        API_URL: apiUrl,
        SESSION_SECRET: SECRET,
        PORT: "0",
        HOST: "127.0.0.1",
        // The upstream call the shutdown test holds ends when the test releases it, not on a timer.
        UPSTREAM_TIMEOUT_MS: "120000",
      },
    });
    const running = container;
    const line = await waitForLine(
      running.child,
      running.lines,
      (candidate) => listeningUrl(candidate) !== undefined,
      (problem) => `The container ${problem}; it printed:\n${running.output()}`,
    );
    port = Number(new URL(listeningUrl(line)!).port);
  }

  /** The container's log lines, parsed. */
  function logEntries() {
    return container!.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "panel-container-"));
    started = assembleRuntime(dir);

    upstream = await startHeldUpstream();
    await startContainer(upstream.apiUrl);
  }, 150_000 + PROCESS_WAIT_MS);

  afterAll(async () => {
    const child = container?.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await waitForExit(child);
    }
    await upstream?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("holds production dependencies only", () => {
    expect(existsSync(join(started.cwd, "node_modules/express"))).toBe(true);
    expect(existsSync(join(started.cwd, "node_modules/@react-router/dev"))).toBe(false);
    expect(existsSync(join(started.cwd, "node_modules/vite"))).toBe(false);
    expect(started.env.NODE_ENV).toBe("production");
  });

  it("answers /healthz and /readyz", async () => {
    const agent = new http.Agent({ keepAlive: false });
    const health = await get(`http://127.0.0.1:${port}/healthz`, agent);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: "ok" });
    const ready = await get(`http://127.0.0.1:${port}/readyz`, agent);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ready" });
  });

  it("on SIGTERM refuses new connections, finishes the request in flight and exits 0", async () => {
    const child = container!.child;
    // An idle keep-alive connection must not hold the shutdown open.
    const idle = new http.Agent({ keepAlive: true });
    expect((await get(`http://127.0.0.1:${port}/healthz`, idle)).status).toBe(200);

    // A request in flight: its upstream call is held until the test lets it answer.
    const inFlight = get(`http://127.0.0.1:${port}${HELD_PAGE}`, new http.Agent({ keepAlive: true }));
    await upstream!.held();

    // The order of events is the contract, not how long each one takes.
    const exited = waitForExit(child);
    const linesBefore = container!.lines().length;
    child.kill("SIGTERM");
    await waitForLine(
      child,
      container!.lines,
      (line) => line.includes('"shutting down"'),
      (problem) => `The container ${problem}; it printed:\n${container!.output()}`,
    );

    // 1. The listening socket is closed while the request is still in flight.
    await expect(connect(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });

    // 2. The request in flight gets its whole answer once its upstream call does.
    upstream!.release();
    const response = await inFlight;
    expect(response.status).toBe(303);
    expect(response.location).toBe("/verify?done=1");

    // 3. Then the process exits 0, after logging the finished request and "shut down".
    expect(await exited).toEqual({ code: 0, signal: null });
    const messages = logEntries()
      .slice(linesBefore)
      .map((entry) => (entry.path === "/verify" ? "verify answered" : entry.msg));
    const order = messages.filter((msg) => ["shutting down", "verify answered", "shut down"].includes(String(msg)));
    expect(order).toEqual(["shutting down", "verify answered", "shut down"]);
  });

  it("keeps the embedded audit store in a volume the runtime user owns, and checks it with npm run audit:verify", async () => {
    const auditDir = started.env.AUDIT_DIR ?? EnvSchema.shape.AUDIT_DIR.parse(undefined);
    const inContainer = posix.resolve(started.workdir, auditDir);
    const user = of(runtime, "USER").at(-1)?.args.split(":")[0];
    expect(started.volumes.some((volume) => within(volume, inContainer))).toBe(true);
    expect(started.owned.some(({ owner, path }) => owner === user && within(path, inContainer))).toBe(true);

    // Two entries in the image's store, then the check the operator runs in the container: no
    // TypeScript tooling there, only the build and the production dependencies.
    const trail = auditTrail(() => levelEngine(join(started.cwd, auditDir)), { retentionDays: 365 });
    for (const action of ["ban", "unban"]) {
      await trail.record({ admin: "admin@example.com", action, target: { kind: "user", id: "7" }, result: "done" });
    }
    await trail.close();
    const output = execFileSync("npm", ["run", "--silent", "audit:verify"], {
      cwd: started.cwd,
      env: { PATH: process.env.PATH, ...started.env },
      encoding: "utf8",
    });
    expect(output).toMatch(/^The audit trail in .* holds: 2 entries, 1 to 2, each linked to the one before\.$/m);
  });

  it("refuses to start without API_URL: the image has no demo mode", async () => {
    const result = await runToExit(command(), {
      cwd: started.cwd,
      env: { PATH: process.env.PATH, ...started.env, PORT: "0", HOST: "127.0.0.1" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^Invalid configuration: API_URL is required/);
  });
});
