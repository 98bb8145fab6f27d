/**
 * The CLI's streams and environment in memory, for tests that call a command's function
 * directly instead of starting a process.
 *
 * @module
 */

import type { Io } from "../../lib/cli/io.ts";
import { REPO } from "./_run.ts";

/** An `Io` that collects what is written. */
export interface MemoryIo extends Io {
  /** All written to stdout so far. */
  output(): string;
  /** All written to stderr so far. */
  errors(): string;
}

/**
 * An `Io` reading `stdin`, in the repository, with `HOME` an empty directory.
 *
 * @param stdin standard input, whole
 * @param env the environment (default: `HOME` only)
 * @returns the streams
 */
export function memoryIo(
  stdin: string,
  env: (name: string) => string | undefined = (name) =>
    name === "HOME" ? `${REPO}/tests/fixtures/empty-home` : undefined,
): MemoryIo {
  let out = "";
  let err = "";
  return {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    lines: () => (async function* () {})(),
    stdin: () => Promise.resolve(stdin),
    cwd: REPO,
    env,
    output: () => out,
    errors: () => err,
  };
}
