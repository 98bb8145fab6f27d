/**
 * `skald audit` on a generated transcript of 100,000 tool calls (`tests/audit/_generate.ts`:
 * Claude Code 2.1.332's line shapes, about 3.6 KB a call, 363 MB), against the typical deny
 * rules: reading it (streamed), replaying its calls through one policy and counting them, and
 * the whole command as a process (start-up, settings, table). The issue's goal: 100,000 calls in
 * a few seconds.
 *
 * Run: `deno bench --allow-all bench/audit_bench.ts`
 *
 * @module
 */

import { cachedRealPath } from "../lib/fs/real_path.ts";
import { fileLines } from "../lib/fs/transcript_files.ts";
import { treeHolds } from "../lib/fs/tree_search.ts";
import { Policy } from "../lib/permissions/policy.ts";
import { loadSettings } from "../lib/settings/load.ts";
import { replayer } from "../lib/audit/replay.ts";
import { newReport } from "../lib/audit/report.ts";
import { readTranscript } from "../lib/audit/transcript.ts";
import { GENERATED_SETTINGS, writeGeneratedTranscript } from "../tests/audit/_generate.ts";

const CALLS = 100_000;
const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-audit-bench-" }));
const root = `${dir}/app`;
Deno.mkdirSync(`${root}/.claude`, { recursive: true });
Deno.writeTextFileSync(`${root}/.claude/settings.json`, JSON.stringify(GENERATED_SETTINGS));
const file = `${dir}/session.jsonl`;
const bytes = writeGeneratedTranscript(file, CALLS, root);
console.log(`${CALLS} calls, ${(bytes / 1e6).toFixed(0)} MB`);
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const settings = await loadSettings({ root, home: dir, extra: [], cwd: root });
const policy = new Policy({
  sources: settings.sources,
  env: { root, home: dir, realPath: cachedRealPath(), treeHolds },
});
const read = await readTranscript(fileLines(file), "session.jsonl");
if (read.calls.length !== CALLS || read.problems.length > 0) throw new Error("generator");

Deno.bench({
  name: "read a transcript of 100,000 calls",
  group: "audit",
  n: 3,
  warmup: 1,
  fn: async () => {
    await readTranscript(fileLines(file), "session.jsonl");
  },
});

Deno.bench({
  name: "replay and count 100,000 calls (one policy)",
  group: "audit",
  n: 3,
  warmup: 1,
  fn: () => {
    const replay = replayer(policy);
    const report = newReport();
    report.policy(root, policy);
    for (const call of read.calls) {
      report.add({ transcript: "session.jsonl", project: root, call, decision: replay(call) });
    }
    report.finish();
  },
});

Deno.bench({
  name: "skald audit of 100,000 calls, the whole process",
  group: "audit",
  n: 3,
  warmup: 1,
  fn: async () => {
    const main = new URL("../main.ts", import.meta.url).pathname;
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--allow-read",
        "--allow-env",
        main,
        "audit",
        "--root",
        root,
        "--home",
        dir,
        file,
      ],
      stdout: "null",
      stderr: "null",
    }).output();
    if (out.code !== 4) throw new Error(`skald audit exited ${out.code}`);
  },
});
