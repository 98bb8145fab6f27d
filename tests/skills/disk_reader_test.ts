/**
 * The catalogue on the disk reader: files read as they are when asked for (a /reload, a body),
 * heads that are not enough read further, in every size class of the reader.
 */

import assert from "node:assert/strict";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { BODY_BYTES, Catalogue, HEAD_BYTES, type Root } from "../../lib/skills/catalogue.ts";
import { yaml } from "../_skill_fs.ts";

/** A skills root in a fresh directory, with one skill `x` holding `text`. */
function skillsRoot(text: string): { dir: string; file: string; roots: Root[] } {
  const dir = Deno.makeTempDirSync({ prefix: "skald-disk-" });
  Deno.mkdirSync(`${dir}/x`);
  const file = `${dir}/x/SKILL.md`;
  Deno.writeTextFileSync(file, text);
  return { dir, file, roots: [{ dir, source: "skills", layout: "skills" }] };
}

const load = (roots: Root[]) => new Catalogue({ roots, reader: diskSkillReader, yaml });

Deno.test("activated: a /reload builds a new catalogue, which reads the files as they are now", () => {
  const { dir, file, roots } = skillsRoot("---\ndescription: old\n---\nold body\n");
  try {
    assert.equal(load(roots).find("x")?.description, "old");
    Deno.writeTextFileSync(file, "---\ndescription: new\n---\nnew body\n");
    assert.equal(load(roots).find("x")?.description, "new");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("body: the skill file's text as it is when asked for", () => {
  const { dir, file, roots } = skillsRoot("---\ndescription: d\n---\nold body\n");
  try {
    const c = load(roots);
    assert.equal(c.body("x"), "old body\n");
    Deno.writeTextFileSync(file, "---\ndescription: d\n---\nnew body\n");
    assert.equal(c.body("x"), "new body\n");
    assert.equal(c.toolText("x"), `Base directory for this skill: ${dir}/x\n\nnew body\n`);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

/** Sizes around the reader's 16 KiB first read, each with a frontmatter longer than the head. */
const SIZES: { name: string; bodyBytes: number }[] = [
  { name: "a file shorter than the first read", bodyBytes: 2 * 1024 },
  { name: "a file longer than the first read", bodyBytes: 40 * 1024 },
  { name: "a file longer than the most read", bodyBytes: BODY_BYTES + 1024 },
];

for (const s of SIZES) {
  Deno.test(`description: a frontmatter longer than the head is read whole (${s.name})`, () => {
    const description = "word ".repeat(HEAD_BYTES / 2).trim();
    const text = `---\ndescription: ${description}\n---\n` + "b".repeat(s.bodyBytes);
    const { dir, roots } = skillsRoot(text);
    try {
      const c = load(roots);
      assert.equal(c.find("x")?.description, description);
      const big = new TextEncoder().encode(text).length > BODY_BYTES;
      assert.deepEqual(
        c.problems().map((p) => p.reason.replace(/ \(\d+\)/, "")),
        big ? [`The file is larger than ${BODY_BYTES} bytes: its body is cut there`] : [],
      );
      const body = c.body("x")!;
      assert.equal(body.length, big ? BODY_BYTES - text.indexOf("\nb") - 1 : s.bodyBytes);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  });

  Deno.test(`description: a first body line past the head is found (${s.name})`, () => {
    const text = "#\n".repeat(HEAD_BYTES) + "Deep line\n" + "b".repeat(s.bodyBytes);
    const { dir, roots } = skillsRoot(text);
    try {
      assert.equal(load(roots).find("x")?.description, "Deep line");
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  });
}

Deno.test("disk reader: a head cut inside a UTF-8 sequence leaves the character out", () => {
  const dir = Deno.makeTempDirSync({ prefix: "skald-disk-" });
  try {
    Deno.writeTextFileSync(`${dir}/f.md`, "ab\u00e9cd");
    assert.deepEqual(diskSkillReader.read(`${dir}/f.md`, 3), {
      text: "ab",
      truncated: true,
      size: 6,
    });
    assert.deepEqual(diskSkillReader.read(`${dir}/f.md`, 4), {
      text: "ab\u00e9",
      truncated: true,
      size: 6,
    });
    assert.deepEqual(diskSkillReader.read(`${dir}/f.md`, 6), {
      text: "ab\u00e9cd",
      truncated: false,
      size: 6,
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
