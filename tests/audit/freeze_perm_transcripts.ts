/**
 * Runs every permission case of the oracle (`cases/perm-*.json`: 34 Claude Code runs, 214
 * calls) with the sandbox kept, and freezes the transcripts Claude Code wrote, stripped to their
 * structure and tool calls (`_strip.ts`, compact: without the threading and the times), into
 * `tests/fixtures/audit/perm/`, with
 * `expect.json`: per call, the transcript and tool_use id, and what Claude Code did as the
 * oracle read it from the stream-json metadata (its `decision`). A call of a run Claude Code
 * refused to start has no transcript and is left out. Re-run after a Claude Code upgrade:
 *
 *   deno run -A tests/audit/freeze_perm_transcripts.ts ../shared/oracle
 *
 * @module
 */

import { posix } from "../../lib/path.ts";
import { stripLine } from "./_strip.ts";

const ORACLE = posix.resolve(Deno.args[0] ?? "../shared/oracle");
const REPO = decodeURIComponent(new URL("../..", import.meta.url).pathname).replace(/\/$/, "");
const OUT = `${REPO}/tests/fixtures/audit/perm`;

try {
  Deno.removeSync(OUT, { recursive: true });
} catch {
  // Not there yet.
}

const expect: Record<string, unknown>[] = [];
const cases = [...Deno.readDirSync(`${ORACLE}/cases`)].map((e) => e.name)
  .filter((n) => /^perm-.*\.json$/.test(n)).sort();
for (const file of cases) {
  const stem = file.slice(0, -".json".length);
  const tmp = Deno.makeTempDirSync({ prefix: "skald-freeze-perm-" });
  const out = `${tmp}/out.json`;
  const run = new Deno.Command("node", {
    args: [
      `${ORACLE}/claude-oracle.mjs`,
      "perm",
      `${ORACLE}/cases/${file}`,
      "--keep",
      "--quiet",
      "--out",
      out,
    ],
    env: { ORACLE_TMPDIR: tmp },
    stdout: "null",
    stderr: "inherit",
  }).outputSync();
  if (!run.success && run.code !== 2) throw new Error(`${file}: the oracle failed`);
  const groups = JSON.parse(Deno.readTextFileSync(out)).results;
  groups.forEach((g: Record<string, unknown>, gi: number) => {
    const sandboxes = (Array.isArray(g.sandbox) ? g.sandbox : [g.sandbox]) as string[];
    const ids = new Map<string, string>();
    sandboxes.forEach((sandbox, si) => {
      const projects = `${sandbox}/home/.claude/projects`;
      let folders: Deno.DirEntry[];
      try {
        folders = [...Deno.readDirSync(projects)];
      } catch {
        return; // Claude Code did not start: no transcript
      }
      for (const folder of folders) {
        for (const t of Deno.readDirSync(`${projects}/${folder.name}`)) {
          if (!t.name.endsWith(".jsonl")) continue;
          const unfill = (x: string) =>
            x.replaceAll(`${sandbox}/proj`, "{{PROJECT}}").replaceAll(`${sandbox}/home`, "{{HOME}}")
              .replaceAll(`${sandbox}/outside`, "{{OUTSIDE}}").replaceAll(sandbox, "{{ROOT}}");
          const lines = Deno.readTextFileSync(`${projects}/${folder.name}/${t.name}`).split("\n")
            .filter((l) => l !== "").map((l) => unfill(stripLine(l, true)));
          const name = `${stem}/${String(gi).padStart(2, "0")}${
            sandboxes.length > 1 ? `-${si}` : ""
          }.jsonl`;
          Deno.mkdirSync(posix.dirname(`${OUT}/${name}`), { recursive: true });
          Deno.writeTextFileSync(`${OUT}/${name}`, lines.join("\n") + "\n");
          for (const l of lines) {
            for (const m of l.matchAll(/"type":"tool_use","id":"(toolu_oracle_[^"]+)"/g)) {
              ids.set(m[1]!, name);
            }
          }
        }
      }
    });
    for (const c of g.results as { id: string; decision: string }[]) {
      const want = `toolu_oracle_${c.id.replace(/[^A-Za-z0-9]/g, "_")}_`;
      const id = [...ids.keys()].find((k) =>
        k.startsWith(want) && /^\d+$/.test(k.slice(want.length))
      );
      if (id === undefined) continue;
      expect.push({ transcript: ids.get(id), group: g.name, call: c.id, id, decision: c.decision });
    }
  });
  Deno.removeSync(tmp, { recursive: true });
  console.log(`${file}: ${groups.length} runs`);
}
Deno.writeTextFileSync(`${OUT}/expect.json`, JSON.stringify(expect, null, 1) + "\n");
console.log(`${expect.length} calls frozen`);
