/**
 * `skald doctor`: whether protection is really in place. Finds every skald hook registered in a
 * settings file (managed, user, project, local) or by a plugin (installed and enabled), checks
 * that it answers `PreToolUse` and `PermissionRequest` for every tool, that its command runs
 * (it is run with a harmless sample call, which it must answer with exit 0), that a failing
 * start blocks (the `|| { ...; exit 2; }` fallback), and that Claude Code reads the file it is
 * in (a file with a schema error is ignored whole); lists the settings files read and their
 * problems, and one sample decision per rule kind. Exit 1 when no hook is in place or a
 * registered one would not run.
 *
 * @module
 */

import { posix } from "../path.ts";
import { type Command, Option } from "../deps/cli.ts";
import { diskSkillReader } from "../fs/skill_reader.ts";
import type { Rule } from "../permissions/rule.ts";
import {
  asksResident,
  blocksOnFailure,
  HOOK_EVENTS,
  ON_FAILURE,
  skaldHooks,
} from "../settings/hook_registration.ts";
import { defaultManagedPath } from "../settings/load.ts";
import { discover } from "../skills/discovery.ts";
import {
  type CommonOptions,
  loadProject,
  problemLine,
  projectPolicy,
  withCommonOptions,
} from "./common.ts";
import type { Io, Outcome } from "./io.ts";
import { checkSettingsFiles } from "./lint_settings.ts";
import { runHookCommand } from "./hook_command_run.ts";
import { agentHookChecks, agentHookLines, agentInPlace } from "./doctor_agents.ts";
import { hookRun, residentProblem, v8Problem } from "./doctor_resident.ts";
import { type OtherAgent, REGISTRATIONS } from "../settings/agent_registration.ts";

/** One registered hook and what doctor found of it. */
interface HookCheck {
  where: string;
  event: string;
  matcher: unknown;
  command: string;
  runs: boolean;
  detail: string;
  blocksOnFailure: boolean;
  /** It asks the resident decider first (`--resident`): speed only. */
  resident: boolean;
  /** Why its resident decider is never asked (every call then decided in its own process). */
  residentProblem?: string;
  /** Why its V8 flags cost its calls the code cache (not skald's). */
  v8Problem?: string;
  fileIgnored?: string;
  /** Why Claude Code runs no hook of this file (`disableAllHooks`, `allowManagedHooksOnly`). */
  hooksOff?: string;
}

/**
 * Why Claude Code 2.1.332 runs no hook of a settings file or plugin, or undefined (observed):
 * `disableAllHooks: true` turns off every hook not of the managed settings (in the managed
 * settings, every hook); the managed settings' `allowManagedHooksOnly: true` every other one.
 */
function hooksOffFor(
  managed: boolean,
  docs: readonly { label: string; doc: unknown; managed: boolean }[],
): string | undefined {
  const key = (d: unknown, k: string) => (d as Record<string, unknown> | null)?.[k] === true;
  for (const d of docs) {
    if (key(d.doc, "disableAllHooks") && (d.managed || !managed)) {
      return `disableAllHooks is true in ${d.label}`;
    }
    if (!managed && d.managed && key(d.doc, "allowManagedHooksOnly")) {
      return `allowManagedHooksOnly is true in ${d.label}: only the managed settings' hooks run`;
    }
  }
  return undefined;
}

/** What doctor finds of a hook command's run: its resident decider, its V8 flags. */
function runChecks(
  command: string,
  home: string,
  which: (name: string) => string | undefined,
): { residentProblem?: string; v8Problem?: string } {
  const run = hookRun(command, home, which, readText);
  if (run === undefined) return {};
  const resident = residentProblem(run, home);
  const v8 = v8Problem(run);
  return {
    ...(resident === undefined ? {} : { residentProblem: resident }),
    ...(v8 === undefined ? {} : { v8Problem: v8 }),
  };
}

/** A file's text, or undefined when it is not text (a binary) or cannot be read. */
function readText(path: string): string | undefined {
  try {
    const bytes = Deno.readFileSync(path);
    if (bytes.subarray(0, 4096).includes(0)) return undefined;
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** Where bash finds a program on `PATH` (each asked once). */
function finder(): (name: string) => string | undefined {
  const found = new Map<string, string | undefined>();
  return (name) => {
    if (!found.has(name)) {
      let path: string | undefined;
      try {
        const out = new Deno.Command("bash", {
          args: ["-c", 'command -v -- "$1"', "skald-doctor", name],
          stdin: "null",
          stdout: "piped",
          stderr: "null",
        }).outputSync();
        path = new TextDecoder().decode(out.stdout).trim() || undefined;
      } catch {
        path = undefined;
      }
      found.set(name, path?.startsWith("/") ? path : undefined);
    }
    return found.get(name);
  };
}

/** A call a rule speaks about, to show the rule at work. */
function sampleCall(
  rule: Rule,
  root: string,
): { tool: string; input: Record<string, unknown> } | undefined {
  const tool = rule.text.split("(")[0]!.trim();
  const inner = /\((.*)\)$/.exec(rule.text)?.[1];
  switch (rule.family) {
    case "bash":
      return {
        tool: "Bash",
        input: { command: inner!.replace(/:\*$/, "").replace(/ ?\*/g, "").trim() || "true" },
      };
    case "path": {
      const p = inner!.replace(/\*\*?/g, "x").replace(/^\.\//, "");
      const file = p.startsWith("~/") || p.startsWith("//")
        ? p.replace(/^\/\//, "/")
        : posix.join(root, p.replace(/^\//, ""));
      return { tool: tool === "Read" ? "Read" : "Edit", input: { file_path: file } };
    }
    case "domain":
      return {
        tool: "WebFetch",
        input: { url: `https://${inner!.replace(/^domain:(\*\.)?/, "www.")}/` },
      };
    case "tool":
      return tool === "Bash" ? { tool, input: { command: "true" } } : undefined;
    default:
      return undefined;
  }
}

/** What a run of a Claude Code hook tells: its output is not shown. */
const ranOf = (r: { runs: boolean; detail: string }) => ({ runs: r.runs, detail: r.detail });

/**
 * Registers `doctor`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerDoctor(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = program.command("doctor")
    .description("check that skald's hook is registered, runs and blocks when it cannot start")
    .addHelpText(
      "after",
      `
Looks for a skald hook in the managed, user, project and local settings and in the enabled
plugins; runs each hook command with a harmless sample call; lists the settings files read and
their problems, and one sample decision per rule kind. It also reports skald's hooks in the
other agents' files (Gemini CLI's .gemini/settings.json, Codex CLI's .codex/hooks.json,
Copilot CLI's .github/hooks/*.json, and the home's): each run with a sample call in that
agent's input; for Codex, whether Codex trusts it (~/.codex/config.toml).

Exit codes: 0 a hook is in place and runs, 1 none is, or a registered one does not run.
--agent NAME judges that agent's hook instead of Claude Code's.`,
    )
    .addOption(
      new Option("--agent <name>", "judge this agent's hook (default claude)")
        .choices(["claude", "gemini", "codex", "copilot"]),
    );
  withCommonOptions(cmd).action(async (opts: DoctorOptions) => done(await doctor(opts, io)));
}

/** doctor's options. */
interface DoctorOptions extends CommonOptions {
  agent?: "claude" | OtherAgent;
}

async function doctor(opts: DoctorOptions, io: Io): Promise<Outcome> {
  const project = await loadProject(opts, io, { unreadFails: false });
  const { root, home, settings } = project;
  const checked = await checkSettingsFiles({ root, home, extra: opts.settings, cwd: io.cwd });
  const checks: HookCheck[] = [];
  const which = finder();
  // The hook commands run with this process's environment: its HOME, not --home's (where the
  // settings are looked for), names their resident directory.
  const runHome = io.env("HOME") ?? home;
  const isManaged = (label: string) => label.startsWith(posix.dirname(defaultManagedPath()) + "/");
  const docs = checked.map((c) => ({ label: c.label, doc: c.doc, managed: isManaged(c.label) }));
  for (const c of checked) {
    const ignored = c.findings.find((f) => f.level === "error" && f.message.includes("whole file"));
    const off = hooksOffFor(isManaged(c.label), docs);
    for (const h of skaldHooks(c.doc)) {
      checks.push({
        where: c.label,
        event: h.event,
        matcher: h.matcher,
        command: h.command,
        ...ranOf(await runHookCommand(h.command, root, {})),
        blocksOnFailure: blocksOnFailure(h.command) || h.onFailure === ON_FAILURE,
        resident: asksResident(h.command),
        ...runChecks(h.command, runHome, which),
        ...(ignored ? { fileIgnored: ignored.message } : {}),
        ...(off ? { hooksOff: off } : {}),
      });
    }
  }
  const found = discover({ root, home, enabledPlugins: settings.enabledPlugins }, diskSkillReader);
  for (const p of found.plugins) {
    if (p.root === undefined) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(Deno.readTextFileSync(posix.join(p.root, "hooks/hooks.json")));
    } catch {
      continue;
    }
    const enabled = Object.entries(settings.enabledPlugins).some(([k, v]) =>
      k.startsWith(`${p.name}@`) && v === true
    );
    for (const h of skaldHooks(doc)) {
      const run = enabled
        ? ranOf(await runHookCommand(h.command, root, { CLAUDE_PLUGIN_ROOT: p.root }))
        : {
          runs: false,
          detail: `not enabled: no settings file sets enabledPlugins "${p.name}@..." to true`,
        };
      const off = hooksOffFor(false, docs);
      checks.push({
        where: `plugin ${p.name} (${p.root})`,
        event: h.event,
        matcher: h.matcher,
        command: h.command,
        ...run,
        blocksOnFailure: blocksOnFailure(h.command) || h.onFailure === ON_FAILURE,
        resident: asksResident(h.command),
        ...runChecks(h.command.replaceAll("${CLAUDE_PLUGIN_ROOT}", p.root), runHome, which),
        ...(off ? { hooksOff: off } : {}),
      });
    }
  }
  const policy = projectPolicy(project, io);
  const samples = (["deny", "ask", "allow"] as const).flatMap((kind) => {
    const rule = policy.rules.find((r) => r.kind === kind && r.isValid && sampleCall(r, root));
    if (rule === undefined) return [];
    const call = sampleCall(rule, root)!;
    const d = policy.decide(call);
    return [{
      kind,
      rule: rule.text,
      source: rule.source,
      call,
      verdict: d.verdict,
      reason: d.reason,
    }];
  });
  const inPlace = (event: string) =>
    checks.some((c) =>
      c.event === event && c.runs && c.blocksOnFailure && !c.fileIgnored && !c.hooksOff &&
      (c.matcher === "*" || c.matcher === undefined || c.matcher === "")
    );
  const missing = HOOK_EVENTS.filter((e) => !inPlace(e));
  const broken = checks.filter((c) => !c.runs && !c.detail.startsWith("not enabled"));
  const agents = await agentHookChecks(root, home);
  const agentBroken = agents.filter((c) => !c.runs);
  const judged = opts.agent ?? "claude";
  // A hook with no deny or ask rule to hold a call against protects nothing but the guards.
  const protects = policy.rules.some((r) => r.kind !== "allow" && r.isValid);
  const ok = protects &&
    (judged === "claude"
      ? missing.length === 0 && broken.length === 0
      : agentInPlace(agents, judged)) &&
    agentBroken.length === 0;
  const files = checked.map((c) => c.label);
  if (io.json) {
    io.out(
      JSON.stringify({
        ok,
        hooks: checks,
        missing,
        protects,
        agents,
        settings: files,
        problems: settings.problems,
        samples,
      }) + "\n",
    );
  } else {
    const lines: string[] = [];
    lines.push(
      checks.length === 0 ? "hook: no skald hook is registered (run skald init)" : "hooks:",
    );
    for (const c of checks) {
      lines.push(
        `  ${
          c.runs && c.blocksOnFailure && !c.fileIgnored && !c.hooksOff ? "ok  " : "FAIL"
        } ${c.event} in ${c.where} (matcher ${JSON.stringify(c.matcher ?? "")})`,
      );
      lines.push(`       ${c.command}`);
      lines.push(`       ${c.detail}`);
      if (!c.blocksOnFailure) {
        lines.push(
          '       a failing start does not block: add "onFailure": "block" to the entry (skald init does)',
        );
      }
      if (c.hooksOff) lines.push(`       Claude Code runs no hook of it: ${c.hooksOff}`);
      if (c.residentProblem) {
        lines.push(
          `       the resident decider is never asked (${c.residentProblem}): every call is decided in its own process`,
        );
      }
      if (c.v8Problem) lines.push(`       ${c.v8Problem}`);
      if (!c.resident) {
        lines.push(
          '       every call is decided in its own process: add --resident after hook for the resident decider (docs/hook.md, "The resident decider")',
        );
      }
      if (c.fileIgnored) lines.push(`       Claude Code ignores this file: ${c.fileIgnored}`);
    }
    for (const e of missing) {
      lines.push(
        `missing: no working skald hook answers ${e} for every tool` +
          (e === "PreSkillShellCommand" ? " (a skill's !`cmd`: run skald init to add it)" : ""),
      );
    }
    lines.push(...agentHookLines(agents));
    if (judged !== "claude" && !agentInPlace(agents, judged)) {
      lines.push(
        `missing: no working${judged === "codex" ? ", trusted" : ""} skald hook answers ` +
          `${REGISTRATIONS[judged].title}'s ${REGISTRATIONS[judged].event} for every tool ` +
          `(run skald init --agent ${judged})`,
      );
    }
    lines.push(`settings read: ${files.length === 0 ? "none" : files.join(", ")}`);
    for (const p of settings.problems) lines.push(`  ${problemLine(p).replace(/^skald: /, "")}`);
    for (const s of samples) {
      lines.push(
        `sample ${s.kind}: ${s.rule} (${s.source}): ${s.call.tool} ${
          JSON.stringify(s.call.input)
        } -> ${s.verdict}`,
      );
    }
    if (!protects) {
      lines.push(
        "no deny or ask rule: the hook holds calls against nothing (skald init adds the " +
          "recommended deny rules)",
      );
    }
    lines.push(ok ? "protection is in place" : "protection is NOT in place");
    io.out(lines.join("\n") + "\n");
  }
  return ok ? "ok" : "error";
}
