/**
 * Real Gemini CLI (0.61.0) and Codex CLI (0.169.0) sessions with skald as their pre-tool hook,
 * replayed (issue 16). The sessions of `tests/oracle/agent_sessions.ts` ran through the agent
 * oracles and were frozen into `tests/fixtures/oracle/agent_sessions.json` by
 * `tests/oracle/freeze_agent_sessions.ts`: every hook input the agent sent, what skald answered,
 * whether the tool ran and the text the model got. CI has neither agent; this test checks that
 *
 * - the frozen sessions show what each case promises (each call's outcome, the text the model
 *   got, no secret reaching the model, the files a refused call would have changed), and
 * - skald today answers every recorded hook input exactly as it did then (stdout, stderr, exit
 *   code), on the same project rebuilt in a temporary directory: so the agent would decide
 *   every call as it did.
 */

import assert from "node:assert/strict";
import { REPO, skald } from "./_run.ts";
import {
  AGENT_SESSIONS,
  type AgentSession,
  FALLBACK_LINE,
  hookCommand,
} from "../oracle/agent_sessions.ts";

interface Row {
  name: string;
  agent: string;
  calls: {
    id: string;
    outcome: string;
    text: string;
    hookRuns: { stdin: string; stdout: string; stderr: string; exit: number }[];
  }[];
  afterFiles: Record<string, boolean>;
}

const frozen = JSON.parse(
  Deno.readTextFileSync(`${REPO}/tests/fixtures/oracle/agent_sessions.json`),
) as [{ geminiVersion: string; codexVersion: string }, ...Row[]];
const rows = frozen.slice(1) as Row[];

function build(session: AgentSession, dir: string): { project: string; home: string } {
  const project = `${dir}/proj`;
  const home = `${dir}/home`;
  Deno.mkdirSync(project, { recursive: true });
  Deno.mkdirSync(home, { recursive: true });
  for (const [path, content] of Object.entries(session.files)) {
    const file = `${project}/${path}`;
    Deno.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    Deno.writeTextFileSync(file, content);
  }
  if (session.git) Deno.mkdirSync(`${project}/.git/hooks`, { recursive: true });
  return { project, home };
}

Deno.test("agent sessions: every session was frozen, with the pinned agents", () => {
  assert.deepEqual(rows.map((r) => r.name), AGENT_SESSIONS.map((s) => s.name));
  assert.equal(frozen[0].geminiVersion, "0.61.0");
  assert.equal(frozen[0].codexVersion, "codex-cli 0.169.0");
});

for (const session of AGENT_SESSIONS) {
  const row = rows.find((r) => r.name === session.name);
  Deno.test(`agent session: ${session.name}`, async (t) => {
    assert.ok(row, "frozen");
    await t.step(`${session.agent} did what the case promises`, () => {
      assert.deepEqual(
        row.calls.map((c) => [c.id, c.outcome]),
        session.calls.map((c) => [c.id, c.expect]),
      );
      for (const [i, c] of session.calls.entries()) {
        if (c.textIncludes !== undefined) assert.ok(row.calls[i]!.text.includes(c.textIncludes));
        for (const secret of session.secrets ?? []) {
          assert.ok(!row.calls[i]!.text.includes(secret), `${c.id} leaked ${secret}`);
        }
      }
      for (const f of session.stillThere ?? []) assert.equal(row.afterFiles[f], true, f);
      for (const f of session.absent ?? []) assert.equal(row.afterFiles[f], false, f);
      assert.ok(row.calls.some((c) => c.hookRuns.length > 0), "the hook ran");
    });
    await t.step("skald answers every recorded hook input as it did", async () => {
      const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-agent-session-" }));
      try {
        const { project, home } = build(session, dir);
        const sub = (text: string) =>
          text.replaceAll("{{PROJECT}}", project).replaceAll("{{HOME}}", home)
            .replaceAll("{{ROOT}}", dir);
        const ours = /^\{\{SKALD\}\} hook|\| \{\{SKALD\}\} hook/.test(hookCommand(session));
        for (const call of row.calls.flatMap((c) => c.hookRuns)) {
          if (!ours) {
            // Not skald's command (not installed): bash could not find it; with the
            // registration's fallback the call was blocked (the outcome, checked above).
            assert.equal(call.exit, call.stderr.includes(FALLBACK_LINE) ? 2 : 127);
            assert.match(call.stderr, /skald-not-installed: command not found/);
            continue;
          }
          const r = await skald(["hook", "--agent", session.agent, ...session.args ?? []], {
            stdin: session.feeds ?? sub(call.stdin),
            cwd: project,
            // Gemini gives its hooks CLAUDE_PROJECT_DIR (observed); Codex does not.
            env: {
              HOME: home,
              ...(session.agent === "gemini" ? { CLAUDE_PROJECT_DIR: project } : {}),
            },
          });
          // The registration's fallback adds its line when skald exits non-zero.
          const stderr = r.code === 0 ? r.stderr : r.stderr + FALLBACK_LINE;
          assert.deepEqual(
            [r.code, r.stdout, stderr],
            [call.exit, sub(call.stdout), sub(call.stderr)],
            call.stdin,
          );
        }
      } finally {
        Deno.removeSync(dir, { recursive: true });
      }
    });
  });
}
