/**
 * A root with a symbolic-link loop, an unreadable file, a 50 MB SKILL.md, a YAML alias bomb,
 * invalid UTF-8 and a directory where a file is expected: the rest of the catalogue still
 * loads, each is a problem with file and reason, without a blow-up (a CPU-time guard,
 * `../_cpu.ts`: 10 times the cost measured on the 2-core machine).
 */

import assert from "node:assert/strict";
import { diskSkillReader } from "../../lib/fs/skill_reader.ts";
import { Catalogue } from "../../lib/skills/catalogue.ts";
import { yaml } from "../_skill_fs.ts";
import { withinCpu } from "../_cpu.ts";

function write(path: string, data: string | Uint8Array): void {
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  if (typeof data === "string") Deno.writeTextFileSync(path, data);
  else Deno.writeFileSync(path, data);
}

function bomb(): string {
  let out = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (let i = 1; i < 9; i++) out += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]\n`;
  return out + "description: [unclosed\n";
}

Deno.test({
  name: "adversarial catalogue: every bad file is a problem, the rest loads, without a blow-up",
  sanitizeResources: false,
  fn: () => {
    const dir = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-bad-" }));
    try {
      const skills = `${dir}/skills`;
      const commands = `${dir}/commands`;
      write(`${skills}/good/SKILL.md`, "---\ndescription: Good\n---\nbody\n");
      write(
        `${skills}/huge/SKILL.md`,
        "---\ndescription: Huge\n---\n" + "x".repeat(50 * 1024 * 1024),
      );
      write(`${skills}/bomb/SKILL.md`, `---\n${bomb()}---\nBomb body\n`);
      write(
        `${skills}/latin1/SKILL.md`,
        new Uint8Array([
          0x2d,
          0x2d,
          0x2d,
          0x0a,
          0x2d,
          0x2d,
          0x2d,
          0x0a,
          0x63,
          0x61,
          0x66,
          0xe9,
          0x0a,
        ]),
      );
      Deno.mkdirSync(`${skills}/dirfile/SKILL.md`, { recursive: true });
      write(`${skills}/locked/SKILL.md`, "---\ndescription: Locked\n---\n");
      Deno.chmodSync(`${skills}/locked/SKILL.md`, 0o000);
      write(`${commands}/ok.md`, "Fine command\n");
      Deno.mkdirSync(`${commands}/sub`, { recursive: true });
      Deno.symlinkSync(commands, `${commands}/sub/loop`);
      Deno.symlinkSync(`${skills}/nowhere`, `${skills}/dangling`);

      const c = withinCpu(
        20,
        () =>
          new Catalogue({
            roots: [
              { dir: skills, source: "skills", layout: "skills" },
              { dir: commands, source: "commands", layout: "commands" },
            ],
            reader: diskSkillReader,
            yaml,
          }),
        "loading the catalogue",
      );
      const names = c.skills().map((e) => e.name).sort();
      // A privileged user (root) reads a file whatever its mode.
      const root = (() => {
        try {
          Deno.readFileSync(`${skills}/locked/SKILL.md`);
          return true;
        } catch {
          return false;
        }
      })();
      const expected = ["bomb", "good", "huge", "latin1", "ok"];
      if (root) expected.push("locked");
      assert.deepEqual(names, expected.sort());
      assert.equal(c.find("huge")?.description, "Huge");
      assert.equal(c.find("latin1")?.description, "caf\ufffd");
      const problems = c.problems().map((p) => `${p.file.replace(dir, "")}: ${p.reason}`);
      const has = (re: RegExp) =>
        assert.ok(problems.some((p) => re.test(p)), `${re}\n${problems.join("\n")}`);
      has(/^\/skills\/huge\/SKILL\.md: The file is larger than 8388608 bytes \(52428826\)/);
      has(/^\/skills\/latin1\/SKILL\.md: The file is not valid UTF-8/);
      has(/^\/skills\/dirfile\/SKILL\.md: .*directory/);
      has(/^\/commands\/sub\/loop: A symbolic link loops back/);
      if (!root) has(/^\/skills\/locked\/SKILL\.md: .*Permission denied/);
      // YAML refuses the alias bomb; the lenient line reader keeps the lines as text.
      assert.equal(c.find("bomb")?.description, "[unclosed");
      const body = c.body("huge");
      assert.ok(body !== undefined && body.length <= 8 * 1024 * 1024);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});
