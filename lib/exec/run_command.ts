/**
 * The one module that starts processes: a shell command run with `bash -c` in a directory, in
 * a process group of its own, standard input from `/dev/null`, standard output and standard
 * error into one pipe in the order written. After a timeout the whole group gets
 * SIGTERM, then SIGKILL after a grace period; when the command ends, whatever it left running
 * in its group is killed too. Output is read up to a cap, so a command that prints 100 MB
 * costs bounded memory.
 *
 * @module
 */

/** How a command ran. */
export type RunResult =
  | {
    exitCode: number;
    /** Standard output and standard error, decoded as UTF-8, trailing newlines taken off. */
    output: string;
    /** The output was longer than the cap and is cut. */
    truncated?: boolean;
  }
  | { error: string };

/** How to run. */
export interface RunOptions {
  /** The directory the command runs in. */
  cwd: string;
  /** Seconds before the group is stopped (default 120, Claude Code's Bash tool's). */
  timeoutSeconds?: number;
  /** Seconds between SIGTERM and SIGKILL (default 2). */
  killGraceSeconds?: number;
  /** The most characters of output kept (default {@link MAX_OUTPUT}). */
  maxOutput?: number;
}

/** The output cap Claude Code's Bash tool uses. */
export const MAX_OUTPUT = 30_000;

function killGroup(pid: number, signal: Deno.Signal): void {
  try {
    Deno.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Runs a command with `bash -c` (see the module doc: its own process group, no standard
 * input, both output streams in one pipe, the group stopped after a timeout). Needs
 * `--allow-run=bash`; what the command does is outside Deno's sandbox.
 *
 * @param command the shell command
 * @param options directory, timeout, grace and output cap
 * @returns the exit code and output, or an error when it could not start or timed out
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_OUTPUT, runCommand } from "./run_command.ts";
 *
 * const cwd = await Deno.makeTempDir();
 * try {
 *   const options = { cwd, timeoutSeconds: 10, killGraceSeconds: 1, maxOutput: MAX_OUTPUT };
 *   assert.deepEqual(await runCommand("echo out; echo err >&2; exit 3", options), {
 *     exitCode: 3,
 *     output: "out\nerr",
 *   });
 *   const slow = await runCommand("sleep 5", { ...options, timeoutSeconds: 0.2 });
 *   assert.deepEqual(slow, { error: "timed out after 0.2 seconds" });
 * } finally {
 *   await Deno.remove(cwd, { recursive: true });
 * }
 * ```
 */
export async function runCommand(command: string, given: RunOptions): Promise<RunResult> {
  const options = { timeoutSeconds: 120, killGraceSeconds: 2, maxOutput: MAX_OUTPUT, ...given };
  let child: Deno.ChildProcess;
  try {
    // Standard error joins standard output in one pipe, so their order is kept, and skald
    // needs no file to write.
    child = new Deno.Command("bash", {
      args: ["-c", `exec 2>&1 </dev/null\n${command}`],
      cwd: options.cwd,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
      detached: true,
    }).spawn();
  } catch (e) {
    return { error: `Cannot start bash: ${(e as Error).message}` };
  }
  const reader = child.stdout.getReader();
  const output = collect(reader, options.maxOutput * 4);
  let timedOut = false;
  let stopped: Promise<void> = Promise.resolve();
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, "SIGTERM");
    stopped = new Promise((resolve) =>
      setTimeout(() => {
        killGroup(child.pid, "SIGKILL");
        resolve();
      }, options.killGraceSeconds * 1000)
    );
  }, options.timeoutSeconds * 1000);
  const status = await child.status;
  clearTimeout(timer);
  await stopped;
  // Whatever the command left running in its group would hold the pipe open: it goes too.
  killGroup(child.pid, "SIGKILL");
  // A process that left the group (setsid) may still hold the pipe: wait a little, no more.
  const late = setTimeout(() => reader.cancel().catch(() => {}), DRAIN_MS);
  const { bytes, size } = await output;
  clearTimeout(late);
  if (timedOut) {
    const n = options.timeoutSeconds;
    return { error: `timed out after ${n} second${n === 1 ? "" : "s"}` };
  }
  return { exitCode: status.code, ...decodeOutput(bytes, size, options.maxOutput) };
}

/** How long the output may still come in after the group is gone. */
const DRAIN_MS = 1000;

/** Reads a stream to its end (or a cancel), keeping at most `cap` bytes, counting the rest. */
async function collect(reader: ReadableStreamDefaultReader<Uint8Array>, cap: number) {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      break;
    }
    if (step.done) break;
    const chunk = step.value;
    size += chunk.length;
    if (kept < cap) {
      const part = chunk.subarray(0, cap - kept);
      chunks.push(part);
      kept += part.length;
    }
  }
  const bytes = new Uint8Array(kept);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, size };
}

function decodeOutput(
  bytes: Uint8Array,
  size: number,
  max: number,
): { output: string; truncated?: boolean } {
  let text = new TextDecoder().decode(bytes);
  const truncated = text.length > max || size > bytes.length;
  if (truncated) {
    text = text.slice(0, max) + `\n[output cut: the command printed ${size} bytes; ` +
      `the first ${max} characters are shown]`;
  }
  return { output: text.replace(/\n+$/, ""), ...(truncated ? { truncated } : {}) };
}
