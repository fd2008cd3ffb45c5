/** Types of scripts/ensure-packages.mjs for the tests that import it. */
export declare const SCALE_OUT_PACKAGES: Record<string, string>;
/** The absolute path of `program` on PATH (or in /usr/sbin, where Debian puts haproxy), or null. */
export declare function findProgram(program: string): string | null;
/** Installs the missing packages when allowed; answers the programs still missing. */
export declare function ensurePackages(packages?: Record<string, string>): string[];
