/**
 * The table runner of `global_options_test.ts` and `flag_spellings_test.ts` (issue 11, points 1
 * and 2: deny and ask rules as users mean them). Every table goes both ways: denied under the
 * deny rule; the same command with another program, another subcommand or a harmless flag
 * keeps its verdict (a bare `Bash` allow rule is in force, so "allow" means "no deny rule
 * matched").
 *
 * @module
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

/** One rule, the commands it must deny and those it must leave alone: `[command, why]`. */
export interface Rows {
  rule: string;
  deny?: [string, string][];
  allow?: [string, string][];
}

/** Decides a command under deny, allow and ask rules. */
export const decide = (deny: string[], command: string, allow = ["Bash"], ask: string[] = []) =>
  new Policy({ sources: [{ label: "s", scope: "project", deny, allow, ask }], env: testEnv() })
    .decide({ tool: "Bash", input: { command } });

/** Runs a table: each rule against the commands it must deny and those it must leave alone. */
export function run(table: string, rows: Rows[]) {
  Deno.test(table, async (t) => {
    for (const { rule, deny = [], allow = [] } of rows) {
      const cases = [...deny.map((c) => [...c, "deny"]), ...allow.map((c) => [...c, "allow"])];
      for (const [command, why, expected] of cases) {
        await t.step(`${why}: ${rule} vs ${command}`, () => {
          const d = decide([rule], command!);
          assert.equal(d.verdict, expected, d.reason);
          if (expected === "deny") assert.equal(d.rule, rule);
        });
      }
    }
  });
}
