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
 * Several output files may be frozen into one table (the last argument names it).
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

const to = Deno.args.at(-1);
const froms = Deno.args.slice(0, -1);
if (to === undefined || froms.length === 0) {
  throw new Error("usage: freeze_results.ts ORACLE_OUTPUT.json [MORE.json ...] FIXTURE_NAME.json");
}
writeFixture(
  to,
  froms.flatMap((from) => {
    const output: Output = JSON.parse(Deno.readTextFileSync(from));
    const file = from.replace(/^.*\//, "");
    return output.results.map((group) => ({
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
    }));
  }),
);
