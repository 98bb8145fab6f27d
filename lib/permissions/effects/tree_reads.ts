/**
 * Readers that descend directories (issue 11, point 3): the directories a command reads whole,
 * each held against every Read rule that names a path below it (`grep -r KEY .` reads
 * `./secrets/`). The programs, and how each is told to descend:
 *
 * - `grep`, `egrep`, `fgrep`, `zgrep` with `-r`, `-R`, `--recursive`, `--dereference-recursive`,
 *   `-d recurse`, `--directories=recurse` (a short cluster too: `-rl`): the operands after the
 *   pattern, `.` without one (GNU grep);
 * - `rg`, `ag`, `ack`, `ack-grep`: always (no path means `.`);
 * - `git grep` (a tracked file is read too, a tracked secret as well; with `--no-index` or
 *   `--untracked` the others as well), below `git -C DIR`'s directory;
 * - `tar` creating an archive (`c` in the first word, `-c`, `--create`): every operand;
 * - `zip -r`/`--recurse-paths`: the operands after the archive;
 * - `cp`, `rsync`, `scp` with `-r`, `-R`, `-a`, `--recursive`, `--archive`: the sources (every
 *   operand but the last, or all with `-t DIR`/`--target-directory`);
 * - `diff -r`/`--recursive`: both operands;
 * - `find ... -exec/-execdir/-ok/-okdir CMD`: the start paths (`.` without one): the command runs
 *   on every file found.
 *
 * Exclusions given to the reader (`--exclude-dir`, `-g '!x'`) do not count: they are too easy to
 * get wrong. `ls -R`, `du -a`, `tree` and `find` without an action list names, not contents.
 * A reader that follows the symbolic links it meets inside the directory ({@link followsLinks}:
 * `grep -R`, `rg -L`, `tar -h`, `zip -r`, `diff -r`, `scp -r`, ...) also reads what they lead
 * to; the engine then walks the disk for links (`lib/fs/tree_search.ts`). Pure.
 *
 * @module
 */

import { has, parseOptions, type Token } from "./_option_split.ts";
import { LONG_OPTIONS } from "./_long_options.ts";

export type { Token } from "./_option_split.ts";

/** Options of each reader that take the next word as their value (not an operand). */
const VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  grep: words(`-e -f -m -A -B -C -d -D --regexp --file --max-count --after-context
    --before-context --context --directories --devices --include --exclude --exclude-dir
    --exclude-from --label --binary-files --color --colour`),
  rg: words(`-e -f -g -t -T -m -A -B -C -j -M -E -r -d --regexp --file --glob --iglob --type
    --type-not --max-count --after-context --before-context --context --threads --max-columns
    --encoding --max-depth --max-filesize --path-separator --pre --pre-glob --sort --sortr
    --type-add --type-clear --colors --color --replace --ignore-file --context-separator
    --field-context-separator --field-match-separator --engine --dfa-size-limit
    --regex-size-limit`),
  ag: words(`-A -B -C -G -g -m -p --after --before --context --file-search-regex --ignore
    --ignore-dir --max-count --path-to-ignore --depth --pager --workers`),
  ack: words(`-A -B -C -m --after-context --before-context --context --max-count --type
    --ignore-dir --ignore-file --match --output --pager --files-from`),
  tar: words(`-f -C -T -X -b -H -K -N -g -I -V --file --directory --files-from --exclude-from
    --blocking-factor --format --starting-file --newer --listed-incremental
    --use-compress-program --label --exclude --owner --group --mode --mtime --transform`),
  zip: words("-b -n -t -tt -x -i -P -Z --temp-path --suffixes --exclude --include --password"),
  cp: words("-t -S --target-directory --suffix --backup --reflink --sparse --preserve"),
  rsync: words(`-e -f -T -B --rsh --filter --exclude --include --exclude-from --include-from
    --files-from --temp-dir --compare-dest --copy-dest --link-dest --partial-dir --rsync-path
    --log-file --password-file --backup-dir --suffix --chmod --chown --timeout --max-size
    --min-size --bwlimit`),
  scp: words("-c -F -i -J -l -o -P -S -D -X"),
  diff: words(`-x -X -I -F -S --exclude --exclude-from --ignore-matching-lines --label --from-file
    --to-file --starting-file --line-format --old-line-format --new-line-format
    --unchanged-line-format --horizon-lines --width -W --tabsize --palette --color`),
};

/** The words of a whitespace-separated list. */
function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((w) => w !== ""));
}

/** Sources of a copy: every operand but the destination (all of them with `-t DIR`). */
function sources(options: { name: string }[], operands: Token[]): Token[] {
  if (has(options, "-t", "--target-directory")) return operands;
  return operands.slice(0, -1);
}

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
 * assert.deepEqual(treeReads(["grep", "KEY", "src/a.ts"]), []);
 * assert.deepEqual(treeReads(["ls", "-R"]), []);
 * ```
 */
export function treeReads(argv: readonly Token[]): Token[] {
  const name = (argv[0] ?? "").replace(/^.*\//, "");
  const args = argv.slice(1);
  const parse = (a: readonly Token[], valued: ReadonlySet<string>) =>
    parseOptions(a, valued, LONG_OPTIONS[name.replace(/^[ef]?grep$/, "grep")]);
  switch (name) {
    case "grep":
    case "egrep":
    case "fgrep":
    case "zgrep": {
      const { options, operands } = parse(args, VALUED.grep!);
      const recursive = has(options, "-r", "-R", "--recursive", "--dereference-recursive") ||
        options.some((o) =>
          (o.name === "-d" || o.name === "--directories") && o.value === "recurse"
        );
      if (!recursive) return [];
      const files = has(options, "-e", "-f", "--regexp", "--file") ? operands : operands.slice(1);
      return files.length === 0 ? ["."] : files;
    }
    case "rg":
    case "ag":
    case "ack":
    case "ack-grep": {
      const { options, operands } = parse(args, VALUED[name === "ack-grep" ? "ack" : name]!);
      // The options that give the pattern, or list files instead of searching (`rg --files`).
      const given = name === "rg"
        ? has(options, "-e", "-f", "--regexp", "--file", "--files", "--type-list")
        : has(options, "-g", "-G", "--match", "-f");
      const files = given ? operands : operands.slice(1);
      return files.length === 0 ? ["."] : files;
    }
    case "git": {
      // `git [global options] grep`: it reads every tracked file below its paths (a tracked
      // secret too), and with --no-index or --untracked the others as well.
      let i = 0;
      let dir = "";
      while (i < args.length && args[i] !== null && args[i]!.startsWith("-")) {
        if (args[i] === "-C") dir = args[++i] ?? "";
        else if (args[i] === "-c") i++;
        i++;
      }
      if (args[i] !== "grep") return [];
      const rest = args.slice(i + 1);
      const { options, operands } = parse(rest, VALUED.grep!);
      if (dir !== "" && dir !== null) {
        const files = has(options, "-e", "-f") ? operands : operands.slice(1);
        const under = (f: Token) => f === null || f.startsWith("/") ? f : `${dir}/${f}`;
        return files.length === 0 ? [dir] : files.filter((f) => f !== "--").map(under);
      }
      const files = has(options, "-e", "-f") ? operands : operands.slice(1);
      return files.length === 0 ? ["."] : files.filter((f) => f !== "--");
    }
    case "tar": {
      const first = args[0];
      const bundled = first !== null && first !== undefined && !first.startsWith("-") &&
        /^[a-zA-Z]+$/.test(first);
      const { options, operands } = parse(bundled ? args.slice(1) : args, VALUED.tar!);
      const create = (bundled && first!.includes("c")) || has(options, "-c", "--create");
      if (!create) return [];
      // A bundled `cf out.tar`: the archive is the first operand.
      const files = bundled && first!.includes("f") ? operands.slice(1) : operands;
      return files;
    }
    case "zip": {
      const { options, operands } = parse(args, VALUED.zip!);
      if (!has(options, "-r", "--recurse-paths", "-R", "--recurse-patterns")) return [];
      return operands.slice(1);
    }
    case "cp":
    case "rsync":
    case "scp": {
      const { options, operands } = parse(args, VALUED[name]!);
      if (!has(options, "-r", "-R", "-a", "--recursive", "--archive")) return [];
      // A remote source (`host:path`) is not read here.
      return sources(options, operands).filter((s) => s === null || !/^[^/]*:/.test(s));
    }
    case "diff": {
      const { options, operands } = parse(args, VALUED.diff!);
      return has(options, "-r", "--recursive") ? operands : [];
    }
    case "find": {
      if (!args.some((a) => a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir")) {
        return [];
      }
      const starts: Token[] = [];
      for (const a of args) {
        if (a === "-H" || a === "-L" || a === "-P") continue;
        if (a !== null && (a.startsWith("-") || a === "(" || a === "!")) break;
        starts.push(a);
      }
      return starts.length === 0 ? ["."] : starts;
    }
    default:
      return [];
  }
}

/**
 * True when the reader follows the symbolic links it meets inside the directories it reads
 * (each checked against the program's manual and run: `grep -R` printed a secret through a link
 * that `grep -r` skipped; `zip -r`, `diff -r` and `tar -h` read through links too):
 *
 * - `grep` family: `-R`, `--dereference-recursive` (`-r` follows only links named as operands);
 * - `rg`: `-L`, `--follow`; `ag`: `-f`, `--follow`; `ack`: `--follow`;
 * - `tar` creating: `-h`, `--dereference` (`h` in a bundled first word: `tar chf`);
 * - `zip -r`: unless `-y`/`--symlinks` (zip stores what a link points to by default);
 * - `cp`: `-L`, `--dereference`; `rsync`: `-L`, `--copy-links`, `--copy-unsafe-links`, `-k`,
 *   `--copy-dirlinks`; `scp -r`: always (it follows links in a tree it copies);
 * - `diff -r`: unless `--no-dereference`;
 * - `find`: `-L` or the `-follow` primary.
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
  const name = (argv[0] ?? "").replace(/^.*\//, "");
  const args = argv.slice(1);
  const parse = (a: readonly Token[], valued: ReadonlySet<string>) =>
    parseOptions(a, valued, LONG_OPTIONS[name.replace(/^[ef]?grep$/, "grep")]);
  const options = (valued: ReadonlySet<string>) => parse(args, valued).options;
  switch (name) {
    case "grep":
    case "egrep":
    case "fgrep":
    case "zgrep":
      return has(options(VALUED.grep!), "-R", "--dereference-recursive");
    case "rg":
      return has(options(VALUED.rg!), "-L", "--follow");
    case "ag":
      return has(options(VALUED.ag!), "-f", "--follow");
    case "ack":
    case "ack-grep":
      return has(options(VALUED.ack!), "--follow");
    case "tar": {
      const first = args[0];
      const bundled = typeof first === "string" && /^[a-zA-Z]+$/.test(first);
      if (bundled && first.includes("h")) return true;
      return has(parse(bundled ? args.slice(1) : args, VALUED.tar!).options, "-h", "--dereference");
    }
    case "zip":
      return !has(options(VALUED.zip!), "-y", "--symlinks");
    case "cp":
      return has(options(VALUED.cp!), "-L", "--dereference");
    case "rsync":
      return has(
        options(VALUED.rsync!),
        "-L",
        "--copy-links",
        "--copy-unsafe-links",
        "-k",
        "--copy-dirlinks",
      );
    case "scp":
      return true;
    case "diff":
      return !has(options(VALUED.diff!), "--no-dereference");
    case "find":
      return args.some((a) => a === "-L" || a === "-follow");
    default:
      return false;
  }
}
