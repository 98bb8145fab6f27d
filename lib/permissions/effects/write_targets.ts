/**
 * What a command writes (issue 11, points 5 and 6): the paths it creates, changes or removes,
 * and the directories whose whole content it may change, so that a write an Edit deny rule
 * names is denied, a protected file is guarded, and a reader that writes (`sort -o FILE`) is
 * held as a write. Reading is not writing: `cp protected/f build/` writes `build/`, not
 * `protected/f`. Pure; `null` stands for a word only known when the command runs.
 *
 * Every option fact comes from the program's spec (`lib/programs/`), read by the one argv
 * reader: an option's value that it `writes` (`sort -o`, `curl -D`, `wget --save-cookies`,
 * `gcc -o`, `iconv -o`, `openssl -out`, `ssh-keygen -f`, `time -o`, `git ... --output`) or
 * whose whole content it may change (`unzip -d`, `sort -T`, `mktemp -p`); the operands whose
 * role is `writes` (`touch`, `rm`, `tee`, `chmod`'s after the mode, `uniq`'s second, `xxd`'s
 * second, `sqlite3`'s database, `flock`'s file, `zip`'s archive, `git merge-file`'s first, the
 * destination of `cp`, `install`, `ln`, `rsync`, both ends of `mv`); the files it reads and
 * writes back (`in-place`: `sed -i`, `perl -i`, `ruby -i`, `gawk -i inplace`) or removes
 * (`zip -m`, `tar --remove-files`, `rsync --remove-source-files`); nothing when it only lists,
 * tests or writes to standard output (`gzip -l`, `gzip -c`, `git merge-file -p`). The logic of a
 * few programs stays here, reading its facts from the specs: sed's `w FILE`, awk's `print >
 * "FILE"`, tar's modes and `-C`, the copies of `cp -r`/`mv`, the files named after a URL (`wget`,
 * `curl -O`), find's expression, and the git subcommands that rewrite tracked files (`checkout`,
 * `restore`, `stash`, `reset --hard`, ...: the working tree, or the paths after `--`).
 *
 * @module
 */

import {
  hasTrait,
  optionHolds,
  optionsWith,
  type Reading,
  subcommand,
} from "../../programs/argv.ts";
import {
  findStarts,
  local,
  operandPaths,
  optionPaths,
  pathOf,
  readCommand,
  type Token,
  writesNothing,
} from "./_program_read.ts";

/** What a command writes. */
export interface Writes {
  /** Files and directories it creates, changes or removes, as written. */
  paths: Token[];
  /** Directories whose whole content it may change (`.` for the one it runs in). */
  trees: Token[];
  /** True when it writes the git working tree (its root is the project's, unless `-C DIR`). */
  worktree: boolean;
  /**
   * Trees it copies or moves into a directory (`cp -r SRC DEST`, `mv SRC DEST`): every path
   * below a source may appear below the destination.
   */
  copies?: { from: Token[]; into: Token }[];
}

const NONE: Writes = { paths: [], trees: [], worktree: false };

/**
 * What a command writes.
 *
 * @param argv the command's words, the program first (wrappers taken off)
 * @param fromStdin true when more operands come from standard input (`xargs CMD`): a writer's
 *   target is then unknown
 * @returns the paths, trees and working tree it writes
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeTargets } from "./write_targets.ts";
 *
 * assert.deepEqual(writeTargets(["cp", "protected/f", "build/"]).paths, ["build/"]);
 * assert.deepEqual(writeTargets(["mv", "a", "b"]).paths, ["a", "b"]);
 * assert.deepEqual(writeTargets(["sort", "-o", "out.txt", "in.txt"]).paths, ["out.txt"]);
 * assert.deepEqual(writeTargets(["sed", "-i.bak", "s/a/b/", "f.txt"]).paths, ["f.txt"]);
 * assert.deepEqual(writeTargets(["tar", "-xf", "a.tar", "-C", "dest"]).trees, ["dest"]);
 * assert.deepEqual(writeTargets(["curl", "-D", "h.txt", "https://x.org/"]).paths, ["h.txt"]);
 * assert.equal(writeTargets(["git", "checkout", "main"]).worktree, true);
 * assert.deepEqual(writeTargets(["cat", "f"]).paths, []);
 * ```
 */
export function writeTargets(argv: readonly Token[], fromStdin = false): Writes {
  const r = readCommand(argv);
  if (r === undefined) return NONE;
  const w = targets(r);
  // `xargs rm`: the operands come from standard input.
  if (fromStdin && writesOperands(r)) return { ...w, paths: [...w.paths, null] };
  return w;
}

/** True when the program writes its operands (more of them may come from standard input). */
function writesOperands(r: Reading): boolean {
  const { head, rest, tail } = r.command.operands;
  return [...head, ...tail, ...(rest === undefined ? [] : [rest])].some((u) =>
    u.kind === "writes"
  ) ||
    hasTrait(r, "in-place");
}

const paths = (...p: Token[]): Writes => ({ paths: p, trees: [], worktree: false });

/** Two writes as one. */
function both(a: Writes, b: Writes): Writes {
  return {
    paths: [...a.paths, ...b.paths],
    trees: [...a.trees, ...b.trees],
    worktree: a.worktree || b.worktree,
    copies: [...(a.copies ?? []), ...(b.copies ?? [])],
  };
}

/** What the options given write: their `writes` values, their `write-tree` values. */
function optionWrites(r: Reading): Writes {
  // A written `-` is standard output (`wget -O -`, `tar -f -`, `curl -o -`).
  return {
    paths: [...optionPaths(r, "writes"), ...optionPaths(r, "output")].filter((p) => p !== "-"),
    trees: optionPaths(r, "write-tree"),
    worktree: false,
  };
}

/**
 * What the operands write: those whose role is `writes` (unless it writes to standard output),
 * and those it reads when it writes them back or removes them (`sed -i`, `zip -m`); a list of
 * them in a file (`xz --files=F`): only known when it runs.
 */
function operandWrites(r: Reading): Writes {
  const out: Token[] = [];
  if (!optionHolds(r, "stdout")) {
    out.push(
      ...local(r, r.operands.filter((o) => o.use?.kind === "writes")).map((o) =>
        pathOf(o.word, o.dir)
      ),
    );
  }
  if (hasTrait(r, "in-place") || optionHolds(r, "removes-sources")) {
    out.push(...operandPaths(r, "reads"));
  }
  const listed = r.options.some((o) =>
    o.option.uses.some((u) => u.kind === "reads" && u.form === "list")
  );
  if (listed && writesOperands(r)) out.push(null);
  const trees = operandPaths(r, "write-tree");
  // A directory it makes without being given one: its default (`git init`), else unknown.
  const { head } = r.command.operands;
  if (trees.length === 0 && head.some((u) => u.kind === "write-tree")) {
    trees.push(
      r.command.operands.default === undefined ? null : pathOf(r.command.operands.default, r.dir),
    );
  }
  return { paths: out, trees, worktree: false };
}

function targets(r: Reading): Writes {
  if (writesNothing(r)) return NONE;
  const name = r.path[0]!.name;
  switch (name) {
    case "cp":
    case "install":
    case "ln":
    case "rsync":
    case "scp":
    case "mv":
      return copies(r);
    case "sed":
      return both(
        optionWrites(r),
        both(operandWrites(r), paths(...sedScripts(r).flatMap(sedWrites))),
      );
    case "gawk":
    case "mawk":
      return both(optionWrites(r), both(awkInPlace(r), paths(...awkWrites(r))));
    case "dd":
      return paths(
        ...r.operands.flatMap((o) =>
          o.word === null ? [null] : /^of=/.test(o.word) ? [o.word.slice(3)] : []
        ),
      );
    case "split":
    case "csplit":
      return pieces(r);
    case "mktemp":
      return mktemp(r);
    case "gzip":
    case "bzip2":
    case "xz":
    case "zstd": {
      // The file and the one made beside it (`f` and `f.gz`), unless it writes to standard output
      // or to the one file an option names (`zstd -o FILE`; `--rm` still removes the files).
      const named = optionsWith(r, "output").length > 0;
      const w = named
        ? both(
          optionWrites(r),
          optionHolds(r, "removes-sources") ? paths(...operandPaths(r, "writes")) : NONE,
        )
        : both(optionWrites(r), operandWrites(r));
      if (named) return w;
      // Compressing makes `f.gz` (`.bz2`, `.xz`, `.zst`; `-S SUF`), decompressing `f` from
      // `f.gz` (`.tgz` gives `.tar`): both are held (the red team's `gunzip a.tar.gz && tar -x`).
      const suffix = r.options.filter((o) => o.option.id === "--suffix").at(-1)?.value;
      const own = { gzip: ".gz", bzip2: ".bz2", xz: ".xz", zstd: ".zst" }[name];
      const made = (p: string) => [
        ...new Set([
          p,
          `${p}${suffix ?? own}`,
          ...(suffix ? [p.endsWith(suffix) ? p.slice(0, -suffix.length) : p] : []),
          p.replace(/\.t(?:gz|az|bz2?|xz|zst|lz)$/i, ".tar")
            .replace(/\.(?:gz|z|bz2?|xz|lzma|zst|zstd|lz)$/i, ""),
        ]),
      ];
      return { ...w, paths: w.paths.flatMap((p) => p === null ? [null] : made(p)) };
    }
    case "flock": {
      // `flock NUMBER` alone locks a descriptor, no file (`flock 9 CMD` makes the file `9`).
      const w = operandWrites(r);
      const fd = r.operands.length === 1 && /^\d+$/.test(r.operands[0]!.word ?? "");
      return fd ? NONE : w;
    }
    case "tar":
      return both(optionWrites(r), tar(r));
    case "unzip": {
      if (optionHolds(r, "stdout")) return NONE;
      const w = optionWrites(r);
      return w.trees.length > 0 ? w : { ...w, trees: ["."] };
    }
    case "patch": {
      // An output file named: that file; else every file below the directory it works in.
      const w = optionWrites(r);
      return w.paths.length > 0 ? w : { ...w, trees: [r.dir ?? "."] };
    }
    case "curl":
      return curlWrites(r);
    case "wget":
      return wgetWrites(r);
    case "git":
      return both(optionWrites(r), git(r));
    case "find":
      return find(r);
    default:
      return both(optionWrites(r), operandWrites(r));
  }
}

/**
 * `cp`, `install`, `ln`, `rsync`, `scp`, `mv`: the destination (the `into` option's value, else
 * the last operand) and what else their operands' roles write (`mv`: its sources, removed); a
 * tree copied or moved into the destination may make any path below it (`cp -r ../x/. src/`
 * makes `src/.env`); `install -d` makes every operand; `ln -s TARGET` alone makes the link where
 * it runs. A remote destination (`host:path`) writes nothing here.
 */
function copies(r: Reading): Writes {
  const into = optionPaths(r, "into");
  const all = r.operands.map((o) => pathOf(o.word, o.dir));
  if (optionHolds(r, "directory")) return paths(...all);
  const last = r.operands.at(-1);
  if (r.path[0]!.name === "ln" && all.length === 1 && into.length === 0) {
    const t = all[0]!;
    return paths(t === null ? null : t.replace(/\/+$/, "").replace(/^.*\//, "") || ".");
  }
  if (into.length === 0 && last !== undefined && local(r, [last]).length === 0) return NONE;
  const dest = into[0] ?? (last === undefined ? null : pathOf(last.word, last.dir));
  const w = both(optionWrites(r), operandWrites(r));
  const out: Writes = { ...w, paths: [...w.paths, ...into] };
  if (out.paths.length === 0) out.paths.push(dest);
  if (hasTrait(r, "recursive")) {
    const from = into.length > 0 ? all : all.slice(0, -1);
    if (from.length > 0) out.copies = [{ from, into: dest }];
  }
  return out;
}

/**
 * `mktemp [TEMPLATE]`: the one file its template names, the trailing Xs any letters
 * (`build/tmp.*` for `mktemp -p build`), in the directory `-p`/`--tmpdir` gives; without one, a
 * template is relative to where it runs, and no template is `$TMPDIR`'s or `/tmp`'s (nothing here
 * says which: not held).
 */
function mktemp(r: Reading): Writes {
  const dir = optionPaths(r, "into").at(-1);
  const template = r.operands[0];
  if (template === undefined && dir === undefined) return NONE;
  const word = template === undefined ? "tmp.XXXXXXXXXX" : template.word;
  if (word === null || dir === null) return paths(null);
  const name = word.replace(/X{3,}(?=[^/]*$)/, "*");
  return paths(dir === undefined ? pathOf(name, template?.dir) : `${dir}/${name}`);
}

/** `split FILE PREFIX` (`PREFIXaa`, ...; `xaa` without one), `csplit -f PREFIX` (`xx00`, ...). */
function pieces(r: Reading): Writes {
  const prefix = [...optionPaths(r, "prefix"), ...operandPaths(r, "prefix")][0];
  const split = r.path[0]!.name === "split";
  const p = prefix === undefined ? (split ? "x" : "xx") : prefix;
  return both(optionWrites(r), paths(p === null ? null : `${p}${split ? "aa" : "00"}`));
}

/**
 * tar: extracting, the directory it extracts into (`-C DIR`, else where it runs) whole;
 * creating, appending or updating, the archive (`-f FILE`; `-` or none: standard output), and
 * the files it removes after storing them (`--remove-files`).
 */
function tar(r: Reading): Writes {
  if (hasTrait(r, "extract")) {
    return optionHolds(r, "stdout") ? NONE : { paths: [], trees: [r.dir ?? "."], worktree: false };
  }
  if (!hasTrait(r, "create") && !hasTrait(r, "append") && !hasTrait(r, "update")) return NONE;
  const archive = optionsWith(r, "archive").map((o) => o.value ?? null);
  const removed = optionHolds(r, "removes-sources")
    ? r.operands.map((o) => pathOf(o.word, o.dir))
    : [];
  return paths(...archive.filter((a) => a !== "-"), ...removed);
}

/** The scripts of a sed command: its `-e` values and script operand, `null` for a `-f` file. */
function sedScripts(r: Reading): Token[] {
  return [
    ...optionsWith(r, "code").map((o) => o.value ?? null),
    ...optionsWith(r, "code-file").map(() => null),
    ...r.operands.filter((o) => o.use?.kind === "code").map((o) => o.word),
  ];
}

/** A sed address or range, and `!` (`/x/!w FILE`, the red team's), before a command letter. */
const SED_ADDRESS = String.raw`^\s*(?:\d+(?:~\d+)?|\$|\/(?:[^/\\]|\\.)*\/[IM]*)?` +
  String.raw`(?:\s*,\s*(?:[+~]?\d+|\$|\/(?:[^/\\]|\\.)*\/[IM]*))?\s*!?\s*`;
const SED_READ = new RegExp(SED_ADDRESS + String.raw`[rR]\s*(\S.*)$`);
const SED_WRITE = new RegExp(SED_ADDRESS + String.raw`[wW]\s+(\S.*)$`);

/**
 * The files a sed script reads: its `r FILE` and `R FILE` commands (the red team's: `sed 'r
 * secrets/key' x` printed the key).
 *
 * @param script the script text
 * @returns the files, as written
 */
export function sedReads(script: string): string[] {
  const out: string[] = [];
  for (const line of script.split(/[\n;]/)) {
    const m = SED_READ.exec(line);
    if (m !== null) out.push(m[1]!.trim());
  }
  return out;
}

/** A sed script that writes a file: the `w FILE` command, or the `w` flag of `s///`. */
function sedWrites(script: Token): Token[] {
  if (script === null) return [null];
  const out: Token[] = [];
  for (const line of script.split(/[\n;]/)) {
    const m = SED_WRITE.exec(line) ??
      /^\s*s(.)(?:(?!\1).|\\\1)*\1(?:(?!\1).|\\\1)*\1[gpiImMe0-9]*w\s+(\S.*)$/.exec(line);
    if (m !== null) out.push(m[m.length - 1]!.trim());
  }
  return out;
}

/**
 * The files a sed command's scripts read (`r FILE`, `R FILE`): of its `-e SCRIPT` values, or its
 * script operand; none for another program. A script in a file (`-f`) is not read.
 *
 * @param argv the command's words, the program first
 * @returns the files, as written
 */
export function sedScriptReads(argv: readonly Token[]): string[] {
  const r = readCommand(argv);
  if (r === undefined || r.path[0]!.name !== "sed") return [];
  return sedScripts(r).flatMap((s) => s === null ? [] : sedReads(s));
}

/**
 * awk's output redirections: `print > "FILE"`, `printf ... >> "FILE"` (a literal name is the
 * file; any other expression, a file only known when it runs), of its program (the first
 * operand, or `-e`/`--source`); a program in a file (`-f`) writes what it is only known when
 * it runs.
 */
function awkWrites(r: Reading): Token[] {
  if (optionsWith(r, "code-file").length > 0) return [null];
  const programs = [
    ...optionsWith(r, "code").map((o) => o.value ?? null),
    ...r.operands.filter((o) => o.use?.kind === "code").map((o) => o.word),
  ];
  const out: Token[] = [];
  for (const program of programs) {
    if (program === null) {
      out.push(null);
      continue;
    }
    for (const m of program.matchAll(/\bprintf?\b[^;{}]*?(>>?)\s*("([^"]*)"|[^\s;}]+)/g)) {
      out.push(m[3] !== undefined ? m[3] : null);
    }
  }
  return out;
}

/** gawk's `inplace` extension (`-i inplace`, `--include=inplace`): its files, written back. */
function awkInPlace(r: Reading): Writes {
  const inplace = optionsWith(r, "library").some((o) =>
    o.value === null || /(^|\/)inplace(\.awk)?$/.test(o.value ?? "")
  );
  return inplace ? paths(...operandPaths(r, "reads")) : NONE;
}

/**
 * `git`: the working tree (or the paths after `--`) for a subcommand that rewrites it; the files
 * and directories its subcommands make. A path after `--` is a pathspec: the file or the
 * directory and all below it (`-- .` is the whole tree), of the `-C` directory; a pathspec glob
 * or magic (`'p*'`, `:(glob)x`, `:/x`) may be any path of the tree; `--work-tree=DIR` rewrites
 * DIR.
 */
function git(r: Reading): Writes {
  const out: Writes = { paths: [], trees: [], worktree: false };
  // A subcommand only known when it runs.
  if (r.path.length === 1) return { ...out, worktree: r.operands.some((o) => o.word === null) };
  const dir = r.dir;
  const more = operandWrites(r);
  out.paths.push(...more.paths.filter(() => !hasTrait(r, "rewrites")));
  // `git init [DIR]` makes DIR's `.git` (DIR itself when `--bare`), and touches no other file.
  const bare = r.options.some((o) => o.option.id === "--bare");
  out.trees.push(
    ...(subcommand(r) === "init" && !bare
      ? more.trees.map((t) => t === null ? null : `${t === "." ? "" : `${t}/`}.git`)
      : more.trees),
  );
  // `format-patch` without a directory: the patches, named after the commits, where it runs.
  if (
    subcommand(r) === "format-patch" && optionPaths(r, "write-tree").length === 0 &&
    !optionHolds(r, "stdout")
  ) {
    out.paths.push(pathOf("[0-9][0-9][0-9][0-9]-*.patch", dir));
  }
  if (!rewrites(r)) return out;
  out.trees.push(...optionPaths(r, "work-tree"));
  // The paths after `--`, or the operands it changes (`git rm`, `git mv`, `git restore`).
  const specs = r.operands.filter((o) => o.afterDashes || o.use?.kind === "writes").map((o) =>
    o.word
  );
  const listed = r.options.some((o) =>
    o.option.uses.some((u) => u.kind === "reads" && u.form === "list")
  );
  if (specs.length === 0 || listed) return { ...out, worktree: true };
  for (const spec of specs) {
    if (spec === null || dir === null || /[*?[]/.test(spec) || spec.startsWith(":")) {
      out.worktree = true;
      continue;
    }
    const p = pathOf(spec, dir);
    out.paths.push(p);
    out.trees.push(p);
  }
  return out;
}

/**
 * True when the git command rewrites tracked files: the innermost subcommand that says so
 * decides (`git stash` rewrites, `git stash list` keeps the tree), or an option (`reset
 * --hard`); it keeps them when it only touches the index (`rm --cached`, `restore --staged`
 * without `--worktree`) or makes a branch where HEAD is (`checkout -b NEW`, no start point, no
 * `--force`).
 */
function rewrites(r: Reading): boolean {
  const decided = [...r.path].reverse().find((c) =>
    c.traits.includes("rewrites") || c.traits.includes("keeps-tree")
  );
  const rewriting = decided?.traits.includes("rewrites") || optionHolds(r, "rewrites");
  if (!rewriting) return false;
  if (optionHolds(r, "index-only") && !optionHolds(r, "worktree")) return false;
  if (optionHolds(r, "new-branch") && r.operands.length === 0 && !optionHolds(r, "rewrites")) {
    return false;
  }
  return true;
}

/** `find`: `-delete` and an `-exec` of a writer write below the start paths; `-fprint FILE`. */
function find(r: Reading): Writes {
  const starts = findStarts(r);
  const out: Writes = { paths: optionPaths(r, "writes"), trees: [], worktree: false };
  if (optionHolds(r, "removes-sources")) out.trees.push(...starts);
  for (const o of optionsWith(r, "runs")) {
    // `{}` is every file found: the command's own writes, or its files, are the tree's.
    const w = writeTargets(o.values.map((t) => t === "{}" ? null : t));
    if (w.paths.length > 0 || w.trees.length > 0 || w.worktree) out.trees.push(...starts);
  }
  return out;
}

/**
 * The local file a download names after its URL (wget, `curl -O`): the URL's last path segment
 * (wget keeps the query, `a.js?v=2`; `index.html` for an empty one), each as written and
 * percent-decoded (wget decodes it), in the directory given; null for a URL only known when it
 * runs.
 */
function urlFiles(url: Token, dir: Token | undefined, keepQuery: boolean, empty?: string): Token[] {
  if (url === null || dir === null) return [null];
  // The scheme (optional: wget and curl take `host/path`) and the host go; the fragment too.
  const rest = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*/i, "").replace(/#.*$/, "");
  const query = rest.indexOf("?");
  const path = query === -1 ? rest : rest.slice(0, query);
  let name = path.slice(path.lastIndexOf("/") + 1);
  if (keepQuery && query !== -1) name += rest.slice(query);
  if (name === "") {
    if (empty === undefined) return [null];
    name = empty;
  }
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // not percent-encoded text: the name as written
  }
  const base = dir === undefined || dir === "" ? "." : dir.replace(/\/+$/, "");
  return [...new Set([name, decoded])].map((n) => `${base}/${n}`);
}

/**
 * What `wget` writes: its files (`-O FILE`, `-O -` none; its logs, its cookies), else each URL's
 * file in the `into` directory (`-P DIR`); with an option whose output is only known when it
 * runs (`-r`, `-i FILE`, `-e`, ...), also that.
 */
function wgetWrites(r: Reading): Writes {
  const w = optionWrites(r);
  const out: Token[] = [...w.paths];
  const document = optionsWith(r, "output").length > 0;
  if (optionHolds(r, "unknown-output")) out.push(null);
  else if (!document) {
    const dir = optionPaths(r, "into").at(-1);
    for (const o of r.operands) out.push(...urlFiles(o.word, dir, true, "index.html"));
  }
  return { ...w, paths: out };
}

/**
 * What `curl` writes: its files (`-o FILE`, `-D`, `-c`, `--trace`, ...), in the `into` directory
 * (`--output-dir DIR`), and with `-O` each URL's file there (`-J`: the server's name, only known
 * when it runs; `-K`: a file of options, which may write anything).
 */
function curlWrites(r: Reading): Writes {
  const dir = optionPaths(r, "into").at(-1);
  const out: Token[] = optionPaths(r, "writes").filter((p) => p !== "-");
  for (const o of optionsWith(r, "output")) {
    if (o.value !== "-") out.push(pathOf(o.value ?? null, dir));
  }
  if (optionHolds(r, "server-name") || optionHolds(r, "unknown-output")) out.push(null);
  if (optionHolds(r, "remote-name")) {
    // curl names the file after the URL's path; whether the query is kept differs by version.
    for (const o of r.operands) {
      out.push(...urlFiles(o.word, dir, false), ...urlFiles(o.word, dir, true));
    }
  }
  return { paths: [...new Set(out)], trees: [], worktree: false };
}
