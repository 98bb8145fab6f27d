/**
 * Reading transcripts as Claude Code writes them (issue 15, point 3). The judge: the real
 * sessions of `tests/fixtures/audit/` (Claude Code 2.1.332 through the oracle, frozen by
 * `freeze_transcripts.ts`), where the oracle read what Claude Code did with each call from the
 * stream-json events, apart from the transcript: the reader must find every call, in order, in
 * the directory the transcript records, and the same outcome, with the metadata beside each
 * result and (as in older transcripts) without it. Then what real files hold besides: other
 * kinds of lines, a truncated last line, calls without results, subagent sidechains, and the
 * adversarial lines of a hand-written table.
 */

import assert from "node:assert/strict";
import { readTranscript, type TranscriptCall } from "../../lib/audit/transcript.ts";
import { fileLines } from "../../lib/fs/transcript_files.ts";
import { withinCpuAsync } from "../_cpu.ts";
import {
  AUDIT_FIXTURES,
  CASE_NAMES,
  caseTranscripts,
  frozenCase,
  OUTCOME_OF,
  transcriptLines,
} from "./_fixtures.ts";

/** The lines without the metadata 2.1.332 writes beside a result (as older versions write). */
function withoutMetadata(lines: string[]): string[] {
  return lines.map((l) => {
    if (!l.includes('"tool_result"')) return l;
    const d = JSON.parse(l);
    delete d.toolDenialKind;
    delete d.permissionDecision;
    return JSON.stringify(d);
  });
}

async function callsOf(name: string, strip = false): Promise<Map<string, TranscriptCall[]>> {
  const out = new Map<string, TranscriptCall[]>();
  for (const t of caseTranscripts(name)) {
    const lines = transcriptLines(name, t);
    const read = await readTranscript(strip ? withoutMetadata(lines) : lines, t);
    out.set(t, read.calls);
  }
  return out;
}

for (const name of CASE_NAMES) {
  for (const strip of [false, true]) {
    const how = strip ? "by the texts alone" : "with 2.1.332's metadata";
    Deno.test(`transcript: real session "${name}": every call and what Claude Code did, ${how}`, async () => {
      const c = frozenCase(name);
      const found = await callsOf(name, strip);
      const got = [...found].flatMap(([t, calls]) =>
        calls.map((x) => ({
          transcript: t,
          line: x.line,
          tool: x.tool,
          id: x.id,
          outcome: x.outcome,
        }))
      );
      assert.deepEqual(
        got.map(({ outcome: _, ...rest }) => rest),
        c.calls.map(({ decision: _, ...rest }) => rest),
        "the calls, in order",
      );
      got.forEach((g, i) => {
        const decision = c.calls[i]!.decision;
        if (decision === null) return; // the stream showed no result: see the table below
        assert.equal(g.outcome, OUTCOME_OF[decision], `${g.transcript}:${g.line} ${g.tool}`);
      });
    });
  }
}

Deno.test("transcript: a result the oracle's stream did not show, read as Claude Code wrote it", async () => {
  // The subagent's first call (the Explore agent has no Agent tool): Claude Code refused the
  // input before any permission check.
  const calls = [...(await callsOf("subagent")).values()].flat();
  const unjudged = frozenCase("subagent").calls.filter((c) => c.decision === null);
  assert.deepEqual(unjudged.map((c) => c.tool), ["Agent"]);
  const call = calls.find((x) => x.line === unjudged[0]!.line && x.sidechain);
  assert.equal(call?.outcome, "error");
  assert.match(call?.resultText ?? "", /^<tool_use_error>Error: No such tool available: Agent\./);
});

/** Each call's tool, subject and directory: `tool:command-or-path@cwd`. */
const where = (calls: TranscriptCall[]) =>
  calls.map((c) => {
    const i = c.input as Record<string, string>;
    return `${c.tool}:${i.command ?? i.file_path ?? i.pattern ?? i.subagent_type}@${c.cwd}`;
  });

Deno.test("transcript: a cd shows on the lines after it (the directory before each call)", async () => {
  const [calls] = [...(await callsOf("tools")).values()];
  assert.deepEqual(where(calls!).slice(0, 3), [
    "Bash:cd src && pwd@{{PROJECT}}",
    "Bash:pwd@{{PROJECT}}/src",
    "Bash:rm -rf build@{{PROJECT}}/src",
  ]);
  // `cd .. && ls` was asked for and not run: the next call is still in src.
  assert.deepEqual(where(calls!).slice(-2), [
    "Bash:cd .. && ls@{{PROJECT}}/src",
    "Bash:cat ../.env@{{PROJECT}}/src",
  ]);
});

Deno.test("transcript: a subagent's calls are its sidechain's, and its cd does not carry over", async () => {
  const found = await callsOf("subagent");
  const [main, sub] = [...found.values()];
  assert.deepEqual(where(main!).slice(0, 3), [
    "Agent:Explore@{{PROJECT}}",
    "Bash:cd src && pwd@{{PROJECT}}",
    "Bash:pwd@{{PROJECT}}/src",
  ]);
  assert.ok(main!.every((c) => !c.sidechain && c.agentId === undefined));
  // In the subagent, `pwd` after `cd src && pwd` printed the project (its result, kept in the
  // fixture): every call of it ran in the project, as its lines say.
  assert.ok(sub!.every((c) => c.sidechain && /^a[0-9a-f]+$/.test(c.agentId ?? "")));
  assert.ok(sub!.every((c) => c.cwd === "{{PROJECT}}"), where(sub!).join(", "));
  const subFile = caseTranscripts("subagent").find((t) => t.includes("/subagents/"))!;
  const pwd = transcriptLines("subagent", subFile).find((l) =>
    l.includes('"tool_use_id":"toolu_oracle_t2_0"')
  );
  assert.match(pwd!, /"content":"\{\{PROJECT\}\}"/);
});

Deno.test("transcript: started in a subdirectory, calls made at once share the directory", async () => {
  const [calls] = [...(await callsOf("subdir")).values()];
  assert.deepEqual(where(calls!), [
    "Bash:cd /tmp && pwd@{{PROJECT}}/apps/web",
    "Bash:pwd@{{PROJECT}}/apps/web",
    "Bash:cd .. && pwd@{{PROJECT}}/apps/web",
    "Bash:pwd@{{PROJECT}}/apps/web",
    "Read:index.js@{{PROJECT}}/apps/web",
  ]);
  assert.equal(new Set(calls!.slice(2).map((c) => c.line)).size, 3, "one line per tool_use");
});

Deno.test("transcript: a truncated last line is one counted problem; every call before it stays", async () => {
  const [t] = caseTranscripts("truncated");
  const read = await readTranscript(fileLines(`${AUDIT_FIXTURES}truncated/transcripts/${t}`), t!);
  const lines = transcriptLines("truncated", t!);
  assert.equal(read.lines, lines.length);
  assert.equal(read.calls.length, frozenCase("tools").calls.length);
  assert.deepEqual(read.problems.map((p) => [p.line, p.code]), [[lines.length, "not-json"]]);
  assert.match(read.problems[0]!.message, /^Cannot read line \d+: not JSON \(/);
});

Deno.test("transcript: a call Claude Code never answered (killed mid-call) has no result", async () => {
  const [calls] = [...(await callsOf("killed")).values()];
  assert.deepEqual(calls!.map((c) => [c.tool, c.outcome]), [["Bash", "ran"], ["Bash", "missing"]]);
  assert.equal(calls![1]!.resultText, undefined);
});

Deno.test("transcript: the session's id and first directory", async () => {
  for (const name of ["tools", "subdir"]) {
    const [t] = caseTranscripts(name);
    const read = await readTranscript(transcriptLines(name, t!), t!);
    assert.equal(read.sessionId, "0e5ac1e0-0000-4000-8000-00000000c0de");
    assert.equal(read.firstCwd, name === "subdir" ? "{{PROJECT}}/apps/web" : "{{PROJECT}}");
    assert.equal(read.sidechain, false);
  }
  const sub = caseTranscripts("subagent").find((t) => t.includes("/subagents/"))!;
  assert.equal((await readTranscript(transcriptLines("subagent", sub), sub)).sidechain, true);
});

// ---------------------------------------------------------------------------------------------
// Hand-written lines: what real files may hold beyond the sessions above.

const use = (id: string, name: string, input: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "assistant",
    cwd: "/p",
    sessionId: "s",
    ...extra,
    message: { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
  });
const result = (
  id: string,
  content: unknown,
  extra: Record<string, unknown> = {},
  isError = false,
) =>
  JSON.stringify({
    type: "user",
    cwd: "/p",
    ...extra,
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: id, content, is_error: isError }],
    },
  });

const TABLE: {
  name: string;
  lines: string[];
  calls: [string, string][];
  problems: [number, string][];
}[] = [
  {
    name: "lines of other kinds are skipped: summary, progress, file-history-snapshot, system",
    lines: [
      '{"type":"summary","summary":"x","leafUuid":"u"}',
      '{"type":"file-history-snapshot","messageId":"m","snapshot":{}}',
      '{"type":"progress","data":{"type":"agent_progress","message":{"type":"assistant",' +
      '"message":{"content":[{"type":"tool_use","id":"nested","name":"Bash","input":{}}]}}}}',
      '{"type":"system","subtype":"informational","content":"x"}',
      use("t1", "Bash", { command: "ls" }),
      result("t1", "a"),
    ],
    calls: [["Bash", "ran"]],
    problems: [],
  },
  {
    name: "blank lines, CRLF line ends and a byte order mark are no problems",
    lines: [
      "\uFEFF" + use("t1", "Read", { file_path: "/p/a" }),
      "",
      "   ",
      result("t1", "1\tx") + "\r",
    ],
    calls: [["Read", "ran"]],
    problems: [],
  },
  {
    name: "a line that is JSON but no object is a problem; the next line is read",
    lines: ["[1,2]", "null", '"text"', use("t1", "Bash", { command: "ls" })],
    calls: [["Bash", "missing"]],
    problems: [[1, "not-object"], [2, "not-object"], [3, "not-object"]],
  },
  {
    name: "invalid JSON in the middle is a problem; the calls around it stay",
    lines: [
      use("t1", "Bash", { command: "a" }),
      '{"type":"assistant",,}',
      use("t2", "Bash", { command: "b" }),
    ],
    calls: [["Bash", "missing"], ["Bash", "missing"]],
    problems: [[2, "not-json"]],
  },
  {
    name: "a tool_use without an id or a name is a problem",
    lines: [
      JSON.stringify({
        type: "assistant",
        message: {
          content: [{ type: "tool_use", name: "Bash", input: {} }, { type: "tool_use", id: "x" }],
        },
      }),
    ],
    calls: [],
    problems: [[1, "bad-tool-use"], [1, "bad-tool-use"]],
  },
  {
    name: "a result for no call of the file is ignored; a second result for a call too",
    lines: [
      result("elsewhere", "x"),
      use("t1", "Bash", { command: "rm x" }),
      result("t1", "Permission to use Bash with command rm x has been denied.", {}, true),
      result("t1", "ran after all"),
    ],
    calls: [["Bash", "denied"]],
    problems: [],
  },
  {
    name: "the same tool_use id twice (a resumed session's copy) is one call",
    lines: [use("t1", "Bash", { command: "ls" }), use("t1", "Bash", { command: "ls" })],
    calls: [["Bash", "missing"]],
    problems: [],
  },
  {
    name: "several results on one line: each its own, the line's metadata for none",
    lines: [
      use("a", "Bash", { command: "x" }),
      use("b", "Bash", { command: "y" }),
      JSON.stringify({
        type: "user",
        toolDenialKind: "permission-rule",
        message: {
          content: [
            { type: "tool_result", tool_use_id: "a", content: "ok" },
            {
              type: "tool_result",
              tool_use_id: "b",
              content: [{ type: "text", text: "This command requires approval" }],
              is_error: true,
            },
          ],
        },
      }),
    ],
    calls: [["Bash", "ran"], ["Bash", "asked"]],
    problems: [],
  },
  {
    name: "an older layout: a subagent's sidechain in the session's own file (Task)",
    lines: [
      use("t1", "Task", { subagent_type: "general-purpose", prompt: "p" }),
      use("s1", "Bash", { command: "rm -rf x" }, { isSidechain: true }),
      result("s1", "Permission to use Bash with command rm -rf x has been denied.", {
        isSidechain: true,
      }, true),
      result("t1", [{ type: "text", text: "done" }]),
    ],
    calls: [["Task", "ran"], ["Bash", "denied"]],
    problems: [],
  },
  {
    name: "hostile input: __proto__ keys, a 1 MB command, NUL, a replaced invalid byte",
    lines: [
      '{"type":"assistant","__proto__":{"polluted":1},"message":{"content":[{"type":"tool_use",' +
      '"id":"t1","name":"Bash","input":{"command":"a\\u0000b","__proto__":{"x":1}}}]}}',
      use("t2", "Bash", { command: "x".repeat(1 << 20) }),
      use("t3", "Bash", { command: "caf\uFFFD" }),
    ],
    calls: [["Bash", "missing"], ["Bash", "missing"], ["Bash", "missing"]],
    problems: [],
  },
];

for (const c of TABLE) {
  Deno.test(`transcript: ${c.name}`, async () => {
    // A blow-up guard in CPU time (`../_cpu.ts`): a line of a megabyte.
    const read = await withinCpuAsync(20, () => readTranscript(c.lines, "t.jsonl"), c.name);
    assert.deepEqual(read.calls.map((x) => [x.tool, x.outcome]), c.calls);
    assert.deepEqual(read.problems.map((p) => [p.line, p.code]), c.problems);
    assert.ok(read.problems.every((p) => p.file === "t.jsonl" && !p.message.includes("\n")));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
}

Deno.test("transcript: sidechain lines carry their flag and agent id", async () => {
  const read = await readTranscript([
    use("t1", "Bash", { command: "ls" }, { isSidechain: true, agentId: "a1" }),
  ], "t.jsonl");
  assert.equal(read.calls[0]?.sidechain, true);
  assert.equal(read.calls[0]?.agentId, "a1");
  assert.equal(read.sidechain, true);
});

Deno.test("transcript: a call's directory is its line's, else the last one seen", async () => {
  const read = await readTranscript([
    '{"type":"attachment","cwd":"/p/a"}',
    JSON.stringify({
      type: "assistant",
      message: { content: [{ type: "tool_use", id: "1", name: "Bash", input: {} }] },
    }),
    result("1", "x", { cwd: "/p/b" }),
    JSON.stringify({
      type: "assistant",
      message: { content: [{ type: "tool_use", id: "2", name: "Bash", input: {} }] },
    }),
  ], "t.jsonl");
  assert.deepEqual(read.calls.map((c) => c.cwd), ["/p/a", "/p/b"]);
});

Deno.test("transcript: a file is read in chunks: long lines, CRLF, invalid UTF-8, no last line end", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "skald-lines-" });
  try {
    const long = "y".repeat(3 * (1 << 20) + 17); // longer than three read chunks
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`a\r\n${long}\n`),
      0x62,
      0xff,
      0xfe,
      0x0a,
      ...new TextEncoder().encode("last"),
    ]);
    Deno.writeFileSync(`${dir}/t.jsonl`, bytes);
    const lines = await Array.fromAsync(fileLines(`${dir}/t.jsonl`));
    assert.deepEqual(lines.map((l) => l.length), [2, long.length, 3, 4]);
    assert.equal(lines[0], "a\r");
    assert.equal(lines[1], long);
    assert.equal(lines[2], "b\uFFFD\uFFFD");
    assert.equal(lines[3], "last");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
