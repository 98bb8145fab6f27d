/**
 * A synthetic catalogue on disk for the catalogue benchmark and its ratio test: `n` skills over
 * several roots (two skills roots, a commands root with subdirectories, a flat root), each file
 * with a realistic frontmatter and body.
 *
 * @module
 */

import { posix } from "node:path";
import type { Root } from "../lib/skills/catalogue.ts";

/** A catalogue tree written to a temporary directory. */
export interface SyntheticTree {
  dir: string;
  roots: Root[];
  /** Every file the catalogue will read. */
  files: string[];
}

/** About 5 KB of body, a typical SKILL.md (Anthropic's published skills run from 5 KB to 15 KB). */
const BODY = "Follow these steps carefully, one at a time.\n\n".repeat(110);

/**
 * Writes `n` skill and command files.
 *
 * @param n how many files
 * @returns the tree
 */
export function writeSyntheticTree(n: number): SyntheticTree {
  const dir = Deno.makeTempDirSync({ prefix: "skald-catalogue-" });
  const roots: Root[] = [
    { dir: `${dir}/user/skills`, source: "~/.claude/skills", layout: "skills" },
    { dir: `${dir}/project/skills`, source: ".claude/skills", layout: "skills" },
    { dir: `${dir}/project/commands`, source: ".claude/commands", layout: "commands" },
    { dir: `${dir}/flat`, source: "--skills flat", layout: "flat" },
  ];
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const root = roots[i % roots.length]!;
    const fm = `---\nname: s${i}\ndescription: Skill number ${i} does a useful thing\n` +
      `allowed-tools: Bash(git status:*), Read\n---\n# Skill ${i}\n\n${BODY}`;
    let file: string;
    if (root.layout === "skills") file = posix.join(root.dir, `s${i}`, "SKILL.md");
    else if (root.layout === "commands") file = posix.join(root.dir, `group${i % 20}`, `c${i}.md`);
    else file = posix.join(root.dir, `f${i}.md`);
    Deno.mkdirSync(posix.dirname(file), { recursive: true });
    Deno.writeTextFileSync(file, fm);
    files.push(file);
  }
  return { dir, roots, files };
}

/** Reads every file once, the baseline the catalogue is measured against. */
export function readAllOnce(files: string[]): number {
  let bytes = 0;
  for (const f of files) bytes += Deno.readFileSync(f).length;
  return bytes;
}
