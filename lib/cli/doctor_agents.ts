/**
 * `doctor`'s look at the other agents' hooks (issue 16): every skald hook registered in the
 * project's and the user's file of Gemini CLI, Codex CLI and Copilot CLI
 * (`lib/settings/agent_registration.ts`), each run with a harmless sample call in that agent's
 * hook input (it must exit 0 and not refuse it), whether its command blocks when skald cannot
 * start, whether it reads that agent's input (`--agent NAME`), whether it covers every tool, and
 * for Codex whether Codex trusts it: Codex records trust in `~/.codex/config.toml`, under
 * `[hooks.state."<hooks.json>:pre_tool_use:<group>:<hook>"]` as `trusted_hash` (and a project's
 * `.codex/` is read only in a project whose `[projects."<dir>"]` has `trust_level = "trusted"`),
 * and skips an untrusted hook without a word. The hash is Codex's own (`codexHookHash`,
 * checked against what `codex app-server`'s `hooks/list` reports): a recorded hash that
 * differs means the hook changed since it was trusted, and Codex skips it too.
 *
 * @module
 */

import { posix } from "../path.ts";
import { loadJsonc, loadToml } from "../deps/lint.ts";
import {
  type AgentRegistration,
  hookAgent,
  OTHER_AGENTS,
  type OtherAgent,
  REGISTRATIONS,
} from "../settings/agent_registration.ts";
import { runHookCommand } from "./hook_command_run.ts";

/** One agent's registered skald hook and what doctor found of it. */
export interface AgentHookCheck {
  /** The agent. */
  agent: OtherAgent;
  /** `project` or `user`. */
  where: "project" | "user";
  /** The file. */
  file: string;
  /** The event. */
  event: string;
  /** The matcher; undefined: none (every tool). */
  matcher: unknown;
  /** The command. */
  command: string;
  /** It answered a sample call with exit 0 and did not refuse it. */
  runs: boolean;
  /** What running it did. */
  detail: string;
  /** A failing start blocks the call. */
  blocksOnFailure: boolean;
  /** It runs on every tool (no matcher, or `.*`). */
  everyTool: boolean;
  /** Codex only: whether Codex trusts it (and, for a project's hook, the project). */
  trusted?: boolean;
  /** Codex only: `trusted`, `modified`, `untrusted`, `disabled`, `project-untrusted`. */
  trustStatus?: string;
  /** Why it is not trusted, when it is not. */
  trustDetail?: string;
}

/** JSON with every object's keys sorted, compact (Codex's `canonical_json`). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
    const v = value as Record<string, unknown>;
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash Codex CLI trusts a `PreToolUse` command hook by (0.169.0: `command_hook_hash` and
 * `version_for_toml`): the SHA-256 of the canonical JSON of `{event_name: "pre_tool_use",
 * matcher, hooks: [{type: "command", command, timeout, async}]}`, the timeout 600 s when the
 * hook gives none, absent values left out.
 *
 * @param matcher the group's matcher (undefined: none)
 * @param hook the hook entry as the file holds it
 * @returns `sha256:<hex>`
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexHookHash } from "./doctor_agents.ts";
 *
 * // What codex app-server's hooks/list reported for this hook (tests/fixtures/oracle).
 * const command = "/usr/bin/deno run -A /work/wt-issue-16/main.ts hook --agent codex || " +
 *   "{ echo 'skald hook could not run' >&2; exit 2; }";
 * assert.equal(
 *   await codexHookHash(".*", { type: "command", command }),
 *   "sha256:8b2569309c50bc51ca9b487612bd9b7d1c7126c99bad5031046be96a9b2a3572",
 * );
 * ```
 */
export async function codexHookHash(
  matcher: unknown,
  hook: Record<string, unknown>,
): Promise<string> {
  const timeout = typeof hook.timeout === "number" ? Math.max(1, hook.timeout) : 600;
  const handler: Record<string, unknown> = {
    type: "command",
    command: hook.command,
    timeout,
    async: hook.async === true,
    ...(typeof hook.statusMessage === "string" ? { statusMessage: hook.statusMessage } : {}),
  };
  const identity = {
    event_name: "pre_tool_use",
    ...(matcher === undefined || matcher === null ? {} : { matcher }),
    hooks: [handler],
  };
  const data = new TextEncoder().encode(canonical(identity));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return `sha256:${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Whether Codex trusts a hook, from its `config.toml`: `trusted`, `modified` (trusted once,
 * changed since), `untrusted`; a project's hook also needs the project trusted.
 *
 * @param config the parsed `~/.codex/config.toml`; undefined when there is none
 * @param file the hook file (absolute)
 * @param at the group and the hook in it
 * @param where the project's file or the user's
 * @param root the project
 * @param hash the hook's hash ({@link codexHookHash})
 * @returns Codex's trust status, with why when it is not trusted
 */
export function codexTrust(
  config: Record<string, unknown> | undefined,
  file: string,
  at: [number, number],
  where: "project" | "user",
  root: string,
  hash: string,
): { trusted: boolean; trustStatus: string; trustDetail?: string } {
  const key = `${file}:pre_tool_use:${at[0]}:${at[1]}`;
  const hooks = config?.hooks as { state?: Record<string, Record<string, unknown>> } | undefined;
  const state = hooks?.state?.[key];
  if (where === "project") {
    const projects = config?.projects as Record<string, Record<string, unknown>> | undefined;
    if (projects?.[root]?.trust_level !== "trusted") {
      return {
        trusted: false,
        trustStatus: "project-untrusted",
        trustDetail: `Codex reads .codex/ only in a trusted project: ${root} is not one`,
      };
    }
  }
  if (state?.enabled === false) {
    return { trusted: false, trustStatus: "disabled", trustDetail: `disabled in Codex (${key})` };
  }
  const how = `trust it with /hooks in codex, or add to ~/.codex/config.toml: ` +
    `[hooks.state.${JSON.stringify(key)}] trusted_hash = "${hash}"`;
  if (typeof state?.trusted_hash !== "string") {
    return {
      trusted: false,
      trustStatus: "untrusted",
      trustDetail: `not trusted: Codex skips it without a word; ${how}`,
    };
  }
  if (state.trusted_hash !== hash) {
    return {
      trusted: false,
      trustStatus: "modified",
      trustDetail: `changed since it was trusted: Codex skips it without a word; ${how}`,
    };
  }
  return { trusted: true, trustStatus: "trusted" };
}

/** The doc of a hook file, or undefined (missing or unreadable: nothing registered there). */
async function readDoc(file: string, reg: AgentRegistration): Promise<unknown> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch {
    return undefined;
  }
  const jsonc = await loadJsonc();
  const errors: { error: number; offset: number; length: number }[] = [];
  const doc = jsonc.parse(text, errors, { disallowComments: reg.agent !== "gemini" });
  return errors.length > 0 ? undefined : doc;
}

/**
 * Every skald hook of the other agents, checked.
 *
 * @param root the project
 * @param home the home directory
 * @returns the checks
 */
export async function agentHookChecks(root: string, home: string): Promise<AgentHookCheck[]> {
  const checks: AgentHookCheck[] = [];
  let codexConfig: Record<string, unknown> | undefined;
  try {
    const text = await Deno.readTextFile(posix.join(home, ".codex/config.toml"));
    codexConfig = (await loadToml()).parse(text) as Record<string, unknown>;
  } catch {
    codexConfig = undefined;
  }
  for (const agent of OTHER_AGENTS) {
    const reg = REGISTRATIONS[agent];
    const files = [
      { where: "project" as const, file: posix.join(root, reg.projectFile) },
      { where: "user" as const, file: reg.userFile(home) },
    ];
    for (const { where, file } of files) {
      const doc = await readDoc(file, reg);
      for (const h of reg.found(doc)) {
        // Gemini gives its hooks the project in both variables (observed).
        const env: Record<string, string> = agent === "gemini"
          ? { GEMINI_PROJECT_DIR: root, CLAUDE_PROJECT_DIR: root }
          : {};
        const ran = await runHookCommand(h.command, root, env, reg.sample(root));
        const reads = hookAgent(h.command);
        const refused = ran.runs && /"(decision|permissionDecision)":\s*"deny"/.test(ran.stdout);
        const runs = ran.runs && !refused && reads === agent;
        const detail = reads !== agent
          ? `it reads ${reads}'s hook input, not ${agent}'s: add --agent ${agent}`
          : refused
          ? `it refused a harmless sample call: ${ran.stdout.trim()}`
          : ran.detail.replace("a sample Read call", "a sample call");
        checks.push({
          agent,
          where,
          file,
          event: h.event,
          matcher: h.matcher,
          command: h.command,
          runs,
          detail,
          blocksOnFailure: reg.blocksOnFailure(h.command),
          everyTool: h.matcher === undefined || h.matcher === ".*" || h.matcher === "*" ||
            h.matcher === "",
          ...(agent === "codex"
            ? codexTrust(
              codexConfig,
              file,
              h.at,
              where,
              root,
              await codexHookHash(h.matcher, h.entry),
            )
            : {}),
        });
      }
    }
  }
  return checks;
}

/**
 * Whether an agent's protection is in place: a hook that runs, blocks on failure, covers every
 * tool and (Codex) is trusted.
 *
 * @param checks the checks
 * @param agent the agent
 * @returns true when one such hook is registered
 */
export function agentInPlace(checks: readonly AgentHookCheck[], agent: OtherAgent): boolean {
  return checks.some((c) =>
    c.agent === agent && c.runs && c.blocksOnFailure && c.everyTool && c.trusted !== false
  );
}

/**
 * `doctor`'s lines for the other agents' hooks.
 *
 * @param checks the checks
 * @returns the lines
 */
export function agentHookLines(checks: readonly AgentHookCheck[]): string[] {
  const lines: string[] = [];
  for (const agent of OTHER_AGENTS) {
    const mine = checks.filter((c) => c.agent === agent);
    if (mine.length === 0) continue;
    lines.push(`${REGISTRATIONS[agent].title} hooks:`);
    for (const c of mine) {
      const good = c.runs && c.blocksOnFailure && c.everyTool;
      const mark = !good ? "FAIL" : c.trusted === false ? "WARN" : "ok  ";
      lines.push(`  ${mark} ${c.event} in ${c.file} (matcher ${JSON.stringify(c.matcher ?? "")})`);
      lines.push(`       ${c.command}`);
      lines.push(`       ${c.detail}`);
      if (!c.blocksOnFailure) {
        lines.push(
          `       a failing start does not block: run skald init --agent ${agent} for the command`,
        );
      }
      if (!c.everyTool) lines.push("       it does not run on every tool: use the matcher .*");
      if (c.trusted === false) lines.push(`       ${c.trustDetail}`);
    }
  }
  return lines;
}
