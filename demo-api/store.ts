/**
 * The demo API's state: in memory for speed, mirrored to a JSON file when one is set.
 * Writes are debounced and atomic (temp file + rename), so a crash never leaves half a file.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createSeedData } from "./seed.ts";
import type { DemoData } from "./types.ts";

const SAVE_DEBOUNCE_MS = 20;

export interface StoreOptions {
  /** JSON file to persist to; null keeps everything in memory. */
  dataFile: string | null;
  panelOrigin: string;
  warn: (line: string) => void;
}

/** Holds the data, persists it after changes and reseeds it on demand. */
export class DemoStore {
  data: DemoData;
  /** Directory of uploaded bytes when persisting; null means uploads live in memory. */
  readonly uploadsDir: string | null;
  private readonly options: StoreOptions;
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();

  private constructor(options: StoreOptions, data: DemoData) {
    this.options = options;
    this.data = data;
    this.uploadsDir = options.dataFile ? uploadsDirFor(options.dataFile) : null;
  }

  /** Loads the data file if it holds valid state, else seeds (and writes) fresh data. */
  static async open(options: StoreOptions): Promise<DemoStore> {
    const loaded = options.dataFile ? await readState(options.dataFile, options.warn) : null;
    const store = new DemoStore(options, loaded ?? createSeedData({ panelOrigin: options.panelOrigin }));
    if (!loaded && options.dataFile) {
      store.dirty = true;
      await store.flush();
    }
    return store;
  }

  /** Marks the data as changed; it is written shortly after. */
  changed(): void {
    if (!this.options.dataFile) return;
    this.dirty = true;
    this.saveTimer ??= setTimeout(() => {
      this.saveTimer = undefined;
      void this.flush();
    }, SAVE_DEBOUNCE_MS);
  }

  /** Writes pending changes now; resolves when they are on disk. */
  async flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    const file = this.options.dataFile;
    if (file && this.dirty) {
      this.dirty = false;
      // Serialise now, so later changes go into the next write rather than a torn one.
      const text = JSON.stringify(this.data, null, 1);
      this.writing = this.writing
        .then(() => writeAtomically(file, text))
        .catch((error: unknown) => {
          this.options.warn(`demo-api: could not write ${file}: ${String(error)}`);
        });
    }
    await this.writing;
  }

  /** Replaces everything with fresh seed data (uploaded files included) and persists it. */
  async reset(): Promise<void> {
    this.data = createSeedData({ panelOrigin: this.options.panelOrigin });
    if (this.uploadsDir) await rm(this.uploadsDir, { recursive: true, force: true });
    this.dirty = true;
    await this.flush();
  }
}

/** Where uploaded bytes live next to a data file: `.data/demo-api.json` -> `.data/demo-api-uploads/`. */
export function uploadsDirFor(dataFile: string): string {
  const parsed = path.parse(path.resolve(dataFile));
  return path.join(parsed.dir, `${parsed.name}-uploads`);
}

async function readState(file: string, warn: (line: string) => void): Promise<DemoData | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      warn(`demo-api: cannot read ${file}, reseeding: ${String(error)}`);
    return null;
  }
  try {
    const data = JSON.parse(text) as Partial<DemoData>;
    if (data.version === 1 && Array.isArray(data.users) && Array.isArray(data.plans) && data.counters) {
      return data as DemoData;
    }
    warn(`demo-api: ${file} holds no demo-api state of version 1, reseeding`);
  } catch (error) {
    warn(`demo-api: ${file} is not valid JSON, reseeding: ${String(error)}`);
  }
  return null;
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text, "utf8");
  await rename(temp, file);
}
