/**
 * skald's hook in a real Claude Code run: `tests/fixtures/oracle/hook.json` holds a case run
 * through the Claude Code oracle (`../shared/oracle`, Claude Code 2.1.332) with skald
 * registered as its PreToolUse hook, and what Claude Code then decided: `bash -c 'rm -rf x'`,
 * which Claude Code alone only asks for under a `Bash(rm:*)` deny rule, was denied by the hook.
 * CI has no Claude Code: it replays the same tool calls through `skald hook` and checks that the
 * hook gives the answers that made Claude Code decide so. With `SKALD_ORACLE` pointing at the
 * oracle (and Claude Code installed) the real run is repeated too.
 */

import assert from "node:assert/strict";
import { REPO, skald } from "./_run.ts";

interface Frozen {
  case: {
    settings: Record<string, unknown>;
    calls: { id: string; tool: string; input: Record<string, unknown> }[];
  };
  observed: { id: string; decision: string; reasonType: string | null; text: string }[];
}

const frozen: Frozen = JSON.parse(Deno.readTextFileSync(`${REPO}/tests/fixtures/oracle/hook.json`));

Deno.test("hook in Claude Code: the hook answers what made Claude Code deny (replayed)", async () => {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-hook-oracle-" }));
  try {
    Deno.mkdirSync(`${dir}/.claude`);
    Deno.writeTextFileSync(`${dir}/.claude/settings.json`, JSON.stringify(frozen.case.settings));
    for (const call of frozen.case.calls) {
      const seen = frozen.observed.find((o) => o.id === call.id)!;
      const stdin = JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: dir,
        permission_mode: "default",
        tool_name: call.tool,
        tool_input: call.input,
      });
      const r = await skald(["hook"], { stdin });
      assert.equal(r.code, 0, r.stderr);
      if (seen.reasonType === "hook") {
        const out = JSON.parse(r.stdout).hookSpecificOutput;
        assert.equal(out.permissionDecision, seen.decision, call.id);
        assert.ok(seen.text.endsWith(out.permissionDecisionReason), `${call.id}: ${seen.text}`);
      } else {
        assert.equal(r.stdout, "", `${call.id}: the hook had no opinion`);
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

const oracle = Deno.env.get("SKALD_ORACLE");

Deno.test({
  name: "hook in Claude Code: a real run through the oracle (only with SKALD_ORACLE)",
  ignore: oracle === undefined,
  fn: async () => {
    const spec = JSON.stringify({
      ...frozen.case,
      env: { DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno` },
    });
    const child = new Deno.Command("node", {
      args: [`${oracle}/claude-oracle.mjs`, "perm", "-"],
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(spec));
    await w.close();
    const out = JSON.parse(new TextDecoder().decode((await child.output()).stdout));
    const results = (out.results ?? out)[0].results as { id: string; decision: string }[];
    for (const seen of frozen.observed) {
      assert.equal(results.find((r) => r.id === seen.id)?.decision, seen.decision, seen.id);
    }
  },
});
