/**
 * Bad input never crashes and never hangs: any rule text, any command, any call gets a verdict
 * or a clear error, without a blow-up (a CPU-time guard, `../_cpu.ts`: 10 times the cost
 * measured on the 2-core machine, `expectMs`, rounded up; 20 for all that cost less).
 */

import assert from "node:assert/strict";
import { parseRule } from "../../lib/permissions/rule.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";
import { withinCpu } from "../_cpu.ts";

const policy = new Policy({
  sources: [{
    label: "adversarial",
    scope: "project",
    deny: ["Bash(rm:*)", "Read(./secrets/**)"],
    allow: ["Bash(echo:*)", "Read(**/*.md)"],
  }],
  env: testEnv(),
});

const decide = (command: string) => policy.decide({ tool: "Bash", input: { command } });
const short = (text: string) => text.length > 200 ? text.slice(0, 200) + "…" : text;

const stars = new Policy({
  sources: [{ label: "stars", scope: "project", deny: ["Bash(* * * * * * * * * x)"] }],
  env: testEnv(),
});

Deno.test("adversarial: Bash(* * * * * * * * * x) against a 100 KB command, no blow-up", () => {
  const miss = "echo " + "a ".repeat(50_000);
  const d = withinCpu(100, () => stars.decide({ tool: "Bash", input: { command: miss } }), "miss");
  assert.notEqual(d.verdict, "deny");
  const hit = withinCpu(
    80,
    () => stars.decide({ tool: "Bash", input: { command: miss + "x" } }),
    "hit",
  );
  assert.equal(hit.verdict, "deny");
});

const COMMANDS: { name: string; command: string; verdict: Verdict; expectMs: number }[] = [
  {
    // Red team: the write targets' brace expansion explores every alternative before it stops
    // at 64: 22 groups took 2 s in the hook, 30 take hours, and past Claude Code's hook
    // time-out the call goes on without skald's answer.
    // Past 256 words the word may name anything: every Read rule applies.
    name: "red team: 24 brace groups in a written path (2^24 alternatives) are not all expanded",
    command: "touch " + "{a,b}".repeat(24),
    verdict: "deny",
    expectMs: 20,
  },
  // Over 10,000 characters every command is asked about, as Claude Code 2.1.332 does; not denied.
  { name: "a 1 MB line", command: "echo " + "y".repeat(1_000_000), verdict: "ask", expectMs: 200 },
  {
    name: "150,000 parts: too many to read, every deny rule may apply",
    command: "echo a;".repeat(150_000),
    verdict: "deny",
    expectMs: 200,
  },
  { name: "2,000 parts are read", command: "echo a;".repeat(2_000), verdict: "ask", expectMs: 30 },
  { name: "NUL bytes: opaque, not allowed", command: "echo a\0b", verdict: "ask", expectMs: 20 },
  {
    name: "NUL inside a command word is taken out: r\\0m is rm",
    command: "r\0m -rf x",
    verdict: "deny",
    expectMs: 20,
  },
  {
    name: "10,000 nested $( : too deep, every deny rule may apply",
    command: "$(".repeat(10_000) + "x" + ")".repeat(10_000),
    verdict: "deny",
    expectMs: 20,
  },
  {
    name: "10,000 unclosed $( : too deep",
    command: "echo " + "$(".repeat(10_000),
    verdict: "deny",
    expectMs: 20,
  },
  { name: "an unbalanced single quote", command: "echo 'a", verdict: "ask", expectMs: 20 },
  { name: "an unbalanced double quote", command: 'echo "a', verdict: "ask", expectMs: 20 },
  { name: "an unbalanced backtick", command: "echo `a", verdict: "ask", expectMs: 20 },
  { name: "an unbalanced $( ", command: "echo $(a", verdict: "ask", expectMs: 20 },
  { name: "an unbalanced ${", command: "echo ${a", verdict: "ask", expectMs: 20 },
  { name: "a lone backslash at the end", command: "echo a\\", verdict: "allow", expectMs: 20 },
  { name: "CRLF line endings", command: "echo a\r\necho b\r\n", verdict: "allow", expectMs: 20 },
  { name: "__proto__ as a command", command: "__proto__ x", verdict: "ask", expectMs: 20 },
  { name: "constructor as a command", command: "constructor", verdict: "ask", expectMs: 20 },
  { name: "an empty command", command: "", verdict: "allow", expectMs: 20 },
  { name: "only separators", command: ";;; && ||", verdict: "allow", expectMs: 20 },
  { name: "a lone surrogate", command: "echo \ud800", verdict: "allow", expectMs: 20 },
  {
    name: "10,000 nested subshells",
    command: "( ".repeat(10_000) + "rm x" + " )".repeat(10_000),
    verdict: "deny",
    expectMs: 20,
  },
  {
    name: "a heredoc without its end",
    command: "cat <<EOF\n" + "line\n".repeat(10_000),
    verdict: "ask",
    expectMs: 20,
  },
];

for (const c of COMMANDS) {
  Deno.test(`adversarial command: ${c.name}`, () => {
    const d = withinCpu(c.expectMs, () => decide(c.command), c.name);
    assert.equal(d.verdict, c.verdict, short(d.reason));
  });
}

const RULES: { name: string; text: string; valid: boolean }[] = [
  { name: "a 1 MB rule", text: `Bash(${"a".repeat(1_000_000)}:*)`, valid: true },
  { name: "a rule of parentheses", text: "Bash((((((((((", valid: false },
  { name: "a rule with NUL", text: "Bash(rm\0:*)", valid: true },
  { name: "a rule with a newline", text: "Bash(rm\n-rf:*)", valid: true },
  { name: "only a paren", text: ")", valid: false },
  { name: "an unbalanced quote in a rule", text: "Bash(echo 'a:*)", valid: true },
  { name: "a path rule of 10,000 stars", text: `Read(${"*".repeat(10_000)})`, valid: true },
  { name: "a domain with spaces", text: "WebFetch(domain:a b)", valid: false },
  { name: "a domain of only *", text: "WebFetch(domain:*)", valid: false },
  { name: "mcp__ alone", text: "mcp__", valid: false },
  { name: "hasOwnProperty as a tool", text: "hasOwnProperty", valid: false },
  { name: "toString(x)", text: "toString(x)", valid: false },
];

for (const c of RULES) {
  Deno.test(`adversarial rule: ${c.name}`, () => {
    const r = withinCpu(20, () => parseRule(c.text, "t", "deny"), "parse");
    assert.equal(r.isValid, c.valid, r.error);
    const p = new Policy({
      sources: [{ label: "t", scope: "project", deny: [c.text] }],
      env: testEnv(),
    });
    withinCpu(20, () => p.decide({ tool: "Bash", input: { command: "ls -la" } }), "a command");
    withinCpu(
      60,
      () => p.decide({ tool: "Read", input: { file_path: "/proj/" + "a/".repeat(1000) + "b" } }),
      "a long path",
    );
  });
}

const CALLS: { name: string; tool: string; input: unknown; verdict: Verdict; error?: RegExp }[] = [
  {
    name: "a path with 1,000 segments",
    tool: "Read",
    input: { file_path: "/proj/" + "a/".repeat(1000) + "x.md" },
    verdict: "allow",
  },
  {
    name: "a path of .. segments",
    tool: "Read",
    input: { file_path: "/proj/" + "../".repeat(100) + "etc/passwd" },
    verdict: "ask",
  },
  { name: "a path with NUL", tool: "Read", input: { file_path: "/proj/a\0b" }, verdict: "allow" },
  {
    name: "a command that is a number",
    tool: "Bash",
    input: { command: 42 },
    verdict: "deny",
    error: /no "command" string/,
  },
  { name: "input null", tool: "Bash", input: null, verdict: "deny", error: /not an object/ },
  { name: "input an array", tool: "Read", input: ["x"], verdict: "deny", error: /not an object/ },
  {
    name: "a URL of 1 MB",
    tool: "WebFetch",
    input: { url: "https://a.test/" + "x".repeat(1_000_000) },
    verdict: "ask",
  },
  {
    name: "__proto__ as a tool",
    tool: "__proto__",
    input: {},
    verdict: "deny",
    error: /Unknown tool/,
  },
  {
    name: "an MCP name without a tool",
    tool: "mcp__x",
    input: {},
    verdict: "deny",
    error: /mcp__SERVER__TOOL/,
  },
];

for (const c of CALLS) {
  Deno.test(`adversarial call: ${c.name}`, () => {
    const d = withinCpu(20, () => policy.decide({ tool: c.tool, input: c.input }), c.name);
    assert.equal(d.verdict, c.verdict, short(d.reason));
    if (c.error) {
      assert.equal(d.error, true);
      assert.match(d.reason, c.error);
    } else assert.equal(d.error, undefined);
  });
}
