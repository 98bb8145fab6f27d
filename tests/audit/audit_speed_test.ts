/**
 * No blow-up in an audit (issue 15, point 4: "replaying 100,000 calls takes a few seconds";
 * `bench/audit_bench.ts` measures 100,000): a generated transcript of 25,000 calls in Claude
 * Code 2.1.332's shape (`_generate.ts`, about 90 MB) is read as a stream, replayed through one
 * policy and counted, and the whole costs at most 10 times the CPU time measured on the 2-core
 * machine (a guard, `../_cpu.ts`; issue 25, point 3). A reader that split the file again per
 * line, or went back over the calls read for each new one, would not keep to it.
 */

import assert from "node:assert/strict";
import { cachedRealPath } from "../../lib/fs/real_path.ts";
import { fileLines } from "../../lib/fs/transcript_files.ts";
import { treeHolds } from "../../lib/fs/tree_search.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { loadSettings } from "../../lib/settings/load.ts";
import { replayer } from "../../lib/audit/replay.ts";
import { newReport } from "../../lib/audit/report.ts";
import { readTranscript } from "../../lib/audit/transcript.ts";
import { GENERATED_SETTINGS, writeGeneratedTranscript } from "./_generate.ts";
import { withinCpuAsync } from "../_cpu.ts";

const CALLS = 25_000;
/** CPU milliseconds the audit of {@link CALLS} calls took, as measured (rounded up). */
const EXPECT_MS = 800;

Deno.test("audit speed: 25,000 generated calls read, replayed and counted without a blow-up", async () => {
  const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-audit-speed-" }));
  try {
    const root = `${dir}/app`;
    Deno.mkdirSync(`${root}/.claude`, { recursive: true });
    Deno.writeTextFileSync(`${root}/.claude/settings.json`, JSON.stringify(GENERATED_SETTINGS));
    const file = `${dir}/session.jsonl`;
    const bytes = writeGeneratedTranscript(file, CALLS, root);
    assert.ok(bytes > 50e6, `${bytes} bytes`);
    const { read, r } = await withinCpuAsync(EXPECT_MS, async () => {
      const settings = await loadSettings({ root, home: dir, extra: [], cwd: root });
      const policy = new Policy({
        sources: settings.sources,
        env: { root, home: dir, realPath: cachedRealPath(), treeHolds },
      });
      const read = await readTranscript(fileLines(file), "session.jsonl");
      const report = newReport();
      report.policy(root, policy);
      const replay = replayer(policy);
      for (const call of read.calls) {
        report.add({ transcript: "session.jsonl", project: root, call, decision: replay(call) });
      }
      return { read, r: report.finish() };
    }, `the audit of ${CALLS} calls`);
    assert.equal(r.calls, CALLS);
    assert.equal(read.problems.length, 0);
    const missing = Object.values(r.verdicts).reduce((n, o) => n + o.missing, 0);
    assert.equal(missing, 1, "the last call has no result");
    assert.ok(r.ran.some((c) => c.decision.rule === "Bash(rm -rf:*)"), "the deny rules decide");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
