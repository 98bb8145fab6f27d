/**
 * The false denies on ordinary commands must not grow (issue 11): every command of the corpus
 * (`ordinary_commands.ts`) is decided under the typical deny rules with a bare `Bash` allow
 * rule in force. The one deny is a rule matching as written (`npm publish --help` under
 * `Bash(npm publish:*)`), as before the deny readings; `bench/false_denies.ts` prints the same
 * count for any checkout.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";
import { ORDINARY_COMMANDS, TYPICAL_DENY_RULES } from "./ordinary_commands.ts";

Deno.test("ordinary commands under typical deny rules: the false denies", () => {
  const policy = new Policy({
    sources: [{ label: "s", scope: "project", deny: [...TYPICAL_DENY_RULES], allow: ["Bash"] }],
    env: testEnv(),
  });
  const denied = ORDINARY_COMMANDS.filter((command) =>
    policy.decide({ tool: "Bash", input: { command } }).verdict === "deny"
  );
  assert.deepEqual(denied, ["npm publish --help"]);
});
