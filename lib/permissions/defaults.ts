/**
 * What happens when no rule speaks, as Claude Code does it: reading inside the project and its
 * additional directories is allowed, writing asks (acceptEdits allows it inside), web fetches
 * and MCP tools ask, agents and skills run. A part of a shell command that no allow rule covers
 * is allowed when it is a read-only command (`read_only/`) whose redirections read inside the
 * working directories; a command that changes files asks (acceptEdits allows it inside), one
 * that changes a protected file (`protected_paths.ts`) always asks. Pure.
 *
 * @module
 */

import type { Mode } from "./modes.ts";
import type { CallFacts } from "./facts.ts";
import { type PathContext, resolvePath } from "./paths.ts";
import { isProtectedWrite } from "./protected_paths.ts";
import { classifyCommand, type CommandDefault } from "./read_only/classify.ts";
import { unruled } from "./reasons.ts";
import { type EngineTool, READ_TOOLS, WRITE_TOOLS } from "./tool_names.ts";
import type { Decision, Verdict } from "./verdict.ts";
import type { WorkingDirs } from "./working_dirs.ts";
import type { SimpleCommand } from "../shell/parse.ts";
import { INPUT } from "../shell/unwrap.ts";

const RUNS_FREELY: ReadonlySet<EngineTool> = new Set([
  "agent",
  "skill",
  "todo_write",
  "exit_plan_mode",
  "bash_output",
  "kill_shell",
  "slash_command",
]);

/**
 * The verdict when no rule matched, before the mode's last word (dontAsk).
 *
 * @param facts the call's facts
 * @param mode the mode in force
 * @param dirs the working directories
 * @returns the verdict, why, and whether the mode gave it
 */
export function defaultFor(
  facts: CallFacts,
  mode: Mode,
  dirs: WorkingDirs,
): { verdict: Verdict; reason: string; basis: "default" | "mode" } {
  const tool = facts.tool;
  if (facts.call.kind === "mcp" || tool === undefined) {
    return { verdict: "ask", reason: "No rule allows this MCP tool", basis: "default" };
  }
  const paths = facts.paths ?? [];
  const inside = paths.length > 0 && paths.every((p) => dirs.contains(p));
  if (READ_TOOLS.includes(tool)) {
    // Plan mode reads anywhere a rule does not refuse (Claude Code 2.1.332, observed).
    if (!inside && mode === "plan") {
      return { verdict: "allow", reason: "Mode plan reads anywhere", basis: "mode" };
    }
    return inside
      ? {
        verdict: "allow",
        reason: "Reading inside the working directories is allowed",
        basis: "default",
      }
      : {
        verdict: "ask",
        reason: `Reading ${paths[0]} outside the working directories needs approval`,
        basis: "default",
      };
  }
  if (WRITE_TOOLS.includes(tool)) {
    if (mode === "acceptEdits" && inside) {
      return {
        verdict: "allow",
        reason: "Mode acceptEdits allows writing inside the working directories",
        basis: "mode",
      };
    }
    if (mode === "plan") {
      return { verdict: "ask", reason: `Mode plan does not write ${paths[0]}`, basis: "mode" };
    }
    return { verdict: "ask", reason: `Writing ${paths[0]} needs approval`, basis: "default" };
  }
  if (RUNS_FREELY.has(tool)) {
    return { verdict: "allow", reason: `No rule limits ${tool}`, basis: "default" };
  }
  return { verdict: "ask", reason: `No rule allows ${tool}`, basis: "default" };
}

/** What the default for a shell part asks of the policy. */
export interface PartDefaults {
  /** The mode in force. */
  readonly mode: Mode;
  /** The working directories. */
  readonly workingDirs: WorkingDirs;
  /** True when a rule allows reading the path (absolute): a read or a write allow rule. */
  readAllowed(path: string, ctx: PathContext): boolean;
}

const PLAN_READ_ONLY = "Mode plan runs read-only commands only";

/**
 * The verdict on a part of a shell command no allow rule covers, before dontAsk's last word:
 * a word known only at run time asks; an input redirection must read inside the working
 * directories (or where a rule allows reading); then the read-only table decides.
 *
 * @param part the part
 * @param ctx where the command runs
 * @param p the mode, the working directories, and the read allow rules
 * @returns the decision
 */
export function partDefault(part: SimpleCommand, ctx: PathContext, p: PartDefaults): Decision {
  if (part.words.some((w) => w.dynamic)) {
    if (p.mode === "plan") return unruled("deny", PLAN_READ_ONLY, "mode");
    return unruled("ask", `"${part.text}" expands at run time: it needs a rule`, "default");
  }
  for (const r of part.redirects) {
    const t = r.target;
    // Every input redirection (`{fd}<` too); `<&3`, `<&-` name a descriptor, not a file.
    if (t === undefined || !INPUT.test(r.op)) continue;
    if (r.op.endsWith("<&") && !t.dynamic && /^(\d+|-)$/.test(t.value)) continue;
    const path = t.dynamic ? undefined : resolvePath(t.value, ctx);
    const inside = path !== undefined && !t.value.startsWith("~") &&
      p.workingDirs.contains(path);
    if (!inside && !(path !== undefined && p.readAllowed(path, ctx))) {
      return unruled(
        "ask",
        `"${part.text}" reads ${t.raw}, outside the working directories`,
        "default",
      );
    }
  }
  const argv = part.words.map((w) => w.value);
  const kind: CommandDefault = classifyCommand(argv, {
    inWorkingDirs: (path) => {
      const abs = resolvePath(path, ctx);
      return p.workingDirs.contains(abs) || p.readAllowed(abs, ctx);
    },
  });
  switch (kind.kind) {
    case "read-only":
      return unruled("allow", `"${part.text}" is a read-only command`, "default");
    case "edit": {
      if (p.mode === "plan") return unruled("deny", PLAN_READ_ONLY, "mode");
      const paths = kind.paths.map((path) => resolvePath(path, ctx));
      if (paths.some((path) => isProtectedWrite(path, ctx))) {
        return unruled("ask", `"${part.text}" changes a protected file`, "guard");
      }
      if (p.mode === "acceptEdits" && paths.every((path) => p.workingDirs.contains(path))) {
        return unruled("allow", `Mode acceptEdits allows "${part.text}"`, "mode");
      }
      return unruled("ask", `"${part.text}" changes files: it needs approval`, "default");
    }
    case "other":
      if (p.mode === "plan") return unruled("deny", PLAN_READ_ONLY, "mode");
      return unruled("ask", kind.reason, "default");
    default: {
      const never: never = kind;
      throw new Error(`unknown command default ${JSON.stringify(never)}`);
    }
  }
}
