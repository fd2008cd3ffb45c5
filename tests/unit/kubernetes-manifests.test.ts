/**
 * deploy/kubernetes/ as an operator applies it: every object valid against the Kubernetes schemas
 * (kubernetes-models, Kubernetes 1.27), and the pieces agreeing with each other and with the panel:
 * probes on /healthz and /readyz, the Secret for SESSION_SECRET, Redis as the store of the limits
 * and of the audit trail (persistent, evicting nothing: decision 062), the Service,
 * PodDisruptionBudget and autoscaler aimed at the panel's pods, an environment the panel accepts
 * at boot. (The schemas accept unknown fields, so the fields that matter are read by name.)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { IDeployment, IStatefulSet } from "kubernetes-models/apps/v1";
import { Deployment, StatefulSet } from "kubernetes-models/apps/v1";
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import type { IContainer, IService } from "kubernetes-models/v1";
import { ConfigMap, Service } from "kubernetes-models/v1";
import type { INetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import type { IPodDisruptionBudget } from "kubernetes-models/policy/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";

import { parseEnv } from "~/config/env.server";

const DIR = path.resolve(import.meta.dirname, "../../deploy/kubernetes");

/** The model class that validates each kind this folder may hold. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Service": Service,
  "apps/v1/Deployment": Deployment,
  "apps/v1/StatefulSet": StatefulSet,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
};

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [field: string]: unknown;
}

const files = readdirSync(DIR).filter((file) => file.endsWith(".yaml") && file !== "kustomization.yaml");
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(DIR, file), "utf8")).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    return { ...(document.toJS() as Omit<Manifest, "file">), file } as Manifest;
  }),
);

function find<T>(kind: string, name: string): T {
  const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} in deploy/kubernetes`);
  return found as unknown as T;
}

/** redis-server's `--name value` arguments, by name (`--save ""` is the empty string). */
function redisOptions(args: string[]): Map<string, string> {
  const options = new Map<string, string>();
  args.forEach((arg, index) => {
    if (arg.startsWith("--")) options.set(arg.slice(2), args[index + 1] ?? "");
  });
  return options;
}

/** A redis.conf memory size in bytes: `512mb` (1024-based), `500m` (1000-based), `1gb`, or bytes. */
function redisBytes(size: string): number {
  const [, number, unit = ""] = /^(\d+)([a-z]*)$/i.exec(size) ?? [];
  const units: Record<string, number> = { "": 1, k: 1e3, kb: 1024, m: 1e6, mb: 1024 ** 2, g: 1e9, gb: 1024 ** 3 };
  const factor = units[unit.toLowerCase()];
  if (number === undefined || factor === undefined) throw new Error(`not a redis memory size: ${size}`);
  return Number(number) * factor;
}

/** A Kubernetes quantity of bytes: `1Gi`, `512Mi`, `10G`. */
function kubernetesBytes(quantity: string): number {
  const [, number, unit = ""] = /^(\d+)([A-Za-z]*)$/.exec(quantity) ?? [];
  const units: Record<string, number> = { "": 1, k: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
  const factor = units[unit];
  if (number === undefined || factor === undefined) throw new Error(`not a Kubernetes quantity of bytes: ${quantity}`);
  return Number(number) * factor;
}

const PANEL = "community-admin-panel";
const REDIS = "community-admin-panel-redis";
const panel = () => find<IDeployment>("Deployment", PANEL);
const panelContainer = (): IContainer => panel().spec!.template.spec!.containers[0]!;

describe("deploy/kubernetes", () => {
  it("holds only objects valid against the Kubernetes schemas", () => {
    expect(manifests.length).toBeGreaterThanOrEqual(8);
    for (const { file, ...object } of manifests) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${file}: ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(
        () => new Model!(object as never).validate(),
        `${file}: ${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
    }
  });

  it("is checked for real: a wrong type or a missing selector fails validation", () => {
    const broken = structuredClone(panel()) as IDeployment & { file?: string };
    delete broken.file;
    expect(() => new Deployment({ ...broken, spec: { ...broken.spec!, replicas: "two" as never } }).validate()).toThrow(
      /replicas must be integer/,
    );
    expect(() =>
      new Deployment({ ...broken, spec: { ...broken.spec!, selector: undefined as never } }).validate(),
    ).toThrow(/selector/);
  });

  it("lists every manifest in kustomization.yaml, and nothing else", () => {
    const kustomization = parseAllDocuments(readFileSync(path.join(DIR, "kustomization.yaml"), "utf8"))[0]!.toJS() as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
  });

  it("probes liveness on /healthz and readiness on /readyz, requests resources and waits before SIGTERM", () => {
    const container = panelContainer();
    const port = container.ports!.find((entry) => entry.name === "http")!;
    expect(port.containerPort).toBe(3000);
    expect(container.livenessProbe?.httpGet).toMatchObject({ path: "/healthz", port: "http" });
    expect(container.readinessProbe?.httpGet).toMatchObject({ path: "/readyz", port: "http" });
    // /readyz asks the upstream with a 2 s timeout: the probe must wait longer than that.
    expect(container.readinessProbe!.timeoutSeconds).toBeGreaterThan(2);
    expect(container.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.lifecycle?.preStop?.exec?.command).toEqual(["sleep", expect.stringMatching(/^\d+$/)]);

    // The grace period covers the preStop delay plus the server's own 10 s for requests in flight.
    const preStopSeconds = Number(container.lifecycle!.preStop!.exec!.command![1]);
    expect(panel().spec!.template.spec!.terminationGracePeriodSeconds).toBeGreaterThan(preStopSeconds + 10);
    expect(panel().spec!.strategy?.rollingUpdate).toMatchObject({ maxUnavailable: 0 });
  });

  it("reads SESSION_SECRET from a Secret and gives the panel an environment it accepts at boot", () => {
    const container = panelContainer();
    const secret = container.env!.find((entry) => entry.name === "SESSION_SECRET");
    expect(secret?.value).toBeUndefined();
    expect(secret?.valueFrom?.secretKeyRef).toEqual({ name: PANEL, key: "SESSION_SECRET" });

    const configName = container.envFrom![0]!.configMapRef!.name!;
    const config = find<{ data: Record<string, string> }>("ConfigMap", configName).data;
    const env = parseEnv({ ...config, SESSION_SECRET: "a-secret-of-at-least-32-characters-0123456789" });
    expect(env.REDIS_URL).toBeDefined();
    expect(env.TRUST_PROXY).toEqual(["uniquelocal"]);
  });

  it("runs Redis as the store REDIS_URL names, reachable from the panel's pods only", () => {
    const config = find<{ data: Record<string, string> }>("ConfigMap", PANEL).data;
    const redisUrl = new URL(config.REDIS_URL!);
    const service = find<IService>("Service", redisUrl.hostname);
    expect(service.spec!.ports![0]!.port).toBe(Number(redisUrl.port));

    const redis = find<IStatefulSet>("StatefulSet", REDIS);
    expect(redis.spec!.serviceName).toBe(service.metadata!.name);
    expect(redis.spec!.template.metadata!.labels).toMatchObject(service.spec!.selector!);
    expect(redis.spec!.template.spec!.containers[0]!.image).toMatch(/^redis:7/);

    const policy = find<INetworkPolicy>("NetworkPolicy", REDIS);
    expect(policy.spec!.podSelector.matchLabels).toEqual(service.spec!.selector);
    expect(policy.spec!.ingress![0]!.from![0]!.podSelector!.matchLabels).toEqual(panel().spec!.selector.matchLabels);
  });

  it("keeps what the panel writes: evicts nothing, persists every second to a volume of its own", () => {
    // The audit trail has no TTL: an evicting policy drops it (allkeys-*) or the limits, revocations
    // and sessions around it (volatile-*), and the panel refuses both at boot (decision 062).
    expect(
      manifests.filter((manifest) => manifest.kind === "Deployment").map((manifest) => manifest.metadata.name),
    ).toEqual([PANEL]);
    const redis = find<IStatefulSet>("StatefulSet", REDIS);
    const pod = redis.spec!.template.spec!;
    const container = pod.containers[0]!;
    const options = redisOptions(container.args!);
    expect(options.get("maxmemory-policy")).toBe("noeviction");
    expect(options.get("appendonly")).toBe("yes");
    expect(options.get("appendfsync")).toBe("everysec");

    // maxmemory well under the container's limit: an AOF rewrite forks, and the copy grows with the writes during it.
    const maxMemory = redisBytes(options.get("maxmemory")!);
    const limit = kubernetesBytes(String(container.resources!.limits!.memory));
    expect(maxMemory).toBeGreaterThan(0);
    expect(maxMemory).toBeLessThanOrEqual(limit * 0.6);
    // Requests are the limit: the node never takes back memory that holds the trail.
    expect(kubernetesBytes(String(container.resources!.requests!.memory))).toBe(limit);

    // Its data directory is a PersistentVolumeClaim of its own, never an emptyDir that dies with the pod.
    const dir = options.get("dir") ?? "/data";
    const mount = container.volumeMounts!.find((entry) => entry.mountPath === dir)!;
    expect(mount, `a volume mounted at ${dir}`).toBeDefined();
    expect(pod.volumes?.find((volume) => volume.name === mount.name)).toBeUndefined();
    const claim = redis.spec!.volumeClaimTemplates!.find((template) => template.metadata!.name === mount.name)!;
    expect(claim.spec!.accessModes).toEqual(["ReadWriteOnce"]);
    expect(kubernetesBytes(String(claim.spec!.resources!.requests!.storage))).toBeGreaterThanOrEqual(2 * maxMemory);
    // The official image's user may write to the volume.
    expect(pod.securityContext!.fsGroup).toBe(pod.securityContext!.runAsUser);
  });

  it("aims the Service, the PodDisruptionBudget and the autoscaler at the panel's pods", () => {
    const labels = panel().spec!.template.metadata!.labels!;
    expect(panel().spec!.selector.matchLabels).toEqual(labels);

    const service = find<IService>("Service", PANEL);
    expect(labels).toMatchObject(service.spec!.selector!);
    expect(service.spec!.ports![0]!.targetPort).toBe("http");

    const budget = find<IPodDisruptionBudget>("PodDisruptionBudget", PANEL);
    expect(budget.spec!.selector!.matchLabels).toEqual(labels);
    expect(budget.spec!.minAvailable).toBe(1);

    const autoscaler = find<IHorizontalPodAutoscaler>("HorizontalPodAutoscaler", PANEL);
    expect(autoscaler.spec!.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: PANEL });
    // Never fewer than two: the budget keeps one while the other is evicted.
    expect(autoscaler.spec!.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec!.maxReplicas).toBeGreaterThan(autoscaler.spec!.minReplicas!);
  });
});
