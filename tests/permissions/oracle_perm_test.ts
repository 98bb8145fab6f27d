/**
 * skald against the real thing: every permission observation of the Claude Code oracle
 * (frozen in `tests/fixtures/oracle/perm.json` by `tests/oracle/freeze.ts`), rebuilt as a tree
 * on disk and decided by skald's policy. A call where skald deliberately differs is listed in
 * `DEVIATIONS` with skald's verdict and why (docs/differences.md lists the same); any other difference
 * fails.
 */

import assert from "node:assert/strict";
import { posix } from "node:path";
import { isModeName } from "../../lib/permissions/modes.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { diskPathEnv } from "../../lib/fs/disk_env.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import { READING_DEVIATIONS } from "./oracle_readings.ts";
import { CLAUDE_2_1_332 } from "./oracle_2_1_332.ts";

interface Group {
  file: string;
  name: string;
  files?: Record<
    string,
    string | { content?: string; json?: unknown; symlink?: string; dir?: boolean }
  >;
  settings?: unknown;
  localSettings?: unknown;
  userSettings?: unknown;
  cliSettings?: unknown;
  permissionMode?: string;
  args?: string[];
  env?: Record<string, string | null>;
  trust?: boolean;
  git?: boolean;
  calls: { id: string; tool: string; input: unknown; decision: string; text: string }[];
}

/** Where skald decides otherwise than Claude Code 2.1.332, on purpose. Key: "group name#id". */
export const DEVIATIONS: Record<string, { skald: Verdict; why: string }> = {
  "readers that follow links inside a tree, and git aliases of .git/config#grep-R": {
    skald: "deny",
    why:
      "grep -R follows src/keys -> ../secrets (Claude Code ran it: the secret reached the model)",
  },
  "readers that follow links inside a tree, and git aliases of .git/config#tar-h": {
    skald: "deny",
    why: "tar -h archives what src/keys leads to: secrets/k",
  },
  "readers that follow links inside a tree, and git aliases of .git/config#zip-r": {
    skald: "deny",
    why: "zip -r stores what a link leads to (Claude Code's run added src/keys/k)",
  },
  "readers that follow links inside a tree, and git aliases of .git/config#diff-r": {
    skald: "deny",
    why: "diff -r reads through src/keys (Claude Code's run printed the two secrets' difference)",
  },
  "readers that follow links inside a tree, and git aliases of .git/config#git-alias-push": {
    skald: "deny",
    why: ".git/config's alias p = push: git p is git push, under Bash(git push:*)",
  },
  "readers that follow links inside a tree, and git aliases of .git/config#git-alias-shell": {
    skald: "deny",
    why: ".git/config's alias zap = !rm -rf src runs rm, under Bash(rm:*)",
  },
  "deny Bash(rm:*) against compound commands and wrappers#bash-c": {
    skald: "deny",
    why: "a deny rule sees through bash -c (issue: stricter deny rules); Claude Code only asks",
  },
  "prefix Bash rule: allow Bash(npm run test:*)#prefix-envvar": {
    skald: "ask",
    why: "spec: an allow rule covers a part as written; CI=1 (or LD_PRELOAD=...) is not taken off",
  },
  "allow Bash(mytool:*): redirections, heredoc, substitutions, background, newline, cd#background":
    {
      skald: "allow",
      why: "spec: & separates parts like ; and each part is covered; Claude Code asks for &",
    },
  "allow Bash(mytool:*): redirections, heredoc, substitutions, background, newline, cd#subshell": {
    skald: "allow",
    why: "spec: parentheses separate parts and (mytool run) is covered; Claude Code asks",
  },
  "allow Bash(mytool:*): redirections, heredoc, substitutions, background, newline, cd#unbalanced-quote":
    {
      skald: "ask",
      why: "spec: unbalanced quotes make a command opaque; Claude Code allows it",
    },
  "untrusted workspace (no hasTrustDialogAccepted): project allow/deny rules#allow-rule": {
    skald: "allow",
    why: "skald has no workspace trust: the project's allow rules always count",
  },
  "untrusted workspace (no hasTrustDialogAccepted): project allow/deny rules#read-etc": {
    skald: "allow",
    why: "skald has no workspace trust: the project's allow rules always count",
  },
  "Skill(name) ask rule, Task(Plan) deny (old tool name)#skill-ask": {
    skald: "ask",
    why: "spec: an ask rule asks; Claude Code 2.1.332 runs the skill anyway",
  },
};

/**
 * The shared oracle's observations, and those of this repository's own case files
 * (`tests/oracle/cases/`; `perm-2.1.332.json`: the rule forms, modes and settings of issue 21).
 */
const groups: Group[] = ["perm.json", "perm-readings.json", "perm-2.1.332.json"].flatMap((name) =>
  JSON.parse(Deno.readTextFileSync(new URL(`../fixtures/oracle/${name}`, import.meta.url)))
);

function fill(text: string, dirs: Record<string, string>): string {
  return text.replace(/\{\{(PROJECT|HOME|OUTSIDE|ROOT)\}\}/g, (_, k: string) => dirs[k]!);
}

function fillDeep(value: unknown, dirs: Record<string, string>): unknown {
  if (typeof value === "string") return fill(value, dirs);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, dirs));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, dirs)]));
  }
  return value;
}

async function build(
  group: Group,
): Promise<
  {
    policy: Policy;
    dirs: { ROOT: string; PROJECT: string; HOME: string; OUTSIDE: string };
    blocking: string[];
  }
> {
  const top = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-oracle-" }));
  const dirs = {
    ROOT: top,
    PROJECT: `${top}/proj`,
    HOME: `${top}/home`,
    OUTSIDE: `${top}/outside`,
  };
  for (const d of [dirs.PROJECT, dirs.HOME, dirs.OUTSIDE]) await Deno.mkdir(d, { recursive: true });
  const place = (p: string) =>
    p.startsWith("~/")
      ? posix.join(dirs.HOME, p.slice(2))
      : p.startsWith("{{")
      ? fill(p, dirs)
      : posix.join(dirs.PROJECT, p);
  for (const [p, spec] of Object.entries(group.files ?? {})) {
    const path = place(p);
    await Deno.mkdir(posix.dirname(path), { recursive: true });
    if (typeof spec === "string") await Deno.writeTextFile(path, fill(spec, dirs));
    else if (spec.symlink !== undefined) await Deno.symlink(fill(spec.symlink, dirs), path);
    else if (spec.dir) await Deno.mkdir(path, { recursive: true });
    else if (spec.json !== undefined) {
      await Deno.writeTextFile(path, JSON.stringify(fillDeep(spec.json, dirs)));
    } else await Deno.writeTextFile(path, fill(spec.content ?? "", dirs));
  }
  const write = async (path: string, value: unknown) => {
    if (value === undefined) return;
    await Deno.mkdir(posix.dirname(path), { recursive: true });
    await Deno.writeTextFile(
      path,
      typeof value === "string" ? value : JSON.stringify(fillDeep(value, dirs)),
    );
  };
  await write(`${dirs.PROJECT}/.claude/settings.json`, group.settings);
  await write(`${dirs.PROJECT}/.claude/settings.local.json`, group.localSettings);
  await write(`${dirs.HOME}/.claude/settings.json`, group.userSettings);
  if (group.git) await Deno.mkdir(`${dirs.PROJECT}/.git`, { recursive: true });
  const settings = await loadSettings({
    root: dirs.PROJECT,
    home: dirs.HOME,
    managed: `${top}/no-managed-settings.json`,
    extra: [
      ...group.cliSettings === undefined ? [] : [JSON.stringify(fillDeep(group.cliSettings, dirs))],
      // `--permission-prompts none` is what `denyInsteadOfPrompting` is (Claude Code's words).
      ...(group.args ?? []).join(" ").includes("--permission-prompts none")
        ? ['{"permissions":{"denyInsteadOfPrompting":true}}']
        : [],
    ],
  });
  // A problem the hook blocks on (a value skald cannot read); a warning (a mode skald does not
  // know) is decided past.
  const blocking = settings.problems.filter((p) => p.level === undefined);
  const args = (group.args ?? []).map((a) => fill(a, dirs));
  const addDirs = args.flatMap((a, i) => args[i - 1] === "--add-dir" ? [a] : []);
  let mode: string | undefined = isModeName(group.permissionMode)
    ? group.permissionMode
    : undefined;
  if (args.includes("--dangerously-skip-permissions")) mode = "bypassPermissions";
  const policy = new Policy({
    sources: settings.sources,
    // The hook's environment: the disk walked for trees, git's configured aliases read.
    env: diskPathEnv(dirs.PROJECT, dirs.HOME),
    mode,
    addDirs,
  });
  return { policy, dirs, blocking: blocking.map((p) => `${p.file}: ${p.message}`) };
}

for (const group of groups) {
  Deno.test(`oracle ${group.file}: ${group.name}`, async (t) => {
    const { policy, dirs, blocking } = await build(group);
    try {
      for (const call of group.calls) {
        if (!["allow", "ask", "deny"].includes(call.decision)) continue;
        const key = `${group.name}#${call.id}`;
        await t.step(`${call.id}: ${call.tool} ${JSON.stringify(call.input).slice(0, 80)}`, () => {
          const decided = policy.decide({ tool: call.tool, input: fillDeep(call.input, dirs) });
          // The hook blocks every call while a settings value cannot be read.
          const d = blocking.length === 0
            ? decided
            : { ...decided, verdict: "deny" as const, reason: blocking.join("; ") };
          const deviation = DEVIATIONS[key] ?? READING_DEVIATIONS[key] ?? CLAUDE_2_1_332[key];
          const expected = deviation?.skald ?? call.decision;
          assert.equal(
            d.verdict,
            expected,
            `${key}: Claude Code ${call.decision} (${call.text}); skald ${d.verdict}: ${d.reason}`,
          );
        });
      }
    } finally {
      await Deno.remove(dirs.ROOT, { recursive: true });
    }
  });
}
