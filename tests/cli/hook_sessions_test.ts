/**
 * Real Claude Code sessions with skald as the hook, replayed (issue 9). The sessions of
 * `tests/oracle/hook_sessions.ts` ran through the Claude Code oracle (2.1.332) and were frozen
 * into `tests/fixtures/oracle/hook_sessions.json` by `tests/oracle/freeze_hook_sessions.ts`:
 * every hook input Claude Code sent (the `cwd` after a `cd` included), what skald answered, and
 * what Claude Code then did. CI has no Claude Code; this test checks that
 *
 * - the frozen sessions show what each case promises (every call's outcome is its `expect`,
 *   and no secret reached the model), and
 * - skald today answers every recorded hook input exactly as it did then (stdout, stderr, exit
 *   code), on the same project tree rebuilt in a temporary directory: so Claude Code would
 *   decide every call as it did. Both hooks answer: the bundle main.ts loads and its sources.
 */

import assert from "node:assert/strict";
import { REPO } from "./_run.ts";
import { HOOKS } from "./_hook_runs.ts";
import { hookArgs, type Session, SESSIONS } from "../oracle/hook_sessions.ts";

interface Row {
  name: string;
  calls: { id: string; decision: string; reasonType: string | null; text: string }[];
  hookCalls: { input: Record<string, unknown>; stdout: string; stderr: string; code: number }[];
}

const frozen = JSON.parse(
  Deno.readTextFileSync(`${REPO}/tests/fixtures/oracle/hook_sessions.json`),
) as [{ claudeVersion: string }, ...Row[]];
const rows = frozen.slice(1) as Row[];

/** The `skald hook` arguments of a session's registration; undefined: not skald's command. */
function argsOf(session: Session): string[] | undefined {
  if (session.installPlugin) return [];
  const doc =
    (session.settings !== undefined && typeof session.settings === "object"
      ? session.settings
      : session.userSettings) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  const command = Object.values(doc.hooks)[0]![0]!.hooks[0]!.command;
  return hookArgs(command);
}

function put(path: string, text: string): void {
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  Deno.writeTextFileSync(path, text);
}

/** The session's project and home, rebuilt under `dir`. */
function build(session: Session, dir: string): { project: string; home: string } {
  const project = `${dir}/proj`;
  const home = `${dir}/home`;
  Deno.mkdirSync(`${project}/.claude`, { recursive: true });
  Deno.mkdirSync(`${home}/.claude`, { recursive: true });
  for (const [path, content] of Object.entries(session.files ?? {})) {
    put(path.startsWith("~/") ? `${home}/${path.slice(2)}` : `${project}/${path}`, String(content));
  }
  const text = (v: unknown) => typeof v === "string" ? v : JSON.stringify(v);
  if (session.settings !== undefined) {
    put(`${project}/.claude/settings.json`, text(session.settings));
  }
  if (session.userSettings !== undefined) {
    put(`${home}/.claude/settings.json`, text(session.userSettings));
  }
  if (session.git) Deno.mkdirSync(`${project}/.git/hooks`, { recursive: true });
  return { project, home };
}

Deno.test("hook sessions: every session of the cases was frozen", () => {
  assert.deepEqual(rows.map((r) => r.name), SESSIONS.map((s) => s.name));
  assert.match(frozen[0].claudeVersion, /^2\.1\.332/);
});

for (const session of SESSIONS) {
  const row = rows.find((r) => r.name === session.name);
  Deno.test(`hook session: ${session.name}`, async (t) => {
    assert.ok(row, "frozen");
    await t.step("Claude Code did what the case promises", () => {
      assert.deepEqual(
        row.calls.map((c) => [c.id, c.decision]),
        session.calls.map((c) => [c.id, c.expect]),
      );
      for (const secret of session.secrets ?? []) {
        for (const c of row.calls) assert.ok(!c.text.includes(secret), `${c.id} leaked ${secret}`);
      }
      assert.ok(row.hookCalls.length > 0, "the hook ran");
    });
    for (const hook of HOOKS) {
      await t.step(`skald answers every recorded hook input as it did [${hook.name}]`, async () => {
        const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-session-" }));
        try {
          const { project, home } = build(session, dir);
          const sub = (text: string) =>
            text.replaceAll("{{PROJECT}}", project).replaceAll("{{HOME}}", home)
              .replaceAll("{{ROOT}}", dir);
          const args = argsOf(session);
          for (const call of row.hookCalls) {
            if (args === undefined && session.failingHook !== undefined) {
              // Not skald's command: it failed, and onFailure "block" refused the call (the
              // session's deny, checked above).
              assert.equal(call.code, session.failingHook);
              continue;
            }
            if (args === undefined) {
              // Not skald's command (not installed): the shell could not find it, and the
              // registration's fallback blocked the call (the session's deny, checked above).
              assert.equal(call.code, 127);
              assert.match(call.stderr, /skald-not-installed: command not found/);
              assert.match(row.calls[0]!.text, /skald hook could not run/);
              continue;
            }
            const input = JSON.parse(sub(JSON.stringify(call.input)));
            const r = await hook.run(args, {
              stdin: JSON.stringify(input),
              cwd: input.cwd,
              env: { HOME: home, CLAUDE_PROJECT_DIR: project },
            });
            const label = `${input.hook_event_name} ${JSON.stringify(input.tool_input)}`;
            assert.deepEqual(
              [r.code, r.stdout, r.stderr],
              [call.code, sub(call.stdout) + (call.stdout === "" ? "" : "\n"), sub(call.stderr)],
              label,
            );
          }
        } finally {
          Deno.removeSync(dir, { recursive: true });
        }
      });
    }
  });
}
