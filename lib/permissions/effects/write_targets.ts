/**
 * What a command writes (issue 11, points 5 and 6): the paths it creates, changes or removes,
 * and the directories whose whole content it may change, program by program, so that a write
 * an Edit deny rule names is denied, a protected file is guarded, and a reader that writes
 * (`sort -o FILE`) is held as a write. Reading is not writing: `cp protected/f build/` writes
 * `build/`, not `protected/f`. Pure; `null` stands for a word only known when the command runs.
 *
 * The programs: `touch`, `mkdir`, `mkfifo`, `mknod`, `truncate`, `rm`, `rmdir`, `unlink`,
 * `shred`, `chmod`/`chown`/`chgrp` (after the mode or owner), `tee`; `cp`, `install`, `ln`,
 * `rsync` (the destination, or `-t DIR`), `mv` (its sources too: they are removed), `dd of=`;
 * `sort -o`/`--output`, `shuf -o`, `uniq IN OUT`, `split`/`csplit` (their prefix), `gzip`,
 * `bzip2`, `xz`, `zstd` and their `un`-forms (the files, unless `-c`), `zip ARCHIVE`, `mktemp -p
 * DIR`; `sed -i` in every spelling and sed's `w FILE` (a command or the `s///w` flag), `perl
 * -i`; `tar` (`-x`: the directory it extracts into, `-C DIR` or `.`; `-c`/`-r`/`-u`: the
 * archive), `unzip` (`-d DIR` or `.`), `patch` (`-d DIR` or `.`; `-o FILE`); `find` (`-delete`,
 * an `-exec` of a command that writes: the start paths; `-fprint`, `-fprint0`, `-fprintf`,
 * `-fls`: the file); `git` subcommands that rewrite tracked files (`checkout`, `switch`,
 * `restore`, `stash`, `reset --hard`, `clean`, `apply`, `am`, `mv`, `rm`, `merge`, `pull`,
 * `rebase`, `cherry-pick`, `revert`, `checkout-index`, `worktree`: the working tree, or the
 * paths after `--`) and `git ... --output=FILE`.
 *
 * @module
 */

import { has, longOption, parseOptions, type Token, value } from "./_option_split.ts";
import { LONG_OPTIONS } from "./_long_options.ts";

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

/** A set of the words of a list. */
function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((w) => w !== ""));
}

/** Options that take the next word as their value, per program. */
const VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  touch: words("-d -r -t --date --reference"),
  mkdir: words("-m --mode --context"),
  mkfifo: words("-m --mode --context"),
  mknod: words("-m --mode --context"),
  truncate: words("-s -r --size --reference"),
  chmod: words("--reference"),
  chown: words("--reference --from"),
  chgrp: words("--reference"),
  cp: words("-t -S --target-directory --suffix --backup --reflink --sparse --preserve"),
  mv: words("-t -S --target-directory --suffix --backup"),
  install: words("-t -S -m -o -g --target-directory --suffix --mode --owner --group --backup"),
  ln: words("-t -S --target-directory --suffix --backup"),
  rsync: words(`-e -f -T -B --rsh --filter --exclude --include --exclude-from --include-from
    --files-from --temp-dir --compare-dest --copy-dest --link-dest --partial-dir --rsync-path
    --log-file --password-file --backup-dir --suffix --chmod --chown --timeout --max-size`),
  tee: words(""),
  sort: words(
    "-o -k -t -S -T --output --key --field-separator --buffer-size --temporary-directory",
  ),
  shuf: words("-o -n -i --output --head-count --input-range --random-source"),
  uniq: words("-f -s -w --skip-fields --skip-chars --check-chars"),
  split: words("-a -b -C -l -n -t --suffix-length --bytes --line-bytes --lines --number"),
  csplit: words("-f -b -n --prefix --suffix-format --digits"),
  zip: words("-b -n -t -x -i -P --temp-path --suffixes --exclude --include --password"),
  tar: words(`-f -C -T -X -b -H -K -N -g -I -V --file --directory --files-from --exclude-from
    --format --use-compress-program --label --exclude --owner --group --mode --mtime`),
  unzip: words("-d -x -P"),
  patch: words("-d -i -o -p -r -B -D -F -V -z --directory --input --output --strip"),
  mktemp: words("-p --tmpdir --suffix"),
  sed: words("-e -f -l --expression --file --line-length"),
  gzip: words("-S --suffix"),
};

const paths = (...p: Token[]): Writes => ({ paths: p, trees: [], worktree: false });
const trees = (...t: Token[]): Writes => ({ paths: [], trees: t, worktree: false });

/** The destination of a copy: `-t DIR`, else the last operand (no operand: unknown). */
function destination(opts: { name: string; value: Token | undefined }[], operands: Token[]) {
  const t = value(opts, "-t", "--target-directory");
  if (t !== undefined) return t;
  return operands.length > 0 ? operands[operands.length - 1]! : null;
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
function sedWrites(script: string): Token[] {
  const out: Token[] = [];
  for (const line of script.split(/[\n;]/)) {
    const m = SED_WRITE.exec(line) ??
      /^\s*s(.)(?:(?!\1).|\\\1)*\1(?:(?!\1).|\\\1)*\1[gpiImMe0-9]*w\s+(\S.*)$/.exec(line);
    if (m !== null) out.push(m[m.length - 1]!.trim());
  }
  return out;
}

/** `sed`: with `-i` (any spelling: `-i`, `-i.bak`, `-Ei`, `--in-place`), its files. */
function sed(args: readonly Token[]): Writes {
  let inPlace = false;
  const scripts: Token[] = [];
  const operands: Token[] = [];
  let fromOption = false;
  for (let i = 0; i < args.length; i++) {
    const given = args[i]!;
    const a = given === null ? null : longOption(given, LONG_OPTIONS.sed);
    if (a === null || !a.startsWith("-") || a === "-") {
      operands.push(a);
      continue;
    }
    if (a === "--in-place" || a.startsWith("--in-place=")) inPlace = true;
    else if (a === "-e" || a === "--expression") {
      scripts.push(args[++i] ?? null);
      fromOption = true;
    } else if (a.startsWith("--expression=")) {
      scripts.push(a.slice(13));
      fromOption = true;
    } else if (a === "-f" || a === "--file") {
      i++;
      fromOption = true;
      scripts.push(null);
    } else if (!a.startsWith("--")) {
      // A cluster: `i` takes the rest of the word as its suffix; `e`/`f` the next word.
      for (let k = 1; k < a.length; k++) {
        const c = a[k];
        if (c === "i") {
          inPlace = true;
          break;
        }
        if (c === "e" || c === "f") {
          scripts.push(k + 1 < a.length ? a.slice(k + 1) : args[++i] ?? null);
          fromOption = true;
          break;
        }
      }
    }
  }
  if (!fromOption && operands.length > 0) scripts.push(operands.shift()!);
  const out: Token[] = [];
  for (const s of scripts) {
    if (s === null) out.push(null);
    else out.push(...sedWrites(s));
  }
  if (inPlace) out.push(...(operands.length > 0 ? operands : []));
  return paths(...out);
}

/** `perl -i` / `-pi` / `-i.bak`: the files after the script. */
function perl(args: readonly Token[]): Writes {
  const inPlace = args.some((a) => a !== null && /^-[a-zA-Z]*i/.test(a) && !a.startsWith("--"));
  if (!inPlace) return NONE;
  const operands: Token[] = [];
  let script = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a !== null && a.startsWith("-") && a !== "-") {
      if (/^-[a-zA-Z]*[eE]$/.test(a)) {
        i++;
        script = true;
      }
      continue;
    }
    if (!script) script = true; // a script file
    else operands.push(a);
  }
  return paths(...operands);
}

/** Git subcommands that rewrite tracked files in the working tree. */
const GIT_REWRITES = words(`checkout switch restore stash clean apply am mv rm merge pull rebase
  cherry-pick revert checkout-index worktree read-tree bisect sparse-checkout submodule`);

/**
 * `git`: the working tree (or the paths after `--`) for a rewriting subcommand; `--output`. A
 * path after `--` is a pathspec: the file or the directory and all below it (`-- .` is the whole
 * tree), of the `-C` directory; a pathspec glob or magic (`'p*'`, `:(glob)x`, `:/x`) may be any
 * path of the tree; `--work-tree=DIR` rewrites DIR.
 */
function git(args: readonly Token[]): Writes {
  let i = 0;
  // The `-C` directories, joined (`-C a -C b` is `a/b`); null once one is only known at run time.
  let dir: string | null = "";
  let workTree: Token | undefined;
  while (i < args.length && args[i] !== null && args[i]!.startsWith("-")) {
    const a = args[i]!;
    // Global options that take a value (`-C DIR`, `-c K=V`).
    if (a === "-C" || a.startsWith("-C")) {
      const d = a === "-C" ? args[++i] ?? null : a.slice(2);
      dir = dir === null || d === null ? null : d.startsWith("/") || dir === "" ? d : `${dir}/${d}`;
    } else if (a === "-c") i++;
    else if (a === "--work-tree") workTree = args[++i] ?? null;
    else if (a.startsWith("--work-tree=")) workTree = a.slice("--work-tree=".length);
    i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  const out: Writes = { paths: [], trees: [], worktree: false };
  for (const a of rest) {
    if (a !== null && (a.startsWith("--output=") || a.startsWith("-o="))) {
      out.paths.push(a.slice(a.indexOf("=") + 1));
    }
  }
  const o = rest.indexOf("--output");
  if (o !== -1) out.paths.push(rest[o + 1] ?? null);
  if (sub === null) return { ...out, worktree: true };
  if (sub === undefined) return out;
  const at = (p: Token) => p === null || dir === null ? null : at_(dir, p);
  if (sub === "archive") {
    const k = rest.indexOf("-o");
    if (k !== -1) out.paths.push(at(rest[k + 1] ?? null));
    return out;
  }
  // Files and directories of their own (the red team's): `format-patch -o DIR` (and `-oDIR`,
  // `--output-directory`), `bundle create FILE`, `config -f FILE`/`--file`.
  if (sub === "format-patch") {
    for (let k = 0; k < rest.length; k++) {
      const a = rest[k]!;
      if (a === "-o" || a === "--output-directory") out.trees.push(at(rest[++k] ?? null));
      else if (a === null) continue;
      else if (a.startsWith("--output-directory=")) out.trees.push(at(a.slice(19)));
      else if (/^-o./.test(a)) out.trees.push(at(a.slice(2)));
    }
    // Without -o: the patches are made where git runs, named after the commits.
    if (out.trees.length === 0 && !rest.includes("--stdout")) {
      out.paths.push(at("[0-9][0-9][0-9][0-9]-*.patch"));
    }
    return out;
  }
  if (sub === "bundle" && rest[0] === "create") {
    const file = rest.slice(1).find((a) => a === null || !a.startsWith("-"));
    if (file !== undefined) out.paths.push(at(file));
    return out;
  }
  if (sub === "config") {
    for (let k = 0; k < rest.length; k++) {
      const a = rest[k]!;
      if (a === "-f" || a === "--file") out.paths.push(at(rest[++k] ?? null));
      else if (a !== null && a.startsWith("--file=")) out.paths.push(at(a.slice(7)));
    }
    return out;
  }
  if (sub === "clone" || sub === "init") {
    // `git clone SRC [DIR]`, `git init [DIR]`: the directory made (for clone without one, a
    // name taken from the source: only known when it runs).
    const operands = rest.filter((a, k) =>
      (a === null || !a.startsWith("-")) && !CLONE_VALUED.has(rest[k - 1] ?? "")
    );
    const target = sub === "clone" ? operands[1] : operands[0] ?? ".";
    out.trees.push(target === undefined ? null : at(target));
    return out;
  }
  const rewrites = GIT_REWRITES.has(sub) ||
    (sub === "reset" && rest.some((a) => a === "--hard" || a === "--merge" || a === "--keep"));
  if (!rewrites || leavesTree(sub, rest)) return out;
  if (workTree !== undefined) out.trees.push(workTree);
  // The paths after `--`; `git rm`, `git mv` and `git restore` take only paths (of their
  // options, only restore's `-s`/`--source` takes a separate value).
  const dash = rest.indexOf("--");
  const specs = dash !== -1
    ? rest.slice(dash + 1)
    : sub === "rm" || sub === "mv" || sub === "restore"
    ? rest.filter((a, k) =>
      (a === null || !a.startsWith("-")) &&
      !(sub === "restore" && (rest[k - 1] === "-s" || rest[k - 1] === "--source"))
    )
    : [];
  if (specs.length === 0) {
    out.worktree = true;
    return out;
  }
  for (const spec of specs) {
    if (spec === null || dir === null || /[*?[]/.test(spec) || spec.startsWith(":")) {
      out.worktree = true;
      continue;
    }
    const p = spec.startsWith("/") || dir === "" ? spec : `${dir}/${spec}`;
    out.paths.push(p);
    out.trees.push(p);
  }
  return out;
}

/**
 * A rewriting subcommand's forms that leave the working tree alone: `stash list`/`show`,
 * `worktree list`, `clean -n`, `rm --cached`, a branch made where HEAD is (`checkout -b NEW`,
 * `switch -c NEW`: no start point).
 */
function leavesTree(sub: string, rest: readonly Token[]): boolean {
  const words = rest.filter((a) => a !== "-q" && a !== "--quiet");
  const first = words[0];
  if (sub === "stash") return first === "list" || first === "show";
  if (sub === "worktree") return first === "list";
  // bisect's log, view and visualize, and sparse-checkout's list, only look; submodule's status,
  // summary and foreach (whose command is read as one of its own) do not change the tree.
  if (sub === "bisect") return ["log", "view", "visualize", "terms"].includes(first ?? "");
  if (sub === "sparse-checkout") return first === "list";
  if (sub === "submodule") {
    return first === undefined || ["status", "summary", "foreach"].includes(first ?? "");
  }
  if (sub === "clean") {
    return words.some((a) =>
      a === "-n" || a === "--dry-run" ||
      (a !== null && /^-[a-zA-Z]*n/.test(a) && !a.startsWith("--"))
    );
  }
  if (sub === "rm") return words.includes("--cached");
  if (sub === "restore") {
    const staged = words.some((a) => a === "--staged" || a === "-S");
    return staged && !words.some((a) => a === "--worktree" || a === "-W");
  }
  if (sub === "checkout" || sub === "switch") {
    const create = sub === "checkout" ? ["-b", "-B"] : ["-c", "-C", "--create", "--force-create"];
    return words.length === 2 && create.includes(words[0] ?? "") && words[1] !== null &&
      !words[1]!.startsWith("-");
  }
  return false;
}

/** Options of `git clone` and `git init` that take a value. */
const CLONE_VALUED = new Set([
  "-b",
  "--branch",
  "-o",
  "--origin",
  "-u",
  "--upload-pack",
  "--reference",
  "--separate-git-dir",
  "--template",
  "-c",
  "--config",
  "--depth",
  "--shallow-since",
  "--shallow-exclude",
  "--filter",
  "-j",
  "--jobs",
  "--object-format",
  "--initial-branch",
  "--shared",
]);

/** A path under the directory of `git -C DIR` (`""`: none). */
function at_(dir: string, p: string): string {
  return dir === "" || p.startsWith("/") ? p : `${dir}/${p}`;
}

/**
 * awk's output redirections: `print > "FILE"`, `printf ... >> "FILE"` (a literal name is the
 * file; any other expression, a file only known when it runs). The program is the first operand,
 * unless `-f` gives it (then its writes are unknown: a file skald does not read).
 */
function awkWrites(args: readonly Token[]): Writes {
  let program: Token | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-f" || (a !== null && a.startsWith("--file"))) return paths(null);
    if (a === "-v" || a === "-F") {
      i++;
      continue;
    }
    if (a !== null && a.startsWith("-") && a !== "-") continue;
    program = a;
    break;
  }
  if (program === undefined) return NONE;
  if (program === null) return paths(null);
  const out: Token[] = [];
  for (const m of program.matchAll(/\bprintf?\b[^;{}]*?(>>?)\s*("([^"]*)"|[^\s;}]+)/g)) {
    out.push(m[3] !== undefined ? m[3] : null);
  }
  return paths(...out);
}

/** `find`: `-delete` and an `-exec` of a writer write below the start paths. */
function find(args: readonly Token[]): Writes {
  const starts: Token[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-H" || a === "-L" || a === "-P") continue;
    if (a !== null && (a.startsWith("-") || a === "(" || a === "!")) break;
    starts.push(a);
  }
  const start = starts.length === 0 ? ["."] : starts;
  const out: Writes = { paths: [], trees: [], worktree: false };
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === "-delete") out.trees.push(...start);
    else if (a === "-fprint" || a === "-fprint0" || a === "-fls" || a === "-fprintf") {
      out.paths.push(args[i + 1] ?? null);
    } else if (a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir") {
      let end = i + 1;
      while (end < args.length && args[end] !== ";" && args[end] !== "+") end++;
      // `{}` is every file found: the command's own writes, or its files, are the tree's.
      const cmd = args.slice(i + 1, end).map((t) => t === "{}" ? null : t);
      const w = writeTargets(cmd);
      if (w.paths.length > 0 || w.trees.length > 0 || w.worktree) out.trees.push(...start);
      i = end;
    }
  }
  return out;
}

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
 * assert.equal(writeTargets(["git", "checkout", "main"]).worktree, true);
 * assert.deepEqual(writeTargets(["cat", "f"]).paths, []);
 * ```
 */
export function writeTargets(argv: readonly Token[], fromStdin = false): Writes {
  const first = argv[0];
  if (first === null || first === undefined) return NONE;
  const name = first.replace(/^.*\//, "");
  const args = argv.slice(1);
  const w = targets(name, args);
  // `xargs rm`: the operands come from standard input.
  if (fromStdin && WRITES_OPERANDS.has(name)) return { ...w, paths: [...w.paths, null] };
  return w;
}

/** Programs whose operands are what they write (more may come from standard input). */
const WRITES_OPERANDS = words(`touch mkdir mkfifo truncate rm rmdir unlink shred chmod chown
  chgrp tee cp mv install ln gzip gunzip bzip2 bunzip2 xz unxz zstd unzstd`);

function targets(name: string, args: readonly Token[]): Writes {
  const valued = VALUED[name] ?? new Set<string>();
  const parse = (a: readonly Token[], v: ReadonlySet<string>) =>
    parseOptions(a, v, LONG_OPTIONS[name]);
  switch (name) {
    case "touch":
    case "mkdir":
    case "mkfifo":
    case "truncate":
    case "rm":
    case "rmdir":
    case "unlink":
    case "shred":
    case "tee":
      return paths(...parse(args, valued).operands);
    case "mknod":
      return paths(...parse(args, valued).operands.slice(0, 1));
    case "chmod":
    case "chown":
    case "chgrp": {
      const { options, operands } = parse(args, valued);
      // The mode or owner comes first, unless --reference gives it.
      return paths(...(has(options, "--reference") ? operands : operands.slice(1)));
    }
    case "cp":
    case "install":
    case "ln":
    case "rsync": {
      const { options, operands } = parse(args, valued);
      if (name === "install" && has(options, "-d", "--directory")) return paths(...operands);
      if (
        name === "ln" && operands.length === 1 &&
        value(options, "-t", "--target-directory") === undefined
      ) {
        // `ln -s TARGET`: the link is made in the current directory.
        const t = operands[0]!;
        return paths(t === null ? null : t.replace(/\/+$/, "").replace(/^.*\//, "") || ".");
      }
      const dest = destination(options, operands);
      // A remote destination (`host:path`) writes nothing here.
      if (dest !== null && name === "rsync" && /^[^/]*:/.test(dest)) return NONE;
      // A tree copied into the destination may make any path below it (`cp -r ../x/. src/`
      // makes `src/.env`): the destination is written whole.
      const recursive = name === "cp" || name === "rsync"
        ? has(options, "-r", "-R", "-a", "--recursive", "--archive")
        : false;
      if (!recursive) return paths(dest);
      const from = value(options, "-t", "--target-directory") === undefined
        ? operands.slice(0, -1)
        : operands;
      return { paths: [dest], trees: [], worktree: false, copies: [{ from, into: dest }] };
    }
    case "mv": {
      const { options, operands } = parse(args, valued);
      const t = value(options, "-t", "--target-directory");
      // A directory moved into the destination brings every path below it.
      const into = t ?? (operands.length > 1 ? operands[operands.length - 1]! : undefined);
      const from = t === undefined ? operands.slice(0, -1) : operands;
      return {
        paths: [...operands, ...(t === undefined ? [] : [t])],
        trees: [],
        worktree: false,
        copies: into === undefined ? [] : [{ from, into }],
      };
    }
    case "xxd": {
      // `xxd -r IN OUT` writes OUT (the red team's: it made a file under src/).
      const { options, operands } = parse(args, words("-c -g -l -o -s -n -C"));
      const revert = has(options, "-r", "-revert") ||
        args.some((a) =>
          a === "-revert" || (a !== null && /^-[a-zA-Z]*r/.test(a) && !a.startsWith("--"))
        );
      return revert && operands.length >= 2 ? paths(operands[1]!) : NONE;
    }
    case "curl":
      return curlWrites(args);
    case "wget":
      return wgetWrites(args);
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
      return awkWrites(args);
    case "dd": {
      const of = args.find((a) => a === null || a.startsWith("of="));
      return of === undefined ? NONE : paths(of === null ? null : of.slice(3));
    }
    case "sort":
    case "shuf": {
      const { options } = parse(args, valued);
      const o = value(options, "-o", "--output");
      return o === undefined ? NONE : paths(o);
    }
    case "uniq": {
      const { operands } = parse(args, valued);
      return operands.length >= 2 ? paths(operands[1]!) : NONE;
    }
    case "split": {
      const { operands } = parse(args, valued);
      const prefix = operands.length >= 2 ? operands[1]! : "x";
      return paths(prefix === null ? null : `${prefix}aa`);
    }
    case "csplit": {
      const { options } = parse(args, valued);
      const prefix = value(options, "-f", "--prefix") ?? "xx";
      return paths(prefix === null ? null : `${prefix}00`);
    }
    case "gzip":
    case "gunzip":
    case "bzip2":
    case "bunzip2":
    case "xz":
    case "unxz":
    case "zstd":
    case "unzstd": {
      const { options, operands } = parse(args, valued);
      if (has(options, "-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test")) {
        return NONE;
      }
      const out: Token[] = [];
      for (const o of operands) out.push(o, o === null ? null : `${o}.gz`);
      return paths(...out);
    }
    case "zip": {
      const { operands } = parse(args, valued);
      return operands.length > 0 ? paths(operands[0]!) : NONE;
    }
    case "mktemp": {
      const { options } = parse(args, valued);
      const dir = value(options, "-p", "--tmpdir");
      return dir === undefined ? NONE : trees(dir);
    }
    case "sed":
      return sed(args);
    case "perl":
      return perl(args);
    case "tar": {
      const first = args[0];
      const bundled = first !== null && first !== undefined && /^[a-zA-Z]+$/.test(first);
      const { options, operands } = parse(bundled ? args.slice(1) : args, valued);
      const letters = bundled ? first! : "";
      const mode = (l: string, ...long: string[]) =>
        letters.includes(l) || has(options, `-${l}`, ...long);
      const archive = value(options, "-f", "--file") ??
        (bundled && letters.includes("f") ? operands[0] ?? null : undefined);
      if (mode("x", "--extract", "--get")) {
        return trees(value(options, "-C", "--directory") ?? ".");
      }
      if (mode("c", "--create") || mode("r", "--append") || mode("u", "--update")) {
        return archive === undefined || archive === "-" ? NONE : paths(archive);
      }
      return NONE;
    }
    case "unzip": {
      const { options } = parse(args, valued);
      if (has(options, "-l", "-t", "-p", "-Z", "-v")) return NONE;
      return trees(value(options, "-d") ?? ".");
    }
    case "patch": {
      const { options } = parse(args, valued);
      const o = value(options, "-o", "--output");
      if (o !== undefined) return paths(o);
      return trees(value(options, "-d", "--directory") ?? ".");
    }
    case "git":
      return git(args);
    case "find":
      return find(args);
    default:
      return NONE;
  }
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

/** wget's options that take the next word (wget 1.21's manual): the rest take none. */
const WGET_VALUED = new Set(
  `-o -a -i -B -t -O -T -w -Q -P -U -e -D -R -A -I -X -l --output-file --append-output
  --input-file --base --tries --output-document --timeout --wait --quota --directory-prefix
  --user-agent --execute --domains --reject --accept --include-directories
  --exclude-directories --level --header --user --password --post-data --post-file --method
  --body-data --body-file --referer --load-cookies --save-cookies --ca-certificate --certificate
  --private-key --bind-address --limit-rate --waitretry --dns-timeout --connect-timeout
  --read-timeout --http-user --http-password --ftp-user --ftp-password --cut-dirs
  --default-page --restrict-file-names --config --rejected-log
  --exclude-domains --follow-tags --ignore-tags --backups --regex-type --accept-regex
  --reject-regex`.split(/\s+/),
);

/** What `wget` writes: `-O FILE`, its logs (`-o`, `-a`), else each URL's file (`-P DIR`). */
function wgetWrites(args: readonly Token[]): Writes {
  const { options, operands } = parseOptions(args, WGET_VALUED, LONG_OPTIONS.wget);
  const out: Token[] = [];
  let dir: Token | undefined;
  let document = false;
  // A tree, a list of URLs in a file, a name the server gives, commands: known when it runs.
  let unknown = false;
  for (const { name, value } of options) {
    if (name === "-O" || name === "--output-document") {
      document = true;
      if (value !== "-") out.push(value ?? null);
    } else if (["-o", "-a", "--output-file", "--append-output", "--rejected-log"].includes(name)) {
      out.push(value ?? null);
    } else if (name === "-P" || name === "--directory-prefix") dir = value ?? null;
    else if (WGET_UNKNOWN.has(name)) unknown = true;
  }
  if (unknown) out.push(null);
  else if (!document) {
    for (const url of operands) out.push(...urlFiles(url, dir, true, "index.html"));
  }
  return paths(...out);
}

/** wget's options after which what it writes is only known when it runs. */
const WGET_UNKNOWN = new Set([
  "-r",
  "--recursive",
  "-m",
  "--mirror",
  "-p",
  "--page-requisites",
  "-x",
  "--force-directories",
  "-i",
  "--input-file",
  "-e",
  "--execute",
  "--config",
  "--content-disposition",
  "--trust-server-names",
  "--default-page",
  "-k",
  "--convert-links",
  "-K",
  "--backup-converted",
  "-E",
  "--adjust-extension",
  "-F",
  "--force-html",
]);

/** What `curl` writes: `-o FILE`, and with `-O` each URL's file (`--output-dir DIR`). */
function curlWrites(args: readonly Token[]): Writes {
  const { options, operands } = parseOptions(args, CURL_VALUED, LONG_OPTIONS.curl);
  const out: Token[] = [];
  let remote = false;
  let dir: Token | undefined;
  for (const { name, value } of options) {
    if (name === "-o" || name === "--output") out.push(value ?? null);
    else if (name === "--output-dir") dir = value ?? null;
    else if (name === "-J" || name === "--remote-header-name") out.push(null); // the server's name
    else if (name === "-K" || name === "--config") out.push(null); // a file's options may write
    else if (["-O", "--remote-name", "--remote-name-all"].includes(name)) remote = true;
  }
  if (remote) {
    // curl names the file after the URL's path; whether the query is kept differs by version.
    for (const url of operands) out.push(...urlFiles(url, dir, false), ...urlFiles(url, dir, true));
  }
  return paths(...new Set(out));
}

/** curl's options that take the next word, so that their value is not read as a URL. */
const CURL_VALUED = new Set(
  `-o --output --output-dir -d -H -X -u -A -e -b -c -F -T -m -x -w -K -E -r -Y -y -z -U -C --data --data-raw
  --data-binary --data-urlencode --header --request --user --user-agent --referer --cookie
  --cookie-jar --form --upload-file --max-time --proxy --write-out --config --cert --range
  --connect-timeout --retry --retry-delay --resolve --cacert --key --json --url-query`
    .split(/\s+/),
);

/**
 * The files a sed command's scripts read (`r FILE`, `R FILE`): of `-e SCRIPT`,
 * `--expression=SCRIPT`, or its first operand without one; none for another program. A script
 * in a file (`-f`) is not read.
 *
 * @param argv the command's words, the program first
 * @returns the files, as written
 */
export function sedScriptReads(argv: readonly Token[]): string[] {
  const name = (argv[0] ?? "").replace(/^.*\//, "");
  if (name !== "sed" && name !== "gsed") return [];
  const scripts: string[] = [];
  let given = false;
  let first: Token | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] === null ? null : longOption(argv[i]!, LONG_OPTIONS.sed);
    if (a === null) continue;
    if (a === "-e" || a === "--expression") {
      given = true;
      const s = argv[++i];
      if (typeof s === "string") scripts.push(s);
    } else if (a.startsWith("--expression=")) {
      given = true;
      scripts.push(a.slice(13));
    } else if (/^-[a-zA-Z]*e./.test(a) && !a.startsWith("--")) {
      given = true;
      scripts.push(a.slice(a.indexOf("e") + 1));
    } else if (/^-[a-zA-Z]*e$/.test(a)) {
      given = true;
      const s = argv[++i];
      if (typeof s === "string") scripts.push(s);
    } else if (a === "-f" || a === "--file" || a.startsWith("--file=")) {
      given = true;
      if (a === "-f" || a === "--file") i++;
    } else if (!a.startsWith("-") && first === undefined) first = a;
  }
  if (!given && typeof first === "string") scripts.push(first);
  return scripts.flatMap(sedReads);
}
