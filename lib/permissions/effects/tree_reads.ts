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
import { READS_ALL, type TreeFilter } from "../tree_filter.ts";
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

/** A tree read that is the whole working tree (`git add -A`): the project, for the engine. */
export const WORKING_TREE = "\u0000worktree";

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
  // `rg --version`, `rg --files`: no file's content is read.
  if (hasTrait(r, "info")) return [];
  // `git add -A` (`-u`) without a pathspec: the whole working tree, wherever it runs.
  if (r.path[1]?.name === "git add" && r.operands.length === 0) {
    return optionHolds(r, "recursive") ? [WORKING_TREE] : [];
  }
  // `git stash` (push, save) stores the changed files it tracks, with `-u` those not ignored,
  // with `-a` every file: read into the object store.
  if (r.path[1]?.name === "git stash" && r.path.length === 2) {
    const verb = r.operands[0]?.word;
    return verb === undefined || verb === "push" || verb === "save" ? [WORKING_TREE] : [];
  }
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

/**
 * What a recursive reader skips below the directories it reads, as its spec says (issue 23):
 * grep's `--include`, `--exclude` and `--exclude-dir`; ripgrep's and ag's hidden names and
 * ripgrep's ignore files and `--glob`s, unless an option undoes them; `git grep`'s tracked
 * files. A value only known when the command runs, an option the spec does not know given to a
 * reader that skips by default, or a configuration file that may add options (ripgrep's
 * `RIPGREP_CONFIG_PATH`, unless `--no-config`: the walk asks the environment) make it skip
 * only what is certain. What is not modelled is read.
 *
 * @param argv the command's words, the program first (wrappers already taken off)
 * @returns the filter ({@link READS_ALL} when it skips nothing)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeFilter } from "./tree_reads.ts";
 *
 * assert.deepEqual(treeFilter(["grep", "-r", "--exclude=.env", "K", "."]).nameGlobs, [
 *   { include: false, glob: ".env" },
 * ]);
 * assert.equal(treeFilter(["rg", "K"]).skipsHidden, true);
 * assert.equal(treeFilter(["rg", "--hidden", "K"]).skipsHidden, false);
 * assert.equal(treeFilter(["git", "grep", "K"]).tracked, "only");
 * ```
 */
export function treeFilter(argv: readonly Token[]): TreeFilter {
  const r = readCommand(argv);
  if (r === undefined) return READS_ALL;
  const nameGlobs: { include: boolean; glob: string }[] = [];
  const excludeDirs: string[] = [];
  const overrides: { glob: string; caseless: boolean }[] = [];
  let unknownValue = false;
  for (const o of r.options) {
    const f = o.option.uses.find((u) => u.kind === "filter");
    if (f === undefined || f.kind !== "filter") continue;
    if (o.value === null || o.value === undefined) {
      unknownValue = true;
      continue;
    }
    if (f.filter === "include" || f.filter === "exclude") {
      nameGlobs.push({ include: f.filter === "include", glob: o.value });
    } else if (f.filter === "exclude-dir") excludeDirs.push(o.value);
    else overrides.push({ glob: o.value, caseless: f.filter === "ioverride" });
  }
  const unknownOption = r.args.some((a) => a.kind === "unknown-option");
  // What the reader skips by default, undone by an option, or by one skald does not know.
  const sure = !unknownValue && !unknownOption;
  const tracked = hasTrait(r, "tracked-only") && !hasTrait(r, "no-index") && sure
    ? hasTrait(r, "untracked") && !optionHolds(r, "tracked-only")
      ? "or-unignored" as const
      : "only" as const
    : undefined;
  const ignores = hasTrait(r, "skips-ignored") && !hasTrait(r, "no-ignore") && sure;
  const filter: TreeFilter = {
    skipsHidden: hasTrait(r, "skips-hidden") && !hasTrait(r, "hidden") && sure,
    ignoreFiles: tracked === "or-unignored"
      ? [".gitignore"]
      : ignores
      ? [".rgignore", ".ignore", ".gitignore"]
      : [],
    nameGlobs: unknownValue ? [] : nameGlobs,
    excludeDirs: unknownValue ? [] : excludeDirs,
    overrides: unknownValue ? [] : overrides,
  };
  if (tracked !== undefined) filter.tracked = tracked;
  // A configuration file of more options (ripgrep's), unless the command says not to read it.
  const config = r.command.env.find((v) => v.name.endsWith("_CONFIG_PATH"))?.name;
  if (config !== undefined && !hasTrait(r, "no-config")) filter.configVariable = config;
  return filter;
}
