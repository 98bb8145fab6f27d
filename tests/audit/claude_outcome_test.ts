/**
 * What Claude Code did with a call, read from its result (issue 15, point 1: "the calls ... that
 * Claude Code ran"). Two judges nobody here wrote: every result of the frozen oracle runs
 * (`tests/fixtures/oracle/perm.json`, `perm-readings.json`, `hook_sessions.json`: 356 real
 * Claude Code 2.1.332 results, each with the decision the oracle read from the stream-json
 * metadata) read by its text alone, as an older transcript without metadata is read; and a
 * table of the metadata 2.1.332 writes beside a result and of texts that must not be taken for
 * refusals.
 */

import assert from "node:assert/strict";
import { type ClaudeOutcome, claudeOutcome } from "../../lib/audit/claude_outcome.ts";

const FIXTURES = new URL("../fixtures/oracle/", import.meta.url);
const AS_OUTCOME: Record<string, ClaudeOutcome> = {
  allow: "ran",
  deny: "denied",
  ask: "asked",
  error: "error",
};

interface FrozenCall {
  id: string;
  decision: string;
  text: string;
}

/** Results whose text alone cannot tell: a hook's own reason, as the model got it. */
const HOOK_REASONS: Record<string, ClaudeOutcome> = {
  "skald: Denied by Bash(mytool:*) from --settings": "denied",
  "skald: othertool is not a command Claude Code runs without a rule": "asked",
};

for (const file of ["perm.json", "perm-readings.json", "hook_sessions.json"]) {
  Deno.test(`claude outcome: every frozen oracle result of ${file}, read by its text`, () => {
    const doc = JSON.parse(Deno.readTextFileSync(new URL(file, FIXTURES)));
    const groups = (file === "hook_sessions.json" ? doc.slice(1) : doc) as {
      name: string;
      calls: FrozenCall[];
    }[];
    let checked = 0;
    for (const g of groups) {
      for (const c of g.calls) {
        if (c.decision === "missing") continue; // never answered: no result to read
        const expected = AS_OUTCOME[c.decision];
        assert.ok(expected, `${g.name}#${c.id}: decision ${c.decision}`);
        // A refusal is always an error result; an allowed call's result may be either (a
        // command that failed ran): read it both ways.
        const errors = c.decision === "allow" ? [true, false] : [true];
        for (const isError of errors) {
          const got = claudeOutcome({ text: c.text, isError });
          if (HOOK_REASONS[c.text] !== undefined) {
            assert.equal(got, "ran", "a hook's reason is only told by the metadata");
            const meta = HOOK_REASONS[c.text] === "denied" ? "permission-rule" : "user-rejected";
            assert.equal(claudeOutcome({ text: c.text, isError, denialKind: meta }), expected);
            continue;
          }
          assert.equal(got, expected, `${g.name}#${c.id} (is_error ${isError}): ${c.text}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 0, "the file holds results");
  });
}

const CASES: {
  name: string;
  input: Parameters<typeof claudeOutcome>[0];
  expected: ClaudeOutcome;
}[] = [
  {
    name: "2.1.332 metadata: toolDenialKind permission-rule is a deny",
    input: { text: "anything", isError: true, denialKind: "permission-rule", decision: "reject" },
    expected: "denied",
  },
  {
    name: "2.1.332 metadata: toolDenialKind user-rejected is an ask nobody approved",
    input: { text: "anything", isError: true, denialKind: "user-rejected", decision: "reject" },
    expected: "asked",
  },
  {
    name: "2.1.332 metadata: an automode refusal is a deny",
    input: { text: "anything", isError: true, denialKind: "automode-classifier" },
    expected: "denied",
  },
  {
    name: "2.1.332 metadata: a Read deny caught in validation (reject, no denial kind)",
    input: {
      text: "<tool_use_error>File is in a directory that is denied by your permission " +
        "settings.</tool_use_error>",
      isError: true,
      decision: "reject",
    },
    expected: "denied",
  },
  {
    name: "2.1.332 metadata: accepted, and the tool failed on its own: it ran",
    input: { text: "Path does not exist: a.txt.", isError: true, decision: "accept" },
    expected: "ran",
  },
  {
    name: "an Agent type rule refuses inside the tool, after an accepted check (is_error false)",
    input: {
      text: "Agent type 'Plan' has been denied by permission rule 'Agent(Plan)' from " +
        "projectSettings.",
      isError: false,
      decision: "accept",
    },
    expected: "denied",
  },
  {
    name: "a Skill rule refuses inside the tool",
    input: { text: "Skill execution blocked by permission rules", isError: false },
    expected: "denied",
  },
  {
    name: "interactive: the user said no at the prompt",
    input: {
      text: "The user doesn't want to proceed with this tool use. The tool use was rejected " +
        "(eg. if it was a file edit, the new_string was NOT written to the file).",
      isError: true,
    },
    expected: "rejected",
  },
  {
    name: "interactive: the user interrupted the call",
    input: { text: "[Request interrupted by user for tool use]", isError: true },
    expected: "rejected",
  },
  {
    name: "a PreToolUse hook that exits 2 denies",
    input: { text: "PreToolUse:Bash hook error: skald: Denied by Read(./.env)", isError: true },
    expected: "denied",
  },
  {
    name: "no such tool: refused before any permission check",
    input: {
      text: "<tool_use_error>Error: No such tool available: Agent. Agent is not among the " +
        "tools available here.</tool_use_error>",
      isError: true,
    },
    expected: "error",
  },
  {
    name: "a tool-wide deny rule removes the tool: a deny",
    input: {
      text: "<tool_use_error>Error: No such tool available: WebFetch. WebFetch is disabled " +
        "for this session, in subagents as well as here.</tool_use_error>",
      isError: true,
    },
    expected: "denied",
  },
  {
    name: "an input Claude Code blocks before running (standalone sleep): an error",
    input: {
      text: "<tool_use_error>Blocked: standalone sleep 60.</tool_use_error>",
      isError: true,
    },
    expected: "error",
  },
  {
    name: "attack: a command's output that says 'requires approval' ran (not an error)",
    input: { text: "This command requires approval", isError: false },
    expected: "ran",
  },
  {
    name: "attack: a failed command's output quoting a refusal ran (it starts with its exit code)",
    input: {
      text: "Exit code 1\nerror: the deploy step requires approval; cat: x: denied by your " +
        "permission settings",
      isError: true,
    },
    expected: "ran",
  },
  {
    name: "attack: a Read of a file holding a refusal text ran",
    input: { text: "1\tClaude requested permissions to use Bash", isError: false },
    expected: "ran",
  },
  {
    name: "a plain error of the tool ran (exit 127)",
    input: { text: "Exit code 127\n/bin/bash: line 1: mytool: command not found", isError: true },
    expected: "ran",
  },
];

for (const c of CASES) {
  Deno.test(`claude outcome: ${c.name}`, () => {
    assert.equal(claudeOutcome(c.input), c.expected);
  });
}
