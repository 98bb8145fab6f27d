/**
 * The one module that starts processes: a shell command run with `bash -c` in a directory, in
 * a process group of its own, standard input from `/dev/null`, standard output and standard
 * error into one temporary file in the order written. After a timeout the whole group gets
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
  /** Seconds before the group is stopped. */
  timeoutSeconds: number;
  /** Seconds between SIGTERM and SIGKILL. */
  killGraceSeconds: number;
  /** The most characters of output kept. */
  maxOutput: number;
}

/** The output cap Claude Code's Bash tool uses. */
export const MAX_OUTPUT = 30_000;

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

function killGroup(pid: number, signal: Deno.Signal): void {
  try {
    Deno.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Runs a command.
 *
 * @param command the shell command
 * @param options directory, timeout, grace and output cap
 * @returns the exit code and output, or an error when it could not start or timed out
 */
export async function runCommand(command: string, options: RunOptions): Promise<RunResult> {
  const out = await Deno.makeTempFile({ prefix: "skald-out-" });
  try {
    let child: Deno.ChildProcess;
    try {
      child = new Deno.Command("bash", {
        args: ["-c", `exec >${quote(out)} 2>&1 </dev/null\n${command}`],
        cwd: options.cwd,
        stdin: "null",
        stdout: "null",
        stderr: "null",
        detached: true,
      }).spawn();
    } catch (e) {
      return { error: `Cannot start bash: ${(e as Error).message}` };
    }
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
    killGroup(child.pid, "SIGKILL");
    if (timedOut) {
      const n = options.timeoutSeconds;
      return { error: `timed out after ${n} second${n === 1 ? "" : "s"}` };
    }
    return { exitCode: status.code, ...await readOutput(out, options.maxOutput) };
  } finally {
    await Deno.remove(out).catch(() => {});
  }
}

async function readOutput(
  path: string,
  max: number,
): Promise<{ output: string; truncated?: boolean }> {
  using f = await Deno.open(path);
  const size = (await f.stat()).size;
  const buf = new Uint8Array(Math.min(size, max * 4));
  let got = 0;
  while (got < buf.length) {
    const n = await f.read(buf.subarray(got));
    if (n === null) break;
    got += n;
  }
  let text = new TextDecoder().decode(buf.subarray(0, got));
  const truncated = text.length > max || size > buf.length;
  if (truncated) {
    text = text.slice(0, max) + `\n[output cut: the command printed ${size} bytes; ` +
      `the first ${max} characters are shown]`;
  }
  return { output: text.replace(/\n+$/, ""), ...(truncated ? { truncated } : {}) };
}
