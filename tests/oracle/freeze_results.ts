/**
 * Freezes one oracle output file (`claude-oracle.mjs perm CASES --out FILE`) into a test table
 * of `tests/fixtures/oracle/`, in the rows `oracle_perm_test.ts` replays. For case files kept
 * in this repository (`tests/oracle/cases/`), whose results are not in the shared oracle:
 *
 *   node ../shared/oracle/claude-oracle.mjs perm tests/oracle/cases/perm-deny-readings.json \
 *     --out /tmp/perm-deny-readings.json --quiet
 *   deno run --allow-read --allow-write tests/oracle/freeze_results.ts \
 *     /tmp/perm-deny-readings.json perm-readings.json
 *
 * @module
 */

import { writeFixture } from "./_oracle_files.ts";

interface Output {
  results: {
    name: string;
    setup: Record<string, unknown>;
    results: { id: string; tool: string; input: unknown; decision: string; text: string | null }[];
  }[];
}

const [from, to] = Deno.args;
if (from === undefined || to === undefined) {
  throw new Error("usage: freeze_results.ts ORACLE_OUTPUT.json FIXTURE_NAME.json");
}
const output: Output = JSON.parse(Deno.readTextFileSync(from));
const file = from.replace(/^.*\//, "");
writeFixture(
  to,
  output.results.map((group) => ({
    file,
    name: group.name,
    ...group.setup,
    calls: group.results.map((r) => ({
      id: r.id,
      tool: r.tool,
      input: r.input,
      decision: r.decision,
      text: (r.text ?? "").length > 300 ? r.text!.slice(0, 300) + "…" : r.text ?? "",
    })),
  })),
);
