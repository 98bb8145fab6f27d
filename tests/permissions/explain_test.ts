/**
 * `explain` lists the rule that decided a call, also when it is a rule of another tool: a Read
 * rule held against a shell command's paths or a write, an Edit allow rule on a read.
 */

import assert from "node:assert/strict";
import { explain } from "../../lib/permissions/explain.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

const CASES: { name: string; deny?: string[]; allow?: string[]; tool: string; input: object }[] = [
  {
    name: "a Read deny on a shell command's path",
    deny: ["Read(./.env)"],
    tool: "Bash",
    input: { command: "cat .env" },
  },
  {
    name: "a Read deny on a write",
    deny: ["Read(./.env)"],
    tool: "Write",
    input: { file_path: "/proj/.env", content: "x" },
  },
  {
    name: "an Edit allow on a read",
    allow: ["Edit(./docs/**)"],
    tool: "Read",
    input: { file_path: "/proj/docs/a.md" },
  },
];

for (const c of CASES) {
  Deno.test(`explain: the deciding rule is listed: ${c.name}`, () => {
    const policy = new Policy({
      sources: [{ label: "s", scope: "project", deny: c.deny, allow: c.allow }],
      env: testEnv(),
    });
    const e = explain(policy, { tool: c.tool, input: c.input });
    assert.notEqual(e.decision.rule, null);
    const listed = e.rules.find((r) => r.rule === e.decision.rule);
    assert.deepEqual(
      listed && [listed.source, listed.matches, listed.detail],
      ["s", true, `decided the call: ${e.decision.reason}`],
    );
  });
}
