/**
 * The hook's effectful edge: the hook input read, the directory the call runs in checked, the
 * project found (`CLAUDE_PROJECT_DIR`, which Claude Code gives every hook, else the nearest
 * directory above the call's that holds `.claude/` or `.git`), its settings loaded, the call
 * decided where it runs, and the answer made. Everything that goes wrong is an error, which
 * blocks the call: skald never decides as if a rule it could not read had not been written.
 * `lib/cli/hook.ts` reads standard input and prints; `main.ts` reaches both without loading
 * the CLI library, so a hook call starts fast.
 *
 * @module
 */

import { posix } from "../path.ts";
import { cachedRealPath } from "../fs/real_path.ts";
import { treeHolds } from "../fs/tree_search.ts";
import { findProjectRoot } from "../fs/project_root.ts";
import { existsByListing } from "../fs/listing.ts";
import { Policy } from "../permissions/policy.ts";
import { engineTool } from "../permissions/tool_names.ts";
import type { Decision } from "../permissions/verdict.ts";
import { type LoadedSettings, loadSettings } from "../settings/load.ts";
import { parseHookInput } from "./hook_input.ts";
import { hookAnswer } from "./hook_answer.ts";

/** How a hook run ended: the answer (or none) on stdout, or an error for stderr. */
export type HookRun = { stdout: string } | { error: string };

/** The hook's options. */
export interface HookOptions {
  /** `--settings` values: files (relative to the project root) or inline JSON. */
  settings: readonly string[];
  /** `--authoritative`: skald's policy is the whole policy, its allow is sent as allow. */
  authoritative: boolean;
}

/**
 * Runs the hook on its input.
 *
 * @param stdin the hook input
 * @param options `--settings` values and `--authoritative`
 * @param env the process environment
 * @param cwd the process's current directory (the call's, when the input gives none)
 * @returns what to print, or the error that blocks the call
 */
export async function runHook(
  stdin: string,
  options: HookOptions,
  env: (name: string) => string | undefined,
  cwd: string,
): Promise<HookRun> {
  const input = parseHookInput(stdin);
  if ("error" in input) return input;
  const where = input.cwd ?? cwd;
  if (!isDirectory(where)) {
    return { error: `The directory the call runs in does not exist: ${where}` };
  }
  const home = env("HOME") ?? "/";
  const given = env("CLAUDE_PROJECT_DIR");
  const root = given ? posix.resolve(cwd, given) : findProjectRoot(where, home, existsByListing());
  if (given && !isDirectory(root)) {
    return { error: `CLAUDE_PROJECT_DIR is not a directory: ${root}` };
  }
  // A relative `--settings` file is the project's: the hook's own directory moves with `cd`.
  const settings = await loadSettings({ root, home, extra: options.settings, cwd: root });
  const policy = new Policy({
    sources: settings.sources,
    env: { root, home, realPath: cachedRealPath(), treeHolds },
    mode: input.mode,
  });
  const lost = lostRules(settings, policy);
  if (lost !== undefined) return { error: lost };
  const authoritative = options.authoritative || settings.authoritative !== null;
  const known = engineTool(input.tool) !== undefined || input.tool.startsWith("mcp__");
  // A tool skald does not know: no rule of skald's can name it, so Claude Code decides; unless
  // skald's policy is the whole policy, where no rule allows it.
  let decision = known
    ? policy.decide({ tool: input.tool, input: input.input, cwd: where })
    : unknownTool(input.tool);
  if (decision.error) return { error: `The call cannot be read: ${decision.reason}` };
  if (decision.verdict !== "deny" && (input.tool === "Grep" || input.tool === "grep")) {
    decision = searchedTree(input.input, settings, policy, where) ?? decision;
  }
  const answer = hookAnswer(input.event, decision, authoritative, input.mode);
  return { stdout: answer === undefined ? "" : JSON.stringify(answer) + "\n" };
}

/**
 * Why the settings cannot be trusted to hold every rule written, or undefined: a file that is
 * missing, unreadable or unparsable, a value of the wrong type, a deny or ask rule that cannot
 * be read. (A rule naming a tool skald does not know is left to Claude Code, which may know it.)
 */
function lostRules(settings: LoadedSettings, policy: Policy): string | undefined {
  const blocked = " (every call is blocked until it is fixed)";
  // A key that decides no call (the plugins, the listing) does not block; anything else does.
  const lost = settings.problems.filter((p) => p.key === undefined || !HARMLESS.has(p.key));
  const problem = lost[0];
  if (problem !== undefined) {
    const more = lost.length > 1 ? ` (and ${lost.length - 1} more)` : "";
    return `${problem.file}: ${problem.message}${more}${blocked}`;
  }
  const rule = policy.rules.find((r) => r.kind !== "allow" && r.errorKind === "syntax");
  return rule === undefined ? undefined : `${rule.source}: ${rule.error}${blocked}`;
}

/**
 * Claude Code's Grep leaves out of its results the files its own deny rules name, not those of
 * sources only skald reads (`--settings`, `.raider/config.yml`): a search below a directory that
 * holds such a file is held against those rules as `grep -r` of that directory is.
 */
function searchedTree(
  input: Record<string, unknown>,
  settings: LoadedSettings,
  policy: Policy,
  cwd: string,
): Decision | undefined {
  const own = settings.sources.filter((s) => s.scope === "cli" || s.scope === "raider");
  if (!own.some((s) => (s.deny?.length ?? 0) > 0 || (s.ask?.length ?? 0) > 0)) return undefined;
  const path = typeof input.path === "string" ? input.path : ".";
  const quoted = `'${path.replaceAll("'", `'\\''`)}'`;
  const only = new Policy({
    sources: own.map((s) => ({ label: s.label, scope: s.scope, deny: s.deny, ask: s.ask })),
    env: policy.ctx,
  });
  const d = only.decide({ tool: "Bash", input: { command: `grep -r -e x -- ${quoted}` }, cwd });
  if (d.basis !== "rule" || d.verdict === "allow") return undefined;
  return {
    ...d,
    reason: `${d.reason}: Grep searches below ${path}, and Claude Code, which does not read ` +
      `${d.source}, would not leave those files out`,
  };
}

/** Settings keys whose problems decide no tool call. */
const HARMLESS: ReadonlySet<string> = new Set([
  "enabledPlugins",
  "disableSkillShellExecution",
  "skillListingBudgetFraction",
  "skillListingMaxDescChars",
]);

function unknownTool(tool: string): Decision {
  return {
    verdict: "ask",
    rule: null,
    source: null,
    reason: `skald knows no tool "${tool}": no rule allows it`,
    basis: "default",
  };
}

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
