/**
 * skald's skill listing against the real thing: every skills observation of the Claude Code
 * oracle (frozen in `tests/fixtures/oracle/skills.json` by `tests/oracle/freeze_skills.ts`),
 * rebuilt on disk, discovered and listed by skald. Where skald deliberately differs (the spec
 * wins), `DEVIATIONS` gives skald's line and why; any other difference fails.
 */

import assert from "node:assert/strict";
import { posix } from "node:path";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { discover } from "../../lib/skills/discovery.ts";
import { yaml } from "../_skill_fs.ts";

interface Case {
  name: string;
  files: Record<string, string>;
  cwd: string | null;
  listing: { name: string; description: string }[];
}

/** Listing lines where skald differs on purpose: Claude Code's line -> skald's, and why. */
const DEVIATIONS: Record<string, { skald: string | null; why: string }> = {
  "- nofront: Heading line": {
    skald: "- nofront: Just a body without frontmatter.",
    why: "spec: the description is the first body line that is not a Markdown heading",
  },
  "- renamed-dir (other-name): Frontmatter name differs from the directory name": {
    skald: "- renamed-dir: Frontmatter name differs from the directory name",
    why: "spec: a frontmatter name that differs does not rename the skill",
  },
  "- with-hint: Has an argument hint and when_to_use - Use when the user says hint": {
    skald: "- with-hint: Has an argument hint and when_to_use",
    why: "spec: the description is the frontmatter description; when_to_use is not appended",
  },
  "- deploy: Deploy (apps/web)": {
    skald: "- deploy: Deploy (root)",
    why: "skald's root is the project root (--root), not the directory Claude Code started in",
  },
  "- webonly: Only in apps/web": {
    skald: null,
    why: "nested .claude/skills come in when a file under them is touched (skald activate)",
  },
  "- webcmd: Command in apps/web": {
    skald: null,
    why: "nested commands are never discovered (Claude Code loads them only when started there)",
  },
};

const cases: Case[] = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/oracle/skills.json", import.meta.url)),
);

const line = (e: { name: string; description: string }) =>
  e.description === "" ? `- ${e.name}` : `- ${e.name}: ${e.description}`;

for (const c of cases) {
  Deno.test(`oracle skills: ${c.name}`, () => {
    const top = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-oracle-skills-" }));
    try {
      const project = `${top}/proj`;
      const home = `${top}/home`;
      for (const [p, text] of Object.entries(c.files)) {
        const path = p.startsWith("~/") ? posix.join(home, p.slice(2)) : posix.join(project, p);
        Deno.mkdirSync(posix.dirname(path), { recursive: true });
        Deno.writeTextFileSync(path, text);
      }
      Deno.mkdirSync(home, { recursive: true });
      const found = discover({ root: project, home }, diskSkillReader);
      const catalogue = new Catalogue({ ...found, base: project, reader: diskSkillReader, yaml });
      const expected: string[] = [];
      for (const l of c.listing) {
        const d = DEVIATIONS[line(l)];
        if (d === undefined) expected.push(line(l));
        else if (d.skald !== null) expected.push(d.skald);
      }
      // The listing as Claude Code sends it: a description longer than 1,536 is cut, with "…".
      const listed = catalogue.listing().lines.map((l) => l.text);
      assert.deepEqual(listed, expected);
      assert.ok(expected.length > 0);
    } finally {
      Deno.removeSync(top, { recursive: true });
    }
  });
}
