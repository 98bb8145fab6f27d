/**
 * `skald check`: decides one tool call, or (`--batch`) one call per line of standard input.
 *
 * @module
 */

import type { Command } from "../deps/cli.ts";
import type { Policy } from "../permissions/policy.ts";
import type { Decision } from "../permissions/verdict.ts";
import {
  callCwd,
  callInput,
  type CallOptions,
  fail,
  loadPolicy,
  reportProblems,
  verdictHead,
  withCallOptions,
  withCommonOptions,
} from "./common.ts";
import type { Io, Outcome } from "./io.ts";

interface CheckOptions extends CallOptions {
  batch?: boolean;
}

/** The JSON a decision prints as. */
export interface DecisionJson {
  verdict: Decision["verdict"];
  rule: string | null;
  source: string | null;
  reason: string;
  parts: string[];
}

/**
 * A decision as JSON: `parts` are the shell parts of a Bash call, empty for other tools.
 *
 * @param d the decision
 * @returns the JSON object
 */
export function decisionJson(d: Decision): DecisionJson {
  return {
    verdict: d.verdict,
    rule: d.rule,
    source: d.source,
    reason: d.reason,
    parts: d.commandParts ?? [],
  };
}

/**
 * Registers `check`.
 *
 * @param program the CLI
 * @param io streams
 * @param done receives the outcome
 */
export function registerCheck(program: Command, io: Io, done: (o: Outcome) => void): void {
  const cmd = withCallOptions(
    program.command("check")
      .description("decide a tool call: allow, ask or deny, with the deciding rule and its source")
      .argument(
        "[tool]",
        "the tool: Claude Code's name (Bash, Read, ...) or the engine's (bash, read_file, ...)",
      )
      .argument("[subject]", "the command, path, URL or name the call is about"),
  )
    .option(
      "--batch",
      'read one call a line from stdin: {"tool": ..., "input": {...}, "cwd"?: DIR (relative: ' +
        "to the root)}; one JSON verdict a line",
    )
    .addHelpText(
      "after",
      `
Examples:
  skald check Bash 'git push --force'
  skald check --json Read ./secrets/key.txt
  skald check WebFetch https://example.com/x
  skald check Grep --input '{"pattern": "TODO", "path": "src"}'
  skald check --cwd src Bash 'cat ../.env'
  echo '{"tool":"Bash","input":{"command":"ls"}}' | skald check --batch --json

Exit codes: 0 allow, 3 ask, 2 deny, 1 error.`,
    );
  withCommonOptions(cmd).action(
    async (tool: string | undefined, subject: string | undefined, opts: CheckOptions) => {
      done(await check(tool, subject, opts, io));
    },
  );
}

async function check(
  tool: string | undefined,
  subject: string | undefined,
  opts: CheckOptions,
  io: Io,
): Promise<Outcome> {
  let input: unknown;
  if (opts.batch && (tool !== undefined || opts.input !== undefined)) {
    return fail(io, "--batch reads the calls from stdin: give no TOOL, SUBJECT or --input");
  }
  if (!opts.batch) {
    if (tool === undefined) return fail(io, "Name a tool: skald check TOOL SUBJECT");
    const made = callInput(tool, subject, opts);
    if ("error" in made) return fail(io, made.error);
    input = made.input;
  }
  const { policy, problems } = await loadPolicy(opts, io, {
    mode: opts.mode,
    addDirs: opts.addDir,
  });
  reportProblems(io, problems);
  if (opts.batch) return await batch(policy, io);
  const decision = policy.decide({ tool: tool!, input, cwd: callCwd(opts, io) });
  if (decision.error) return fail(io, decision.reason);
  if (opts.json) io.out(JSON.stringify(decisionJson(decision)) + "\n");
  else io.out(describe(decision));
  return decision.verdict;
}

function describe(d: Decision): string {
  const lines = [verdictHead(d), `  ${d.reason}`];
  const parts = d.parts ?? [];
  if (parts.length > 1) {
    for (const p of parts) {
      lines.push(`  ${p.verdict.padEnd(5)}  ${p.part}${p.rule ? `  [${p.rule}]` : ""}`);
    }
  }
  return lines.join("\n") + "\n";
}

async function batch(policy: Policy, io: Io): Promise<Outcome> {
  let failed = false;
  let n = 0;
  for await (const line of io.lines()) {
    n++;
    if (line.trim() === "") continue;
    let call: { tool?: unknown; input?: unknown; server?: unknown; cwd?: unknown };
    try {
      call = JSON.parse(line);
    } catch (e) {
      failed = true;
      io.out(
        JSON.stringify({ error: `Line ${n}: cannot parse JSON: ${(e as Error).message}` }) + "\n",
      );
      continue;
    }
    if (
      typeof call !== "object" || call === null || typeof call.tool !== "string" ||
      (call.cwd !== undefined && typeof call.cwd !== "string")
    ) {
      failed = true;
      io.out(
        JSON.stringify({
          error: `Line ${n}: expected {"tool": NAME, "input": {...}, "cwd"?: DIR}`,
        }) + "\n",
      );
      continue;
    }
    const d = policy.decide({
      tool: call.tool,
      input: call.input,
      server: typeof call.server === "string" ? call.server : undefined,
      cwd: call.cwd as string | undefined,
    });
    if (d.error) {
      failed = true;
      io.out(JSON.stringify({ error: `Line ${n}: ${d.reason}` }) + "\n");
    } else io.out(JSON.stringify(decisionJson(d)) + "\n");
  }
  return failed ? "error" : "ok";
}
