/**
 * The hook's effectful edge: the hook input read, the directory the call runs in checked, the
 * project found (`CLAUDE_PROJECT_DIR`, which Claude Code gives every hook, else the nearest
 * directory above the call's that holds `.claude/` or `.git`), its settings loaded, the call
 * decided where it runs, and the answer made. Everything that goes wrong is an error, which
 * blocks the call: skald never decides as if a rule it could not read had not been written.
 * Every agent shares this edge: Claude Code's hook (`runHook`) reads Claude Code's input and
 * answers with `hook_answer.ts`; another agent's (`runAgentHook`) goes through its adapter in
 * `agents/`, which may hand it several calls for one (every URL of a prompt, every file of a
 * patch): the strictest decision holds. `lib/cli/hook.ts` reads standard input and prints;
 * `main.ts` reaches both without loading the CLI library, so a hook call starts fast.
 *
 * @module
 */

import { posix } from "../path.ts";
import { loadGunzip } from "../fs/archive_members.ts";
import { diskPathEnv } from "../fs/disk_env.ts";
import type { Listings } from "../fs/tree_search.ts";
import { findProjectRoot } from "../fs/project_root.ts";
import { existsByListing } from "../fs/listing.ts";
import { Policy, type PolicyOptions } from "../permissions/policy.ts";
import type { Rule } from "../permissions/rule.ts";
import { engineTool } from "../permissions/tool_names.ts";
import { type Decision, strictest, unknownToolDecision } from "../permissions/verdict.ts";
import { decidedMode } from "../permissions/modes.ts";
import { isClaudeCodeTool } from "../permissions/claude_code_tools.ts";
import {
  defaultManagedPath,
  type LoadedSettings,
  loadSettings,
  type ReadFiles,
} from "../settings/load.ts";
import { parseHookInput } from "./hook_input.ts";
import { hookAnswer } from "./hook_answer.ts";
import type { AgentAdapter, AgentName, AgentReply, MappedCall } from "./agents/agent.ts";

/** How a hook run ended: the answer (or none) on stdout, or an error for stderr. */
export type HookRun = { stdout: string } | { error: string };

/** The hook's options. */
export interface HookOptions {
  /** `--settings` values: files (relative to the project root) or inline JSON. */
  settings: readonly string[];
  /** `--authoritative`: skald's policy is the whole policy, its allow is sent as allow. */
  authoritative: boolean;
  /** `--agent`: whose hook input is read and answered; Claude Code's by default. */
  agent?: AgentName;
  /** `--ask-as`: what an ask becomes for an agent that is not Claude Code (deny by default). */
  askAs?: "deny" | "ask";
  /** Directory listings kept across calls: the resident decider's, for recursive readers. */
  listings?: Listings;
  /**
   * What the resident decider keeps from call to call (`policy_memo.ts`): the settings files'
   * texts and what they gave, and policies by the sources they were built from. None by default.
   */
  memo?: { read: ReadFiles; policy(options: PolicyOptions): Policy };
}

/**
 * Runs Claude Code's hook on its input. Reads, through `env`, the variables `HOME` (the user's
 * `~/.claude`), `CLAUDE_PROJECT_DIR` (the project; else the nearest directory above the call's
 * with `.claude/` or `.git`) and `SKALD_MANAGED_SETTINGS` (the managed settings file), each
 * relative one taken from `cwd`; and the disk.
 *
 * @param stdin the hook input
 * @param options `--settings` values and `--authoritative`
 * @param env the process environment, read for `HOME`, `CLAUDE_PROJECT_DIR` and
 * `SKALD_MANAGED_SETTINGS`
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
  if ("unanswered" in input) {
    // Registered for an event skald does not answer: it decides nothing, and says so.
    const systemMessage = `skald hook answers PreToolUse, PermissionRequest and ` +
      `PreSkillShellCommand; it decided nothing for ${JSON.stringify(input.unanswered)} ` +
      "(remove that registration)";
    return { stdout: JSON.stringify({ systemMessage }) + "\n" };
  }
  const call: MappedCall = { tool: input.tool, agentTool: input.tool, input: input.input };
  // Claude Code's Grep leaves out of its results the files its own deny rules name, not those of
  // the sources only skald reads (`--settings`, `.raider/config.yml`): the search's tree is held
  // against those rules as `grep -r` of it is.
  if (input.tool === "Grep") {
    call.readsTree = typeof input.input.path === "string" ? input.input.path : ".";
    call.treeRules = "skald's own";
  }
  const decided = await decideCalls([call], input.cwd, input.mode, options, env, cwd);
  if ("error" in decided) return decided;
  const answer = hookAnswer(
    input.event,
    decided.decision,
    decided.authoritative,
    decidedMode(input.mode),
  );
  return { stdout: answer === undefined ? "" : JSON.stringify(answer) + "\n" };
}

/**
 * Runs another agent's hook on its input: read by the agent's adapter, decided as Claude Code's
 * hook decides, answered in the agent's contract; every error answered with the adapter's
 * refusal, which blocks the call in that agent. Reads, through `env`, the variables `HOME`,
 * `CLAUDE_PROJECT_DIR` and `SKALD_MANAGED_SETTINGS`, as {@link runHook} does.
 *
 * @param adapter the agent's adapter
 * @param stdin the hook input
 * @param options the hook's options
 * @param env the process environment, read for `HOME`, `CLAUDE_PROJECT_DIR` and
 * `SKALD_MANAGED_SETTINGS`
 * @param cwd the process's current directory
 * @returns what to print and how to exit
 */
export async function runAgentHook(
  adapter: AgentAdapter,
  stdin: string,
  options: HookOptions,
  env: (name: string) => string | undefined,
  cwd: string,
): Promise<AgentReply> {
  const request = adapter.read(stdin);
  if ("error" in request) return adapter.refuse(request.error);
  const decided = await decideCalls(request.calls, request.cwd, request.mode, options, env, cwd);
  if ("error" in decided) return adapter.refuse(decided.error);
  return adapter.answer(decided.decision, request, {
    authoritative: decided.authoritative,
    askAs: options.askAs ?? "deny",
  });
}

/**
 * The edge every agent shares: the directory checked, the project found, its settings loaded
 * (every problem that can decide a call is an error), each call decided where it runs, and the
 * strictest decision kept (the first of the strictest).
 */
async function decideCalls(
  calls: readonly MappedCall[],
  inputCwd: string | undefined,
  mode: string,
  options: HookOptions,
  env: (name: string) => string | undefined,
  cwd: string,
): Promise<{ decision: Decision; authoritative: boolean } | { error: string }> {
  // A narrower --allow-read: a settings file it refuses is a problem (the listing says it may be
  // there), but the paths a command reaches (links, trees, git's config) would read as missing.
  if (Deno.permissions.querySync({ name: "read" }).state !== "granted") {
    return { error: "skald hook needs --allow-read for every path (settings, paths in commands)" };
  }
  const where = inputCwd ?? cwd;
  if (!isDirectory(where)) {
    return { error: `The directory the call runs in does not exist: ${where}` };
  }
  // A relative HOME is taken from where the hook runs, as the shell would resolve `~/...`.
  const home = posix.resolve(cwd, env("HOME") ?? "/");
  const given = env("CLAUDE_PROJECT_DIR");
  const exists = existsByListing();
  const root = given ? posix.resolve(cwd, given) : findProjectRoot(where, home, exists);
  if (given && !isDirectory(root)) {
    return { error: `CLAUDE_PROJECT_DIR is not a directory: ${root}` };
  }
  // A relative `--settings` file is the project's: the hook's own directory moves with `cd`.
  const managed = defaultManagedPath(env, () => cwd);
  const settings = await loadSettings({
    root,
    home,
    managed,
    extra: options.settings,
    cwd: root,
    exists,
    read: options.memo?.read,
  });
  // gzip is read (node:zlib loaded) only for a call that may extract a tar archive.
  const gunzip = calls.some((c) => /\b[gb]?tar\b/.test(JSON.stringify(c)))
    ? await loadGunzip()
    : undefined;
  const built = {
    sources: settings.sources,
    env: diskPathEnv(root, home, options.listings, gunzip, env),
    mode,
  };
  const policy = options.memo?.policy(built) ?? new Policy(built);
  const lost = lostRules(settings, policy);
  if (lost !== undefined) return { error: lost };
  const authoritative = options.authoritative || settings.authoritative !== null;
  let kept: Decision | undefined;
  for (const call of calls) {
    const at = call.cwd ?? where;
    if (at !== where && !isDirectory(at)) {
      return { error: `The directory the call runs in does not exist: ${at}` };
    }
    const treePolicy = call.treeRules === "skald's own" ? ownRules(settings, policy) : policy;
    for (const decision of decisionsOf(policy, call, at, treePolicy)) {
      if (decision.error) return { error: `The call cannot be read: ${decision.reason}` };
      if (kept === undefined || strictest(kept.verdict, decision.verdict) !== kept.verdict) {
        kept = decision;
      }
    }
  }
  return { decision: kept ?? unknownToolDecision("(no call)"), authoritative };
}

/**
 * The decisions one call needs: the call's own, and for a tool that reads a whole directory,
 * what a Read rule below it says (asked of the engine as `grep -r` over that directory; only
 * a Read rule's verdict is kept, not what Bash rules say of grep).
 */
function decisionsOf(
  policy: Policy,
  call: MappedCall,
  cwd: string,
  treePolicy: Policy | undefined,
): Decision[] {
  const tool = call.tool;
  // A tool neither skald nor Claude Code 2.1.332 knows: no rule of skald's can name it (but a
  // glob, which Claude Code holds against it itself), so the agent decides; unless skald's
  // policy is the whole policy, where no rule allows it.
  const known = tool !== undefined &&
    (engineTool(tool) !== undefined || tool.startsWith("mcp__") || isClaudeCodeTool(tool));
  const own = known
    ? policy.decide({ tool, input: call.input, cwd, server: call.server })
    : unknownToolDecision(call.agentTool);
  if (call.readsTree === undefined || treePolicy === undefined) return [own];
  const quoted = `'${call.readsTree.replaceAll("'", `'\\''`)}'`;
  const tree = treePolicy.decide({
    tool: "Bash",
    input: { command: `grep -r -e x -- ${quoted}` },
    cwd,
  });
  const byReadRule = tree.basis === "rule" && tree.verdict !== "allow" &&
    (tree.rule ?? "").startsWith("Read(");
  if (!byReadRule) return [own];
  // The engine names grep, the program it was asked about: the agent's tool read the tree.
  // The way through grep's options is not the tool's: a narrower directory is.
  const reason = tree.reason.replace("the command `grep`", call.agentTool)
    .replace(/; instead: [^)]*\)$/, "; instead: search a narrower directory)");
  return [own, { ...tree, reason }];
}

/**
 * Why the settings cannot be trusted to hold every rule written, or undefined: a file that is
 * missing, unreadable or unparsable, a value of the wrong type, a deny or ask rule that cannot
 * be read. (A rule naming a tool skald does not know is left to Claude Code, which may know it.)
 */
function lostRules(settings: LoadedSettings, policy: Policy): string | undefined {
  const blocked = " (every call is blocked until it is fixed)";
  // A key that decides no call (the plugins, the listing) does not block; anything else does.
  const lost = settings.problems.filter((p) =>
    p.level === undefined && (p.key === undefined || !HARMLESS.has(p.key))
  );
  const problem = lost[0];
  if (problem !== undefined) {
    const more = lost.length > 1 ? ` (and ${lost.length - 1} more)` : "";
    return `${problem.file}: ${problem.message}${more}${blocked}`;
  }
  let rule = UNREADABLE.get(policy.rules);
  if (rule === undefined) {
    rule = policy.rules.find((r) => r.kind !== "allow" && r.errorKind === "syntax") ?? null;
    UNREADABLE.set(policy.rules, rule);
  }
  return rule === null ? undefined : `${rule.source}: ${rule.error}${blocked}`;
}

/**
 * The first deny or ask rule that cannot be read, of a policy's rules (null: none): a memo of a
 * pure function of rules no one changes, for the resident decider, whose kept policies share
 * their rules from call to call.
 */
const UNREADABLE = new WeakMap<readonly Rule[], Rule | null>();

/**
 * A policy of the deny and ask rules of the sources only skald reads (`--settings`,
 * `.raider/config.yml`), or undefined when they have none.
 */
function ownRules(settings: LoadedSettings, policy: Policy): Policy | undefined {
  const own = settings.sources.filter((s) => s.scope === "cli" || s.scope === "raider");
  if (!own.some((s) => (s.deny?.length ?? 0) > 0 || (s.ask?.length ?? 0) > 0)) return undefined;
  return new Policy({
    sources: own.map((s) => ({ label: s.label, scope: s.scope, deny: s.deny, ask: s.ask })),
    env: policy.ctx,
  });
}

/** Settings keys whose problems decide no tool call. */
const HARMLESS: ReadonlySet<string> = new Set([
  "enabledPlugins",
  "skillOverrides",
  "disableBundledSkills",
  "disableSkillShellExecution",
  "skillListingBudgetFraction",
  "skillListingMaxDescChars",
]);

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
