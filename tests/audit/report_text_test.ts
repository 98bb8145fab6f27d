/**
 * The report as text, against what a hostile transcript may hold (a transcript committed to a
 * repository is audited in CI): a command with an escape sequence, a line break that would start
 * a workflow command of its own, Unicode direction overrides, `%`, `:` and `,` in a transcript's
 * name. Neither the table nor the workflow commands may pass any of it through.
 */

import assert from "node:assert/strict";
import { newReport } from "../../lib/audit/report.ts";
import { githubAnnotations, reportTable } from "../../lib/audit/report_text.ts";
import type { Decision } from "../../lib/permissions/verdict.ts";

const HOSTILE = [
  "rm -rf x\u001b[2K\u001b]0;owned\u0007",
  "ls\n::error file=README.md,line=1::injected",
  "cat \u202egnp.exe\u202c secrets",
  "echo 100%25 %0A::warning::x",
];

function hostileReport() {
  const report = newReport();
  HOSTILE.forEach((command, i) => {
    const decision: Decision = {
      verdict: i % 2 === 0 ? "deny" : "ask",
      rule: `Bash(${command.slice(0, 3)}:*)`,
      source: "a:b,c.json",
      reason: `Denied by Bash(${command}) (matches "${command}")`,
      basis: "rule",
    };
    report.add({
      transcript: "we,ird:na%me.jsonl",
      project: "/p",
      call: {
        id: `${i}`,
        tool: "Bash",
        input: { command },
        cwd: "/p",
        line: i + 1,
        sidechain: false,
        outcome: "ran",
      },
      decision,
    });
  });
  report.problem({ file: "x\u001b[31m.jsonl", line: 2, code: "not-json", message: "bad\u0007" });
  return report.finish();
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

Deno.test("report text: the table passes no control character or direction override", () => {
  const text = reportTable(hostileReport(), 0);
  assert.doesNotMatch(text, CONTROL);
  assert.match(text, /rm -rf x\\x1b\[2K\\x1b\]0;owned\\x07/);
  assert.match(text, /cat \\u\{202e\}gnp\.exe\\u\{202c\} secrets/);
  assert.doesNotMatch(text, /^::/m);
});

Deno.test("report text: workflow commands: one a line, nothing injected, properties escaped", () => {
  const text = githubAnnotations(hostileReport());
  const lines = text.trimEnd().split("\n");
  assert.equal(lines.length, HOSTILE.length + 1 + 1, "a command per call, the problem, the notice");
  assert.doesNotMatch(text, CONTROL);
  for (const line of lines) assert.match(line, /^::(error|warning|notice) /);
  // GitHub reads a command at the start of a line only: the injected one stays text.
  assert.ok(!lines.some((l) => l.startsWith("::error file=README.md")));
  assert.match(
    lines[0]!,
    /^::error file=we%2Cird%3Ana%25me\.jsonl,line=1,title=skald would deny::/,
  );
  assert.ok(lines.some((l) => l.includes("echo 100%2525 %250A::warning::x")));
});

Deno.test("report text: fitted to a terminal's width, every line at most that long (issue 24)", () => {
  const r = hostileReport();
  const wide = reportTable(r, 0);
  assert.ok(wide.split("\n").some((l) => l.length > 60), "some line is long");
  const narrow = reportTable(r, 0, 60);
  for (const l of narrow.split("\n")) assert.ok(l.length <= 60, l);
});
