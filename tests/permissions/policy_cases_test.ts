/**
 * `skald test`'s case files read: one call per case (`bash`, `read`, `edit`, ... or a `tool`
 * and `input`), labelled, and every case that cannot be read a problem naming it.
 */

import assert from "node:assert/strict";
import { readPolicyCases } from "../../lib/permissions/policy_cases.ts";

Deno.test("policy cases: each case a labelled call; a wrong expect is a problem, not a case", () => {
  const { cases, problems } = readPolicyCases([
    { bash: "git push --force", expect: "deny" },
    { name: "reading is fine", read: "src/app.ts", expect: "allow" },
    { bash: "ls", expect: "maybe" },
  ]);
  assert.deepEqual(cases.map((c) => c.label), ['Bash "git push --force"', 'Read "src/app.ts"']);
  assert.deepEqual(cases[1]?.call, { tool: "Read", input: { file_path: "src/app.ts" } });
  assert.deepEqual(problems, ['Case 3: "expect" must be allow, ask or deny']);
});
