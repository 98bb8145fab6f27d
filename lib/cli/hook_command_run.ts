/**
 * Runs a registered hook command the way the agents do, for `doctor`: `bash -c` in the
 * project, a sample call on stdin, killed after 30 s.
 *
 * @module
 */

import { posix } from "../path.ts";
import { DOCTOR_SESSION } from "../settings/hook_registration.ts";

/**
 * Runs a hook command as the agents do (`bash -c`, in the project), with a harmless sample call
 * on its stdin (Claude Code's Read of a file that is not there, unless another input is given).
 *
 * @param command the hook command
 * @param root the project
 * @param env more environment for the command
 * @param input the hook input; Claude Code's sample by default
 * @returns whether it answered with exit 0, and what it did
 */
export async function runHookCommand(
  command: string,
  root: string,
  env: Record<string, string>,
  input: string = JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: DOCTOR_SESSION,
    cwd: root,
    permission_mode: "default",
    tool_name: "Read",
    tool_input: { file_path: posix.join(root, ".skald-doctor-sample") },
  }),
): Promise<{ runs: boolean; detail: string; stdout: string }> {
  try {
    const child = new Deno.Command("bash", {
      args: ["-c", command],
      cwd: root,
      env: { CLAUDE_PROJECT_DIR: root, ...env },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(input));
    await w.close();
    const out = await child.output();
    clearTimeout(timer);
    const err = new TextDecoder().decode(out.stderr).trim().split("\n").at(-1) ?? "";
    const stdout = new TextDecoder().decode(out.stdout);
    if (out.code !== 0) {
      return { runs: false, detail: `exit ${out.code}${err ? `: ${err}` : ""}`, stdout };
    }
    return { runs: true, detail: "answered a sample Read call (exit 0)", stdout };
  } catch (e) {
    return { runs: false, detail: `cannot start bash: ${(e as Error).message}`, stdout: "" };
  }
}
