/**
 * The folder Claude Code keeps a project's transcripts in (issue 15, point 1: the default input
 * is the current project's folder under \`~/.claude/projects/\`). The judge: the folders Claude Code
 * 2.1.332 made for sandboxes in odd places (through the oracle, \`ORACLE_TMPDIR\` set to each
 * path below), observed and copied here.
 */

import assert from "node:assert/strict";
import { projectFolderName } from "../../lib/audit/project_folder.ts";

const CASES: { name: string; input: string; expected: string }[] = [
  {
    name: "a plain path: each / becomes -",
    input: "/home/me/app",
    expected: "-home-me-app",
  },
  {
    name: "observed: dots, underscores and spaces become -",
    input: "/tmp/audit-oracle/dir.with_odd chars/cc-oracle-oNC90i/proj/apps/web",
    expected: "-tmp-audit-oracle-dir-with-odd-chars-cc-oracle-oNC90i-proj-apps-web",
  },
  {
    name: "observed: é is one code unit, 😀 two: three -",
    input: "/tmp/audit-oracle/é😀/cc-oracle-uZHtVP/proj",
    expected: "-tmp-audit-oracle-----cc-oracle-uZHtVP-proj",
  },
  {
    name: "observed: a 264-character path, cut to 200 and hashed",
    input:
      "/tmp/audit-oracle/longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/cc-oracle-SIPhYg/proj",
    expected:
      "-tmp-audit-oracle-longxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-2174a5",
  },
  {
    name: "observed: a long path with non-ASCII letters, hashed by code unit",
    input:
      "/tmp/audit-oracle/é-long/ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c.ab_c./ZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZéZé/cc-oracle-KxHjQM/proj",
    expected:
      "-tmp-audit-oracle---long-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c-ab-c--Z-Z-Z-Z-Z-Z-Z-Z-Z-Z-Z-Z--9ib4qo",
  },
];

for (const c of CASES) {
  Deno.test(`project folder: ${c.name}`, () => {
    assert.equal(projectFolderName(c.input), c.expected);
  });
}
