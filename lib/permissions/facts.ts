/**
 * What a tool call offers the rules, worked out once per call before any rule is held against
 * it: the command parsed and analysed (its parts, its deny view), every absolute form of a
 * path (written, real, what a glob reaches), the host of a URL, the name of an agent or skill.
 * Where a command is analysed for a decision. Pure: the environment comes in as data.
 *
 * @module
 */

import {
  callAgentType,
  callCommand,
  callPath,
  callSkill,
  callUrl,
  globReach,
  type ToolCall,
} from "./call.ts";
import { urlHost } from "./domain_pattern.ts";
import { callPaths, type PathContext, resolvePath } from "./paths.ts";
import { type EngineTool, engineTool, TOOL_SPECIFIER } from "./tool_names.ts";
import { analyzeCommand, type CommandAnalysis } from "../shell/split.ts";
import type { ProgramKnowledge } from "../shell/unwrap.ts";
import { posix } from "../path.ts";

/** What a call offers rules, worked out once per call by {@link callFacts}. */
export interface CallFacts {
  /** The canonical call. */
  call: ToolCall;
  /** The engine tool a tool-name rule compares with (a foreign tool's name mapped). */
  tool: EngineTool | undefined;
  /** bash and monitor: the command, parsed. */
  command?: CommandAnalysis;
  /** File tools: every absolute form of the path (written, real, what a glob reaches). */
  paths?: string[];
  /** web_fetch: the host; null when the URL cannot be read. */
  host?: string | null;
  /** agent and skill: the name. */
  name?: string;
  /** powershell: the command. */
  powershell?: string;
}

/**
 * Works out what rules look at in a call, once, so that many rules can be held against it
 * with {@link ruleMatchesFacts}: the parsed command, every absolute form of the path, the
 * host, or the name.
 *
 * @param call the canonical call
 * @param ctx root and home
 * @returns the facts, or an error when the input lacks what the tool needs
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { callFacts } from "./facts.ts";
 * import { pathContext } from "./paths.ts";
 *
 * const ctx = pathContext({ root: "/proj", home: "/home/me", realPath: (p) => p });
 * const facts = callFacts(
 *   { kind: "builtin", tool: "read_file", input: { file_path: "src/../app.ts" } },
 *   ctx,
 * );
 * assert.ok(!("error" in facts));
 * assert.deepEqual(facts.paths, ["/proj/app.ts"]);
 *
 * assert.deepEqual(callFacts({ kind: "builtin", tool: "bash", input: {} }, ctx), {
 *   error: 'The bash call has no "command" string',
 * });
 * ```
 */
export function callFacts(call: ToolCall, ctx: PathContext): CallFacts | { error: string } {
  const tool = call.kind === "builtin"
    ? call.tool
    : call.kind === "mcp"
    ? engineTool(call.tool)
    : undefined;
  const facts: CallFacts = { call, tool };
  if (tool === undefined) return facts;
  const input = call.input;
  switch (TOOL_SPECIFIER[tool]) {
    case "bash": {
      const command = callCommand(input);
      if (command === undefined) return { error: `The ${tool} call has no "command" string` };
      const missed = { any: false };
      facts.command = analyzeCommand(command, programKnowledge(ctx, [], missed));
      // An alias not found where the call starts may be in a repository the command `cd`s into.
      if (missed.any) {
        const cds = cdTargets(facts.command);
        if (cds.length > 0) {
          facts.command = analyzeCommand(command, programKnowledge(ctx, cds, { any: false }));
        }
      }
      break;
    }
    case "path": {
      const given = callPath(tool, input);
      if (given.length === 0) return { error: `The ${tool} call has no "file_path" or "path"` };
      const paths = new Set<string>();
      const reach = tool === "glob" ? globReach(input) : undefined;
      for (const path of given) {
        for (const p of callPaths(path, ctx)) paths.add(p);
        if (reach === undefined) continue;
        for (const p of callPaths(posix.join(resolvePath(path, ctx), reach), ctx)) paths.add(p);
        if (posix.isAbsolute(reach)) { for (const p of callPaths(reach, ctx)) paths.add(p); }
      }
      facts.paths = [...paths];
      break;
    }
    case "domain": {
      const url = callUrl(input);
      if (url === undefined) return { error: `The ${tool} call has no "url" string` };
      facts.host = urlHost(url) ?? null;
      break;
    }
    case "powershell": {
      const command = callCommand(input);
      if (command === undefined) return { error: `The ${tool} call has no "command" string` };
      facts.powershell = command;
      break;
    }
    case "named":
      facts.name = tool === "agent" ? callAgentType(input) : callSkill(input);
      if (facts.name === undefined) return { error: `The ${tool} call has no skill name` };
      break;
  }
  return facts;
}

/**
 * What the environment tells the shell reader about programs: git's configured aliases, of the
 * repositories the options of git name (`-C DIR`, `--git-dir`), of the directories the command
 * `cd`s into, where the call runs and in the project (the first that defines the alias).
 */
function programKnowledge(
  ctx: PathContext,
  cds: readonly string[],
  missed: { any: boolean },
): ProgramKnowledge {
  const lookup = ctx.gitAlias;
  if (lookup === undefined) return {};
  const here = ctx.cwd ?? ctx.root;
  const at = (d: string) => [...new Set([posix.resolve(here, d), posix.resolve(ctx.root, d)])];
  return {
    gitAlias: (name, given) => {
      // A git directory (`--git-dir=x/.git`) is read as its work tree's, and as itself.
      const repos = given.flatMap((d) => [...at(d), ...at(posix.dirname(d))]);
      const dirs = [...new Set([...repos, ...cds.flatMap(at), here, ctx.root])];
      for (const dir of dirs) {
        const value = lookup(name, dir);
        if (value !== undefined) return value;
      }
      missed.any = true;
      return undefined;
    },
  };
}

/** The directories a command `cd`s or `pushd`s into, as written, each and one after another. */
function cdTargets(analysis: CommandAnalysis): string[] {
  const out: string[] = [];
  let chain = "";
  for (const c of analysis.view.candidates) {
    const [name, target] = c.tokens;
    if ((name !== "cd" && name !== "pushd") || typeof target !== "string") continue;
    if (target.startsWith("-")) continue;
    chain = chain === "" || target.startsWith("/") ? target : `${chain}/${target}`;
    out.push(target, chain);
  }
  return [...new Set(out)];
}
