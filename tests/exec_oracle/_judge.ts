/**
 * The execution oracle's judgement: skald's verdicts on a command held against what bash
 * really did with it (`_sandbox.ts`).
 *
 * Two policies decide every command, in the command's own work tree:
 * - **deny**: `Bash(rm:*)`, `Bash(curl:*)`, `Bash(wget:*)` and `Read(./secrets/**)` denied,
 *   everything else allowed by a bare `Bash`. A command that started `rm`, `curl` or `wget`
 *   (by the program's path, whatever argv[0] it was given), removed a file of the work tree
 *   (an interpreter's removal counts as `rm`), or opened a file under `secrets/` must be
 *   denied.
 * - **allow-only**: `Bash(mytool:*)` and `Bash(make:*)` allowed, the read-only defaults, no
 *   deny rule. A command it allows may start only programs whose own argv the same policy
 *   allows as a command of its own.
 *
 * @module
 */

import { Policy } from "../../lib/permissions/policy.ts";
import { diskPathEnv } from "../../lib/fs/disk_env.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { type Ran, runInSandbox, type Sandbox, workTree } from "./_sandbox.ts";

/** The deny policy's rules. */
export const DENY_RULES: readonly string[] = [
  "Bash(rm:*)",
  "Bash(curl:*)",
  "Bash(wget:*)",
  "Read(./secrets/**)",
];
/** The allow-only policy's rules. */
export const ALLOW_RULES: readonly string[] = ["Bash(mytool:*)", "Bash(make:*)"];
/** The programs the deny policy names. */
export const DENIED_PROGRAMS: ReadonlySet<string> = new Set(["rm", "curl", "wget"]);

/** The files of the work tree a removal of which counts as `rm`. */
const PLANTED: ReadonlySet<string> = new Set([
  "x",
  "y",
  "victim",
  "d",
  "secrets",
  "secrets/key",
  "file.txt",
  "list.txt",
  "names.txt",
  "script.txt",
  "data.json",
]);

/** The two policies for a work tree. */
export interface Policies {
  /** The deny policy. */
  deny: Policy;
  /** The allow-only policy. */
  allow: Policy;
}

/** Builds both policies for a work tree (its root, its home, the disk's real paths). */
export function policies(work: string): Policies {
  const env = diskPathEnv(work, work);
  return {
    deny: new Policy({
      sources: [{ label: "deny", scope: "project", deny: DENY_RULES, allow: ["Bash"] }],
      env,
    }),
    allow: new Policy({ sources: [{ label: "allow", scope: "project", allow: ALLOW_RULES }], env }),
  };
}

/** A shell word for an argv entry. */
const quote = (s: string) =>
  /^[A-Za-z0-9_./=:,+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;

const basename = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** What a run broke, one sentence each; empty when the verdicts hold. */
export function violations(ran: Ran, verdicts: { deny: Verdict; allow: Verdict }, p: Policies) {
  const out: string[] = [];
  if (verdicts.deny !== "deny") {
    for (const e of ran.execs) {
      if (DENIED_PROGRAMS.has(basename(e.path))) out.push(`ran ${JSON.stringify(e.argv)}`);
    }
    for (const r of ran.removed) if (PLANTED.has(r)) out.push(`removed ${r}`);
    for (const o of ran.opened) if (o.startsWith("secrets/")) out.push(`opened ${o}`);
  }
  if (verdicts.allow === "allow") {
    for (const e of ran.execs) {
      const text = [basename(e.path), ...e.argv.slice(1)].map(quote).join(" ");
      const d = p.allow.decide({ tool: "Bash", input: { command: text } });
      if (d.verdict !== "allow") {
        out.push(`allowed, but ran ${JSON.stringify(e.argv)} (${d.reason})`);
      }
    }
  }
  return out;
}

/** One command's outcome. */
export interface Outcome {
  /** The command. */
  command: string;
  /** The verdicts. */
  verdicts: { deny: Verdict; allow: Verdict };
  /** What it did, when it was run. */
  ran?: Ran;
  /** What the verdicts got wrong. */
  violations: string[];
}

/** Both policies' verdicts on a command. */
function verdictsOf(p: Policies, command: string): { deny: Verdict; allow: Verdict } {
  return {
    deny: p.deny.decide({ tool: "Bash", input: { command } }).verdict,
    allow: p.allow.decide({ tool: "Bash", input: { command } }).verdict,
  };
}

/** The policies of each sandbox's pristine tree, built once (the tree never changes). */
const PRISTINE = new WeakMap<Sandbox, Policies>();

/**
 * Decides a command under both policies and, unless the deny policy denies it and the allow
 * policy does not allow it (nothing to check), or `always`, runs it and judges the run. The
 * first decision is made in the sandbox's pristine tree (a tree like every work tree, that no
 * command runs in), so that a command with nothing to check costs no tree of its own; a command
 * that runs is decided again in its own tree, and judged by those verdicts.
 *
 * @param sb the sandbox
 * @param command the command
 * @param always run it even when nothing is to be checked (to measure what it does)
 * @returns the outcome
 */
export async function judge(sb: Sandbox, command: string, always = false): Promise<Outcome> {
  if (!always) {
    let pristine = PRISTINE.get(sb);
    if (pristine === undefined) PRISTINE.set(sb, pristine = policies(sb.pristine));
    const verdicts = verdictsOf(pristine, command);
    if (verdicts.deny === "deny" && verdicts.allow !== "allow") {
      return { command, verdicts, violations: [] };
    }
  }
  const work = await workTree(sb);
  const p = policies(work);
  const verdicts = verdictsOf(p, command);
  const ran = await runInSandbox(sb, work, command);
  return { command, verdicts, ran, violations: violations(ran, verdicts, p) };
}

export { pool } from "../_pool.ts";
