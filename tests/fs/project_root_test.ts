/**
 * The project of a call made in a directory, when `CLAUDE_PROJECT_DIR` does not say (issue 9,
 * "Where a call runs"): the nearest directory at or above holding `.claude/`, else `.git`, else
 * the directory itself; the home's `.claude` is the user's settings, not a project.
 */

import assert from "node:assert/strict";
import { existsOnDisk, findProjectRoot } from "../../lib/fs/project_root.ts";

const CASES: { name: string; cwd: string; marks: string[]; want: string }[] = [
  { name: ".claude in the directory itself", cwd: "/r", marks: ["/r/.claude"], want: "/r" },
  { name: ".claude two levels up", cwd: "/r/a/b", marks: ["/r/.claude"], want: "/r" },
  {
    name: "the nearest .claude wins",
    cwd: "/r/app/src",
    marks: ["/r/.claude", "/r/app/.claude"],
    want: "/r/app",
  },
  {
    name: ".claude anywhere above beats a nearer .git",
    cwd: "/r/sub/x",
    marks: ["/r/.claude", "/r/sub/.git"],
    want: "/r",
  },
  { name: "else the nearest .git", cwd: "/r/a/b", marks: ["/r/.git"], want: "/r" },
  { name: "else the directory itself", cwd: "/r/a/b", marks: [], want: "/r/a/b" },
  {
    name: "the home's .claude is not a project for a directory below the home",
    cwd: "/home/me/notes",
    marks: ["/home/me/.claude"],
    want: "/home/me/notes",
  },
  {
    name: "the home's .git (a dotfiles repository) neither",
    cwd: "/home/me/notes",
    marks: ["/home/me/.git"],
    want: "/home/me/notes",
  },
  {
    name: "a project below the home is found before the home is reached",
    cwd: "/home/me/repo/src",
    marks: ["/home/me/.claude", "/home/me/repo/.git"],
    want: "/home/me/repo",
  },
  {
    name: "run in the home itself, the home is the project",
    cwd: "/home/me",
    marks: ["/home/me/.claude"],
    want: "/home/me",
  },
  { name: "a path with .. is normalised", cwd: "/r/a/../b", marks: ["/r/.claude"], want: "/r" },
];

for (const c of CASES) {
  Deno.test(`project root: ${c.name}`, () => {
    const marks = new Set(c.marks);
    assert.equal(findProjectRoot(c.cwd, "/home/me", (p) => marks.has(p)), c.want);
  });
}

Deno.test("project root: on disk, a .git file (a worktree) counts, a dangling link does not", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-root-" }));
  try {
    await Deno.mkdir(`${dir}/wt/src`, { recursive: true });
    await Deno.writeTextFile(`${dir}/wt/.git`, "gitdir: /elsewhere\n");
    assert.equal(findProjectRoot(`${dir}/wt/src`, "/nonexistent-home", existsOnDisk), `${dir}/wt`);
    await Deno.mkdir(`${dir}/x/y`, { recursive: true });
    await Deno.symlink(`${dir}/missing`, `${dir}/x/.claude`);
    assert.equal(findProjectRoot(`${dir}/x/y`, "/nonexistent-home", existsOnDisk), `${dir}/x/y`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
