/**
 * The audit's report (issue 15, point 1): the real sessions of `tests/fixtures/audit/` replayed
 * through their project's policy, rebuilt on disk: the calls skald would deny or ask for that
 * Claude Code ran, with the rule and the session, most serious first; those it refused too;
 * counts per verdict, tool and rule; the rules that decided no call. The sessions are the
 * judge of what ran (the oracle's reading of each call), skald's policy of what it would do.
 */

import assert from "node:assert/strict";
import { cachedRealPath } from "../../lib/fs/real_path.ts";
import { treeHolds } from "../../lib/fs/tree_search.ts";
import type { Mode } from "../../lib/permissions/modes.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import type { Basis, Decision, Verdict } from "../../lib/permissions/verdict.ts";
import { replayer } from "../../lib/audit/replay.ts";
import { type AuditReport, newReport } from "../../lib/audit/report.ts";
import { readTranscript } from "../../lib/audit/transcript.ts";
import { fileLines } from "../../lib/fs/transcript_files.ts";
import { buildCase, caseTranscripts, frozenCase } from "./_fixtures.ts";

/** A case replayed: its project's policy (the case's settings, or others), every transcript. */
async function replayCase(
  name: string,
  options: { settings?: unknown; mode?: Mode } = {},
): Promise<AuditReport> {
  const built = buildCase(name, options.settings);
  try {
    const c = frozenCase(name);
    const root = c.cwd === null ? built.project : `${built.project}/${c.cwd}`;
    const settings = await loadSettings({ root, home: built.home, extra: [], cwd: root });
    assert.deepEqual(settings.problems, []);
    const policy = new Policy({
      sources: settings.sources,
      env: { root, home: built.home, realPath: cachedRealPath(), treeHolds },
      mode: options.mode,
    });
    const report = newReport();
    report.policy(root, policy);
    const replay = replayer(policy);
    for (const t of caseTranscripts(name)) {
      const read = await readTranscript(fileLines(`${built.folder}/${t}`), t);
      report.transcript(root, read.problems);
      for (const call of read.calls) {
        report.add({ transcript: t, project: root, call, decision: replay(call) });
      }
    }
    return report.finish();
  } finally {
    built.remove();
  }
}

/** A listed call as `verdict Tool(subject) rule -> what Claude Code did @ line`. */
const rows = (calls: AuditReport["ran"]) =>
  calls.map((c) => {
    const i = c.call.input as Record<string, string>;
    const subject = i.command ?? i.file_path?.replace(/^.*\/proj\//, "") ?? i.url;
    return `${c.decision.verdict} ${c.call.tool}(${subject}) ${c.decision.rule} -> ${c.call.outcome} @${c.call.line}`;
  });

Deno.test("report: after cd src, Claude Code ran three calls the policy denies", async () => {
  const r = await replayCase("after-cd");
  assert.deepEqual(rows(r.ran), [
    "deny Bash(cat ../.en?) Read(./.env) -> ran @24",
    "deny Bash(grep -r KEY ..) Read(./.env) -> ran @30",
    "deny Bash(git -C .. push origin main) Bash(git push:*) -> ran @33",
  ]);
  assert.deepEqual(rows(r.refused), [
    "deny Bash(cat ../.env) Read(./.env) -> denied @27",
    "deny Bash(head ../secrets/k) Read(./secrets/**) -> denied @38",
    "deny Read(secrets/k) Read(./secrets/**) -> denied @42",
  ]);
  assert.deepEqual(r.verdicts.deny, {
    ran: 3,
    denied: 3,
    asked: 0,
    rejected: 0,
    error: 0,
    missing: 0,
  });
  assert.deepEqual(r.verdicts.allow.ran, 5);
  assert.deepEqual(r.tools, {
    Bash: { calls: 9, allow: 4, ask: 0, deny: 5 },
    Read: { calls: 2, allow: 1, ask: 0, deny: 1 },
  });
  assert.deepEqual(r.rules.map((u) => [u.calls, u.kind, u.rule]), [
    [3, "deny", "Read(./.env)"],
    [2, "deny", "Read(./secrets/**)"],
    [1, "deny", "Bash(git push:*)"],
    [1, "allow", "Bash(git:*)"],
  ]);
  assert.deepEqual(r.deadRules, []);
  assert.equal(r.transcripts, 1);
  assert.equal(r.calls, 11);
});

Deno.test("report: the same session with skald as the hook: every deny refused, none ran", async () => {
  const r = await replayCase("hook");
  assert.deepEqual(r.ran, []);
  assert.equal(r.refused.length, 6);
  assert.ok(r.refused.every((c) => c.decision.verdict === "deny" && c.call.outcome === "denied"));
});

Deno.test("report: a rule no call meets is dead; an ask rule under dontAsk counts as itself", async () => {
  const settings = {
    permissions: {
      deny: ["Read(./.env)", "Read(./secrets/**)", "Bash(curl:*)"],
      ask: ["Bash(git push:*)"],
      allow: ["Bash(git:*)", "Bash(npm test:*)"],
    },
  };
  const r = await replayCase("after-cd", { settings, mode: "dontAsk" });
  assert.deepEqual(r.deadRules.map((u) => [u.kind, u.rule]), [
    ["deny", "Bash(curl:*)"],
    ["allow", "Bash(npm test:*)"],
  ]);
  const push = r.ran.find((c) => c.decision.rule === "Bash(git push:*)")!;
  assert.equal(push.decision.verdict, "deny", "dontAsk denies what would ask");
  assert.ok(r.rules.some((u) => u.kind === "ask" && u.rule === "Bash(git push:*)"));
  assert.ok(!r.rules.some((u) => u.kind === "deny" && u.rule === "Bash(git push:*)"));
});

Deno.test("report: most serious first: deny before ask; a rule, a guard, the mode, bad input", () => {
  const report = newReport();
  const decision = (verdict: Verdict, basis: Basis): Decision => ({
    verdict,
    basis,
    rule: basis === "rule" ? `R-${verdict}` : null,
    source: basis === "rule" ? "s" : null,
    reason: "why",
  });
  const order: [Verdict, Basis][] = [
    ["ask", "mode"],
    ["deny", "input"],
    ["ask", "default"],
    ["ask", "rule"],
    ["deny", "mode"],
    ["ask", "guard"],
    ["deny", "rule"],
    ["deny", "guard"],
    ["allow", "rule"],
  ];
  order.forEach(([verdict, basis], i) => {
    const call = { id: `${i}`, tool: "Bash", input: {}, cwd: "/p", line: i + 1, sidechain: false };
    report.add({
      transcript: "t",
      project: "/p",
      call: { ...call, outcome: "ran" },
      decision: decision(verdict, basis),
    });
  });
  const r = report.finish();
  assert.deepEqual(r.ran.map((c) => `${c.decision.verdict} ${c.decision.basis}`), [
    "deny rule",
    "deny guard",
    "deny mode",
    "deny input",
    "ask rule",
    "ask guard",
    "ask mode",
  ]);
  assert.deepEqual(r.defaultAsks.ran, 1);
});

Deno.test("report: under plan mode, the mode's asks are listed after the rules' denies", async () => {
  const r = await replayCase("tools", { mode: "plan" });
  assert.deepEqual(
    r.refused.map((c) => `${c.decision.verdict} ${c.decision.basis} ${c.call.tool}`),
    [
      "deny rule Bash",
      "deny rule Read",
      "ask rule Bash",
      "ask mode Edit",
      "ask mode Write",
    ],
  );
});

Deno.test("report: an ask only because no rule speaks is counted, not listed", async () => {
  const r = await replayCase("subdir");
  // `cd /tmp && pwd` and `cd .. && pwd` leave the working directories: skald asks (no rule
  // speaks), Claude Code asked too.
  assert.deepEqual(r.defaultAsks, {
    ran: 0,
    denied: 0,
    asked: 2,
    rejected: 0,
    error: 0,
    missing: 0,
  });
  assert.deepEqual(r.verdicts.ask, r.defaultAsks);
  assert.deepEqual([...r.ran, ...r.refused, ...r.noResult], []);
});

Deno.test("report: a call with no result that skald would deny is listed apart", async () => {
  const settings = { permissions: { deny: ["Bash(python3 -c:*)"], allow: ["Bash(python3:*)"] } };
  const r = await replayCase("killed", { settings });
  assert.deepEqual(rows(r.noResult), [
    "deny Bash(python3 -c 'import time; time.sleep(40)') Bash(python3 -c:*) -> missing @20",
  ]);
  assert.deepEqual(r.ran, []);
});

Deno.test("report: a subagent's calls count as subagent calls, its Task denied by Agent(Plan)", async () => {
  const r = await replayCase("subagent");
  assert.equal(r.calls, 12);
  assert.equal(r.subagentCalls, 6);
  assert.deepEqual(r.ran, []);
  assert.deepEqual(
    r.refused.map((c) => `${c.call.tool} ${c.decision.rule} ${c.call.outcome} ${c.call.sidechain}`),
    [
      "Task Agent(Plan) denied false",
      "WebFetch WebFetch(domain:example.com) denied false",
      "Task Agent(Plan) error true",
      "WebFetch WebFetch(domain:example.com) denied true",
    ],
  );
});

Deno.test("report: problems of the transcripts are kept, with the file and line", async () => {
  const r = await replayCase("truncated");
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0]!.code, "not-json");
  assert.match(r.problems[0]!.file, /\.jsonl$/);
});

Deno.test("report: a deny rule a call meets is credited though an earlier rule decided it (issue 24)", () => {
  const policy = new Policy({
    sources: [{
      label: "project",
      scope: "project",
      deny: ["Bash(rm:*)", "Bash(rm -rf:*)", "Bash(curl:*)"],
    }],
    env: { root: "/proj", home: "/home/me", realPath: (p) => p },
  });
  const report = newReport();
  report.policy("/proj", policy);
  const call = {
    id: "t1",
    tool: "Bash",
    input: { command: "rm -rf build" },
    cwd: "/proj",
    line: 1,
    sidechain: false,
    outcome: "ran",
  } as const;
  report.add({ transcript: "s.jsonl", project: "/proj", call, decision: policy.decide(call) });
  const r = report.finish();
  assert.deepEqual(r.rules.map((u) => [u.rule, u.calls]), [["Bash(rm:*)", 1], [
    "Bash(rm -rf:*)",
    1,
  ]]);
  assert.deepEqual(r.deadRules.map((u) => u.rule), ["Bash(curl:*)"]);
});

Deno.test("report: an allowed call partly known only when it runs is listed as not fully checked (issue 24)", () => {
  const policy = new Policy({
    sources: [{ label: "project", scope: "project", allow: ["Bash(cat:*)"] }],
    env: { root: "/proj", home: "/home/me", realPath: (p) => p },
  });
  const report = newReport();
  report.policy("/proj", policy);
  const call = (id: string, command: string) =>
    ({
      id,
      tool: "Bash",
      input: { command },
      cwd: "/proj",
      line: 1,
      sidechain: false,
      outcome: "ran",
    }) as const;
  for (const [id, command] of [["t1", 'cat "$F"'], ["t2", "cat README.md"]]) {
    const c = call(id!, command!);
    report.add({ transcript: "s.jsonl", project: "/proj", call: c, decision: policy.decide(c) });
  }
  const r = report.finish();
  assert.deepEqual(r.unchecked.map((c) => [c.call.id, c.decision.unchecked]), [
    ["t1", '"$F" is only known when it runs'],
  ]);
});
