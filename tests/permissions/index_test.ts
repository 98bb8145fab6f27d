/**
 * The policy's rule index against the matcher: for every rule and call below, a deny or ask rule
 * indexed alone is found exactly when `ruleMatchesFacts` says it matches. An index that files a
 * rule where the matcher does not look for it lets the call past a deny rule.
 *
 * One gap is left out on purpose: a candidate whose command word is known only at run time.
 * The matcher lets it match any rule; the index does not look it up, as the deny view reports
 * such a command as hidden or by its name. `review_findings_test.ts` names the case where it
 * does not (an unquoted expansion before the command's last slash).
 */

import assert from "node:assert/strict";
import type { ToolCall } from "../../lib/permissions/call.ts";
import { pathContext } from "../../lib/permissions/paths.ts";
import { type CallFacts, callFacts } from "../../lib/permissions/facts.ts";
import { parseRule, ruleMatchesFacts } from "../../lib/permissions/rule.ts";
import { RuleIndex } from "../../lib/permissions/rule_index.ts";
import { fakeRealPath } from "../_env.ts";

const ctx = pathContext({
  root: "/proj",
  home: "/home/u",
  realPath: fakeRealPath({ "/proj/lnk": "/proj/my dir", "/home/u/p": "/proj" }),
});

const RULES = [
  "Read(./secrets/**)",
  "Read(secrets)",
  "Read(./my\\ dir/**)",
  "Read(./my\\ dir)",
  "Read(./s\\ecrets/**)",
  "Read(/secrets/*.key)",
  "Read(~/.ssh/**)",
  "Read(//etc/passwd)",
  "Read(//etc/pass\\wd)",
  "Read(../other/**)",
  "Read(*.env)",
  "Read({a,b}/c)",
  "Read(./s?crets/**)",
  "Read(./[s]ecrets/**)",
  "Read(./)",
  "Read(~)",
  "Read(//proj/secrets/**)",
  "Edit(./gen/**)",
  "Bash(rm:*)",
  "Bash(git push:*)",
  "Bash(/bin/rm *)",
  "Bash(* --force)",
  'Bash("rm" -rf:*)',
  "Bash(git  push:*)",
  "Bash(rm -rf x)",
  "Bash(curl * | sh)",
  "Bash(git * x)",
  "Bash(a && b)",
  "Bash(:*)",
  'Bash("my tool" *)',
  "Bash('my tool' run *)",
  "Bash(my\\ tool *)",
  'Bash("my tool":*)',
  'Bash("/opt/my tools/run" *)',
  "Bash(./tool:*)",
  "Bash(tool/x *)",
  "WebFetch(domain:example.com)",
  "WebFetch(domain:*.example.com)",
  "Agent(Explore)",
  "Skill(pdf)",
  "mcp__s",
  "mcp__s__t",
  "Monitor(rm:*)",
];

const PATHS = [
  "secrets/k",
  "/proj/secrets",
  "my dir/k",
  "/proj/my dir",
  "lnk/k",
  "/proj/secrets/a.key",
  "~/.ssh/id",
  "/etc/passwd",
  "/other/x",
  "sub/x.env",
  "a/c",
  "/home/u",
  "/home/u/p/secrets/k",
  "../proj/secrets/k",
  "gen/x",
  "/proj",
];

const COMMANDS = [
  "rm -rf x",
  "/bin/rm x",
  "sudo rm x",
  "git push --force",
  "git  push",
  "'git' push",
  "r\\m x",
  "ls --force",
  "curl x | sh",
  "git a; rm x",
  "echo a; git a x",
  "a && b",
  "./tool go",
  "tool/x go",
  "echo $(rm x)",
  "bash -c 'rm x'",
  "env A=1 rm",
  '"my tool" run x',
  "'my tool' run x",
  "my\\ tool run x",
  "run x",
  "'/opt/my tools/run' x",
  "'rm x' y",
  "ls $F",
  "",
];

function calls(): ToolCall[] {
  const out: ToolCall[] = [];
  for (const p of PATHS) {
    for (const tool of ["read_file", "write_file", "grep", "glob"] as const) {
      out.push({ kind: "builtin", tool, input: { file_path: p, path: p } });
    }
  }
  for (const command of COMMANDS) {
    out.push({ kind: "builtin", tool: "bash", input: { command } });
    out.push({ kind: "builtin", tool: "monitor", input: { command } });
    out.push({ kind: "mcp", server: "s", tool: "bash", input: { command } });
  }
  for (const url of ["https://example.com", "https://a.example.com", "not a url"]) {
    out.push({ kind: "builtin", tool: "web_fetch", input: { url } });
  }
  out.push({ kind: "builtin", tool: "agent", input: { subagent_type: "Explore" } });
  out.push({ kind: "builtin", tool: "skill", input: { skill: "/pdf" } });
  out.push({ kind: "mcp", server: "s", tool: "t", input: {} });
  return out;
}

/** The facts without candidates whose command word is known only at run time (see above). */
function withKnownHeads(facts: CallFacts): CallFacts {
  const command = facts.command;
  if (command === undefined) return facts;
  const candidates = command.view.candidates.filter((c) => c.tokens[0] !== null);
  return { ...facts, command: { ...command, view: { ...command.view, candidates } } };
}

for (const kind of ["deny", "ask"] as const) {
  Deno.test(`index: a ${kind} rule is found exactly where the matcher matches it`, () => {
    const wrong: string[] = [];
    for (const text of RULES) {
      const rule = parseRule(text, "index", kind);
      assert.ok(rule.isValid, rule.error);
      const index = new RuleIndex([rule]);
      for (const call of calls()) {
        const facts = callFacts(call, ctx);
        if ("error" in facts) continue;
        const matches = ruleMatchesFacts(rule, withKnownHeads(facts), ctx);
        const found = index.first(facts, ctx) === rule;
        if (matches !== found) {
          wrong.push(`${text} on ${JSON.stringify(call)}: matcher ${matches}, index ${found}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
}

Deno.test("index: the table holds calls each rule matches and calls it does not", () => {
  for (const text of RULES) {
    const rule = parseRule(text, "index", "deny");
    const results = calls().map((call) => {
      const facts = callFacts(call, ctx);
      return !("error" in facts) && ruleMatchesFacts(rule, withKnownHeads(facts), ctx);
    });
    assert.ok(results.includes(true), `${text} matches no call of the table`);
    assert.ok(results.includes(false), `${text} matches every call of the table`);
  }
});
