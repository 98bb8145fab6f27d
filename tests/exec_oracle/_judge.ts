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
 * - **edit**: `Edit(./protected/**)` denied, everything else allowed by a bare `Bash` (a policy
 *   of its own, so that a write it denies hides nothing the deny policy must see). A command
 *   that wrote below `protected/` (opened a file there to write or create it, made, renamed,
 *   linked, removed one, changed its mode, owner or size) must be denied. A command is run for
 *   this judgement when it names `protected`: nothing else the generator writes reaches it.
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
/** The edit policy's deny rule. */
export const EDIT_RULES: readonly string[] = ["Edit(./protected/**)"];
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
  /** The edit policy. */
  edit: Policy;
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
    edit: new Policy({
      sources: [{ label: "edit", scope: "project", deny: EDIT_RULES, allow: ["Bash"] }],
      env,
    }),
  };
}

/** A shell word for an argv entry. */
const quote = (s: string) =>
  /^[A-Za-z0-9_./=:,+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;

const basename = (p: string) => p.slice(p.lastIndexOf("/") + 1);

/** The verdicts of the three policies. */
export interface Verdicts {
  deny: Verdict;
  allow: Verdict;
  edit: Verdict;
}

/** The paths below `protected/` a run wrote. */
export const wroteProtected = (ran: Ran): string[] =>
  ran.written.filter((p) => p === "protected" || p.startsWith("protected/"));

/** What a run broke, one sentence each; empty when the verdicts hold. */
export function violations(ran: Ran, verdicts: Verdicts, p: Policies) {
  const out: string[] = [];
  if (verdicts.edit !== "deny") { for (const w of wroteProtected(ran)) out.push(`wrote ${w}`); }
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
  verdicts: Verdicts;
  /** What it did, when it was run. */
  ran?: Ran;
  /** What the verdicts got wrong. */
  violations: string[];
}

/** Both policies' verdicts on a command. */
function verdictsOf(p: Policies, command: string): Verdicts {
  return {
    deny: p.deny.decide({ tool: "Bash", input: { command } }).verdict,
    allow: p.allow.decide({ tool: "Bash", input: { command } }).verdict,
    edit: p.edit.decide({ tool: "Bash", input: { command } }).verdict,
  };
}

/** Nothing to check: the deny policy denies it, the allow policy does not allow it, and no
 * write below `protected/` is left to the edit policy to judge. */
const nothingToCheck = (v: Verdicts, command: string) =>
  v.deny === "deny" && v.allow !== "allow" && !(v.edit !== "deny" && command.includes("protected"));

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
    if (nothingToCheck(verdicts, command)) return { command, verdicts, violations: [] };
  }
  const work = await workTree(sb);
  const p = policies(work);
  const verdicts = verdictsOf(p, command);
  const ran = await runInSandbox(sb, work, command);
  return { command, verdicts, ran, violations: violations(ran, verdicts, p) };
}

export { pool } from "../_pool.ts";
