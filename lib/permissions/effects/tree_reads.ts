/**
 * Readers that descend directories (issue 11, point 3): the directories a command reads whole,
 * each held against every Read rule that names a path below it (`grep -r KEY .` reads
 * `./secrets/`). What each program reads whole is in its spec (`lib/programs/`): an operand whose
 * role is `read-tree` (`rg`, `ag`, `ack`, `git grep`: always; `.` without one), the operands it
 * reads when an option makes it `recursive` (`grep -r`/`-R`/`-d recurse`, `cp`/`rsync`/`scp`
 * `-r`/`-a` (their sources), `zip -r`, `diff -r`), an option's `read-tree` value
 * (`curl --capath DIR`). Engine logic stays for two programs: `tar` creating, appending or
 * updating an archive reads its operands (each in the directory `-C` gives before it), and
 * `find ... -exec/-execdir/-ok/-okdir CMD` its start paths (the command runs on every file
 * found).
 *
 * Exclusions given to the reader (`--exclude-dir`, `-g '!x'`) do not count: they are too easy to
 * get wrong. `ls -R`, `du -a`, `tree` and `find` without an action list names, not contents.
 * A reader that follows the symbolic links it meets inside the directory ({@link followsLinks})
 * also reads what they lead to; the engine then walks the disk for links
 * (`lib/fs/tree_search.ts`). Pure.
 *
 * @module
 */

import { hasTrait, optionHolds, optionsWith, type Reading } from "../../programs/argv.ts";
import {
  findStarts,
  follows,
  local,
  optionPaths,
  pathOf,
  readCommand,
  type Token,
} from "./_program_read.ts";

export type { Token } from "./_program_read.ts";

/**
 * The directories a command reads whole (as written, `.` for the directory it runs in); `null`
 * for one only known when it runs; empty when the command descends nothing.
 *
 * @param argv the command's words, the program first (wrappers already taken off)
 * @returns the directories
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeReads } from "./tree_reads.ts";
 *
 * assert.deepEqual(treeReads(["grep", "-rl", "KEY"]), ["."]);
 * assert.deepEqual(treeReads(["grep", "-r", "-e", "KEY", "src", "lib"]), ["src", "lib"]);
 * assert.deepEqual(treeReads(["rg", "-g", "!secrets", "KEY"]), ["."]);
 * assert.deepEqual(treeReads(["cp", "-a", "conf", "backup/"]), ["conf"]);
 * assert.deepEqual(treeReads(["tar", "-czf", "o.tgz", "-C", "secrets", "key"]), ["secrets/key"]);
 * assert.deepEqual(treeReads(["grep", "KEY", "src/a.ts"]), []);
 * assert.deepEqual(treeReads(["ls", "-R"]), []);
 * ```
 */
export function treeReads(argv: readonly Token[]): Token[] {
  const r = readCommand(argv);
  return r === undefined ? [] : trees(r);
}

function trees(r: Reading): Token[] {
  switch (r.path[0]!.name) {
    case "find":
      return optionsWith(r, "runs").length > 0 ? findStarts(r) : [];
    case "tar": {
      if (!hasTrait(r, "create") && !hasTrait(r, "append") && !hasTrait(r, "update")) return [];
      // A list of the paths to archive in a file: which ones is only known when it runs.
      const listed = r.options.some((o) =>
        o.option.uses.some((u) => u.kind === "reads" && u.form === "list")
      );
      return [...r.operands.map((o) => pathOf(o.word, o.dir)), ...(listed ? [null] : [])];
    }
  }
  const recursive = optionHolds(r, "recursive");
  const whole = [
    ...optionPaths(r, "read-tree"),
    ...local(
      r,
      r.operands.filter((o) =>
        o.use?.kind === "read-tree" || (recursive && o.use?.kind === "reads")
      ),
    )
      .map((o) => pathOf(o.word, o.dir)),
  ];
  // A tree reader given no path reads where it runs (`grep -r KEY`, `rg KEY`).
  const { head, rest } = r.command.operands;
  const roles = rest === undefined ? head : [...head, rest];
  const reader = recursive || roles.some((u) => u.kind === "read-tree");
  if (whole.length === 0 && reader && r.command.operands.default !== undefined) {
    return [pathOf(r.command.operands.default, r.dir)];
  }
  return whole;
}

/**
 * True when the reader follows the symbolic links it meets inside the directories it reads, as
 * its spec says (each checked against the program's manual and run: `grep -R` printed a secret
 * through a link that `grep -r` skipped; `zip -r`, `diff -r` and `tar -h` read through links too):
 * an option that follows them (`grep -R`, `rg -L`, `ag -f`, `ack --follow`, `tar -h`, `cp -L`,
 * `rsync -L`/`-k`, `find -L`/`-follow`), or a program that always does unless told not to
 * (`zip` unless `-y`, `diff` unless `--no-dereference`, `scp`).
 *
 * A later option that turns following off again (`rg -L --no-follow`) is not read: following is
 * assumed, which only asks the disk more.
 *
 * @param argv the command's words, the program first (wrappers already taken off)
 * @returns whether links inside the trees it reads are followed
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { followsLinks } from "./tree_reads.ts";
 *
 * assert.equal(followsLinks(["grep", "-rnR", "KEY", "src"]), true);
 * assert.equal(followsLinks(["grep", "-r", "KEY", "src"]), false);
 * assert.equal(followsLinks(["zip", "-r", "out.zip", "src"]), true);
 * assert.equal(followsLinks(["zip", "-ry", "out.zip", "src"]), false);
 * ```
 */
export function followsLinks(argv: readonly Token[]): boolean {
  const r = readCommand(argv);
  return r !== undefined && follows(r);
}
