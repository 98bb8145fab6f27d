/**
 * What a shell command may read and write, as far as its text shows: the directories it may
 * run in (the root and every literal `cd` target, nested scripts included), the paths it names
 * (literal arguments, option values, input redirections), the globs it names, and the files
 * it writes (output redirections; the paths of file-changing commands). Path rules and
 * protected files are held against these. Pure.
 *
 * @module
 */

import { type CommandAnalysis, tokensAt } from "../../shell/split.ts";
import { INPUT } from "../../shell/unwrap.ts";
import type { Word } from "../../shell/parse.ts";
import { followsLinks, treeFilter, treeReads, WORKING_TREE } from "./tree_reads.ts";
import { READS_ALL, type TreeFilter } from "../tree_filter.ts";
import { classifyCommand } from "../read_only/classify.ts";
import { writeTargets } from "./write_targets.ts";
import { extractPlan, NAME_VARIABLES } from "./extract_plans.ts";
import { type Extraction, extractionsHold, readExtraction, stdinSources } from "./extractions.ts";
import { named, pathReads } from "./path_reads.ts";
import { pathOf, readCommand } from "./_program_read.ts";
import { hasTrait, optionHolds, optionsWith, subcommand } from "../../programs/argv.ts";
import { type PathContext, resolvePath } from "../paths.ts";
import {
  commandVariables,
  pathLike,
  resolveText,
  unknownProgram,
  type Variables,
} from "./computed_paths.ts";
import { programSpec, programVariables } from "../../programs/lookup.ts";
import { SHOPT_CDABLE, SHOPT_GLOBS } from "../../programs/shell.ts";
import { commandSpec } from "../read_only/_table.ts";
import { shellName } from "../../shell/wrappers.ts";
import { KEYWORDS } from "../../shell/reserved.ts";
import { joinLines } from "../../shell/_word.ts";

/** A word's value, or null when it is only known when the command runs. */
const token = (w: Word) => w.dynamic ? null : w.value;

/** Distinct `cd` targets beyond this many make the command too complex to read. */
export const MAX_BASES = 64;

/** The effects of one command. */
export interface ShellEffects {
  /**
   * Absolute directories the command may run in: where it starts (the call's directory, by
   * default the root), then each literal `cd` target.
   */
  bases: string[];
  /** More `cd` targets than `MAX_BASES`: path rules cannot be held against every base. */
  overflow: boolean;
  /** Literal paths the command may read, as written. */
  reads: string[];
  /** Paths with glob characters the command may read, as written. */
  readGlobs: string[];
  /** Literal paths the command may write, as written. */
  writes: string[];
  /** Output redirections whose target expands: the command writes somewhere unknown. */
  unknownWrites: boolean;
  /**
   * Directories the command reads whole, as written (`grep -r KEY .`, `cp -a conf b/`): every
   * Read rule that names a path below one applies.
   */
  readTrees: string[];
  /**
   * Those of `readTrees` a reader that follows the symbolic links inside them reads
   * (`grep -R`, `tar -h`, `zip -r`): what a link below one leads to is read too.
   */
  linkedTrees: string[];
  /** A directory read whole that is only known when the command runs: every Read rule applies. */
  unknownTree: boolean;
  /**
   * `shopt -s nocaseglob` or `extglob` is set and a word is a pattern: a glob may match names
   * its text does not show (`.EN?`, `.@(env)`): every Read and Edit rule applies.
   */
  looseGlobs: boolean;
  /** Paths with glob characters the command may write (`rm -rf p*`), as written. */
  writeGlobs: string[];
  /**
   * Directories whose whole content the command may change (`find d -delete`, the git working
   * tree, `tar -x -C d` of an archive not read on disk): every Edit rule that names a path below
   * one applies.
   */
  writeTrees: string[];
  /**
   * Trees copied or moved into a directory (`cp -r SRC DEST`), as written: an Edit rule that
   * names a path below a source, taken to the destination, applies. A source or destination
   * only known when the command runs is an unknown write.
   */
  copies: { from: string[]; into: string }[];
  /**
   * Words a command reads as paths whose value is only known when it runs (`cat $(echo .env)`,
   * `read f; cat "$f"`), as written: every Read deny or ask rule asks (`computed_paths.ts`).
   */
  computedReads: string[];
  /**
   * Words of the same kind given to a program skald has no spec for (`tool $(echo x)`): it may
   * write them, and every Edit deny or ask rule asks too.
   */
  computedWrites: string[];
  /** Symbolic links the command itself makes (`ln -s . self`): `[link, target]`, as written. */
  links: [string, string][];
  /** The program that reads (`read:DIR`) or changes (`edit:DIR`) each tree: `grep -r`, `tar`. */
  treeBy: Record<string, string>;
  /**
   * What the reader of each tree of `readTrees` skips below it, by the tree as written (grep's
   * `--include`, ripgrep's hidden names and ignore files, git grep's tracked files): a tree two
   * readers read with different filters is read whole.
   */
  treeFilters: Record<string, TreeFilter>;
  /**
   * For a tree of `writeTrees` git rewrites (the working tree), which files it writes: those it
   * tracks (`only`), or those and every file `.gitignore` does not ignore (`or-unignored`,
   * `git stash -u`); `complete` when nothing else can be written (`git stash` writes the
   * tracked files back to HEAD), else files of other commits may be too (`git checkout main`).
   * Absent: every file below it may be written.
   */
  gitWrites: Record<string, { tracked: "only" | "or-unignored"; complete: boolean }>;
  /**
   * Why a part of the command is only known when it runs (`echo CMD | sh`, `bash -c "$X"`,
   * `$CMD x`), when one is: it may read and write anything, so every Read and Edit rule applies
   * (as every Bash rule does).
   */
  hidden?: string;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * The effects of a command that reads and writes nothing, run in the directories given.
 *
 * @param bases the directories it runs in
 * @returns the effects
 */
export function noEffects(bases: string[]): ShellEffects {
  return {
    bases,
    overflow: false,
    reads: [],
    readGlobs: [],
    writes: [],
    unknownWrites: false,
    readTrees: [],
    linkedTrees: [],
    unknownTree: false,
    looseGlobs: false,
    writeGlobs: [],
    writeTrees: [],
    copies: [],
    computedReads: [],
    computedWrites: [],
    links: [],
    treeBy: {},
    treeFilters: {},
    gitWrites: {},
  };
}
const GLOB = /[*?[]/;
/** The reserved words whose other words are values: a loop's list, a case's word. */
const LISTS: ReadonlySet<string> = new Set(["for", "select", "case"]);

/**
 * A path as bash expands its tilde: `~` and `~/x` under the home, `~+` and `~+/x` in the
 * directory the command runs in (relative: held against every base); undefined for a directory
 * only known when it runs (`~-`, `~user`).
 */
function expandTilde(v: string, ctx: PathContext): string | undefined {
  if (!v.startsWith("~")) return v;
  if (v === "~" || v.startsWith("~/")) return ctx.home + v.slice(1);
  if (v === "~+" || v.startsWith("~+/")) return "." + v.slice(2);
  // `~user` for the user's own name (the home's last part: the home is where `~` is).
  const user = ctx.home.slice(ctx.home.lastIndexOf("/") + 1);
  if (user !== "" && (v === `~${user}` || v.startsWith(`~${user}/`))) {
    return ctx.home + v.slice(user.length + 1);
  }
  return undefined;
}

/**
 * `$HOME/x`, `${HOME}/x` and `"$HOME"/x` with the rest static: the path under the home,
 * written as `~/x` (as Claude Code reads them); `$PWD/x` and `${PWD}/x`, the directory the
 * command runs in, as `~+/x`; undefined for any other word.
 */
function homeForm(w: Word): string | undefined {
  const m = /^(?:\$(HOME|PWD)|\$\{(HOME|PWD)\})(?=\/|$)/.exec(w.value);
  if (m === null || w.staticFrom > m[0].length) return undefined;
  return ((m[1] ?? m[2]) === "PWD" ? "~+" : "~") + w.value.slice(m[0].length);
}

/**
 * `${X:-FILE}`, `${X-FILE}`, `${X:=FILE}`, `${X:+FILE}` with the rest static: FILE, what the
 * word is when `X` is unset (or set, for `+`); undefined for any other word.
 */
function defaultForm(w: Word): string | undefined {
  const m = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+]([^${}`]*)\}/.exec(w.value);
  if (m === null || w.staticFrom > m[0].length) return undefined;
  return m[1]! + w.value.slice(m[0].length);
}

/**
 * Where a command changes the working directory, as the deny view read its words (null for a
 * word only known when it runs), from its spec: a builtin whose operand is the directory it
 * goes to (`cd DIR`, `pushd DIR`; the home for a bare `cd`), or a wrapper that runs its command
 * in the directory an option gives (`env -C DIR`, `env -iC DIR`, `sudo -D DIR`). `null` for a
 * directory only known when it runs (`cd $D`, `cd -`, `pushd +1`, `env $OPTS ...`), undefined
 * when the command does not change directory.
 */
function chdirTarget(tokens: readonly (string | null)[]): string | null | undefined {
  const r = readCommand(tokens);
  if (r === undefined) return undefined;
  const { head, rest } = r.command.operands;
  if (head.some((u) => u.kind === "cwd")) {
    const dir = r.operands.find((o) => o.use?.kind === "cwd")?.word;
    if (dir === undefined) return r.path[0]!.name === "cd" ? "~" : null;
    if (dir === null || dir === "-" || /^[+-]\d+$/.test(dir)) return null;
    return dir;
  }
  if (
    rest?.kind !== "runs" || !r.path[0]!.options.some((o) => o.uses.some((u) => u.kind === "cwd"))
  ) {
    return undefined;
  }
  // A word only known when it runs where an option may stand may be `-C DIR`.
  if (r.operands[0]?.word === null) return null;
  return optionsWith(r, "cwd").length === 0 ? undefined : r.dir;
}

/**
 * The alternatives of a dynamic word whose only expansion is braces (`cat .{e,x}nv`), undefined
 * for any other word, null past {@link MAX_BRACES}.
 */
function braceWords(w: Word): string[] | null | undefined {
  if (!w.dynamic || /[$`]/.test(w.value)) return undefined;
  if (!COMMA_BRACES.test(w.value) && !SEQUENCE_BRACES.test(w.value)) return undefined;
  return braces(w.value) ?? null;
}

/** A dynamic word that is only a glob (no `$`, no substitution): its text as a pattern. */
function globText(w: Word): string | undefined {
  if (!w.dynamic || w.value.includes("$") || w.value.includes("`")) return undefined;
  return GLOB.test(w.value) ? w.value : undefined;
}

/**
 * Works out what a command may read and write.
 *
 * @param command the analysed command
 * @param ctx root, home and the directory the command starts in
 * @returns the effects
 */
export function shellEffects(command: CommandAnalysis, ctx: PathContext): ShellEffects {
  const bases = new Set([ctx.cwd ?? ctx.root]);
  // A directory only known when the command runs: its relative paths could lie anywhere.
  let unknownBase = false;
  // `HOME=...; cd` goes to the new home, and under `shopt -s cdable_vars` `cd NAME` may go where a
  // variable NAME points (the sixth red team's: each read a file a Read rule names).
  const homeSet = command.parse.assignments.some((a) => a.name === "HOME");
  const cdable = command.view.candidates.some((c) =>
    shoptSets(c.tokens, (o) => o === SHOPT_CDABLE)
  );
  for (const cand of command.view.candidates) {
    const target = chdirTarget(cand.tokens);
    if (target === undefined) continue;
    if (
      target !== null &&
      ((homeSet && (target === "~" || target.startsWith("~/"))) ||
        (cdable && !target.startsWith("/") && !target.startsWith(".") && !target.startsWith("~")))
    ) {
      unknownBase = true;
      continue;
    }
    const dir = target === null ? undefined : expandTilde(target, ctx);
    if (dir === undefined) unknownBase = true;
    else if (dir !== "") bases.add(resolvePath(dir, ctx));
  }
  const unknownLinks: string[] = [];
  const extractions: Extraction[] = [];
  const effects: ShellEffects = {
    ...noEffects([...bases].slice(0, MAX_BASES + 1)),
    overflow: bases.size > MAX_BASES,
    ...(command.view.hidden[0] === undefined ? {} : { hidden: command.view.hidden[0].reason }),
  };
  let vars: Variables | undefined;
  const variables = () => vars ??= commandVariables(command, ctx.home);
  const word = (w: Word, into: string[]) => {
    const glob = globText(w);
    // Braces first, as bash expands them before globs: `src/{keys,x}/*` is two globs.
    const alts = braceWords(w);
    if (alts === null) effects.unknownTree = true; // more alternatives than are read: anything
    else if (alts !== undefined) {
      for (const alt of alts) {
        const p = expandTilde(alt, ctx);
        if (p === undefined || p === "") continue;
        if (GLOB.test(p)) effects.readGlobs.push(p);
        else into.push(p);
      }
    } else if (glob !== undefined) effects.readGlobs.push(glob);
    else if (w.dynamic && /^\/proc\/[^/]*\$/.test(w.value)) {
      // `/proc/$$/cwd/.env`: some process's own directories, which one only known when it runs.
      effects.unknownTree = true;
    } else if (/^(~-|~\+?\d|["']?\$\{?OLDPWD\b)/.test(w.dynamic ? w.raw : w.value)) {
      // The directory bash was in before its last `cd` (`cat ~-/x`, `"$OLDPWD/x"`, the sixth red
      // team's): only known when it runs, so the word may name any path.
      effects.unknownTree = true;
    } else {
      const v = w.dynamic ? homeForm(w) ?? defaultForm(w) : w.value;
      const p = v === undefined ? undefined : expandTilde(v, ctx);
      if (p !== undefined && p !== "") {
        (w.dynamic && GLOB.test(p) ? effects.readGlobs : into).push(p);
      } else if (v === undefined) {
        // A value the command's own variables give (`d=~/.ssh; cat $d/id_rsa`), or computed.
        const r = resolveText(w.value, variables(), ctx.home);
        if (r.kind === "computed") effects.computedReads.push(w.raw);
        else if (r.kind === "paths") {
          for (const q of r.paths) {
            const e = expandTilde(q, ctx);
            if (e === undefined || e === "") continue;
            (GLOB.test(e) && !/\s/.test(e) ? effects.readGlobs : into).push(e);
          }
        }
      }
    }
  };
  // The paths written (an archive's thousands of members: one look each, not a search).
  const written = new Set<string>();
  // A written path as the command wrote it; unknown when it expands at run time (`maybe`: a
  // word that may be no path at all is left out then; `glob`: a value bash expands, a glob
  // unless it holds a blank, which no file name a glob stands for does here).
  const write = (path: string | null, maybe = false, glob = false) => {
    const p = path === null ? undefined : expandTilde(path, ctx);
    if (p === undefined) effects.unknownWrites ||= !maybe;
    else if (p !== "/dev/null" && !written.has(p)) {
      written.add(p);
      (glob && GLOB.test(p) && !/\s/.test(p) ? effects.writeGlobs : effects.writes).push(p);
    }
  };
  // A written glob (`rm -rf p*`, `rm -rf {a,b}`): each brace alternative, held as a glob.
  const writeOrGlob = (path: string | null) => {
    if (path === null || !path.startsWith(GLOB_MARK)) return write(path);
    const alts = braces(path.slice(GLOB_MARK.length));
    if (alts === undefined) return write(null);
    for (const alt of alts) {
      if (GLOB.test(alt)) effects.writeGlobs.push(alt);
      else write(alt);
    }
  };
  // Every command the view read, nested scripts included (`sh -c 'cat secrets/key'`); the
  // arguments of a command only known when it runs too (`$X secrets/key`).
  for (const { command: c } of command.view.commands) {
    let i = 0;
    // Reserved words lead no program (`do cat x`: cat reads x), nor do assignments.
    while (
      i < c.words.length &&
      (ASSIGNMENT.test(joinLines(c.words[i]!.raw)) ||
        (!c.words[i]!.dynamic && KEYWORDS.has(c.words[i]!.value)))
    ) i++;
    // A loop's list and a case's word are values, which no program opens (`for f in $(ls)`).
    const values = !c.words[i]?.dynamic && LISTS.has(c.words[i]?.value ?? "");
    const known = values ? { paths: [], dynamic: [] } : fileOperands(c.words.slice(i));
    if (known !== undefined) {
      effects.reads.push(...known.paths.flatMap((p) => expandTilde(p, ctx) ?? []));
      for (const w of known.dynamic) word(w, effects.reads);
    } else {
      const skip = notFileWords(c.words.slice(i));
      c.words.slice(i + 1).forEach((w, k) => {
        if (!skip.has(k + 1)) readArgument(w, effects, word);
      });
    }
    // A program skald has no spec for may write what it is given (issue 22): a value of the
    // command's own variables, or a path only known when it runs (the static words are held below).
    // (After reserved words and assignments: `do X=v tool $d/x`.)
    let h = i;
    while (
      h < c.words.length &&
      (ASSIGNMENT.test(joinLines(c.words[h]!.raw)) ||
        (!c.words[h]!.dynamic && KEYWORDS.has(c.words[h]!.value)))
    ) h++;
    const head = c.words[h];
    if (head !== undefined && !head.dynamic && isUnknown(c.words.slice(h).map(token))) {
      for (const w of c.words.slice(h + 1)) {
        if (!w.dynamic || /^["']?-/.test(w.raw)) continue;
        const r = homeForm(w) === undefined
          ? resolveText(w.value, variables(), ctx.home)
          : { kind: "paths" as const, paths: [homeForm(w)!] };
        if (r.kind === "computed") effects.computedWrites.push(w.raw);
        else if (r.kind === "paths") {
          r.paths.forEach((p) => write(pathLike(p) ?? null, true, true));
        }
      }
    }
    for (const r of c.redirects) {
      const t = r.target;
      if (t === undefined || !INPUT.test(r.op)) continue;
      if (t.dynamic || !(r.op.endsWith("<&") && /^(\d+|-)$/.test(t.value))) word(t, effects.reads);
    }
  }
  // Literal paths inline code names (`python3 -c 'open("secrets/key")'`): it may read any of
  // them, and write any of them (`open(p, "w")`, `fs.writeFileSync(p)`): the lexer does not tell.
  for (const r of command.view.reads) {
    const p = expandTilde(r.path, ctx);
    if (p === undefined || p === "") continue;
    effects.reads.push(p);
    if (!written.has(p)) {
      written.add(p);
      effects.writes.push(p);
    }
  }
  // The view lists file targets only (`>&2` is left out), so `> 1` writes the file `1`.
  for (const w of command.view.writes) {
    write(w.target.dynamic ? homeForm(w.target) ?? null : w.target.value);
  }
  for (const cand of command.view.candidates) {
    const name = cand.tokens[0];
    if (typeof name !== "string") continue;
    // A program skald has no spec for may write any path it is given (`tool protected/x`).
    if (isUnknown(cand.tokens)) {
      for (const t of scriptArguments(cand.tokens)) {
        if (t !== null) write(pathLike(t) ?? null, true);
      }
    }
    for (const p of gitObjectPaths(cand.tokens, ctx)) effects.reads.push(p);
    // The files the variables the command sets name to this program (`TZDIR=secrets date`,
    // `GIT_INDEX_FILE=protected/i git add`, `HISTFILE=F; history -r`).
    if (command.parse.assignments.length > 0 || /[A-Za-z_]=/.test(command.command)) {
      variablePaths(cand.tokens, variables(), ctx, effects);
    }
    // What its options and operands read, as its spec says (`grep --exclude-from=F`,
    // `curl -d @F`, `strings @F`, sed's `r F`); a file only known when it runs: any.
    for (const p of pathReads(cand.tokens)) {
      const d = p === null ? undefined : expandTilde(p, ctx);
      if (d === undefined) effects.unknownTree = true;
      else if (d !== "") effects.reads.push(d);
    }
    const trees = treeReads(cand.tokens);
    const follows = trees.length > 0 && followsLinks(cand.tokens);
    const filter = trees.length > 0 ? treeFilter(cand.tokens) : READS_ALL;
    for (const dir of trees) {
      const d = dir === null ? undefined : dir === WORKING_TREE ? ctx.root : expandTilde(dir, ctx);
      if (d === undefined) effects.unknownTree = true;
      else if (d !== "" && !effects.readTrees.includes(d)) {
        effects.readTrees.push(d);
        effects.treeBy[`read:${d}`] = programOf(cand.tokens);
        effects.treeFilters[d] = filter;
      } else if (d !== "" && effects.treeFilters[d] !== filter) effects.treeFilters[d] = READS_ALL;
      if (follows && d !== undefined && d !== "" && !effects.linkedTrees.includes(d)) {
        effects.linkedTrees.push(d);
      }
    }
    // `find -delete` is also read as `rm -rf` of what it finds: its own start paths say where.
    if (cand.via.at(-1) === "find -delete") continue;
    let w = writeTargets(
      withKnownGlobs(cand.tokens, command),
      cand.via.at(-1)?.startsWith("xargs") ?? false,
    );
    // `tar -x`, `unzip`, `patch`: the members or files their source holds on disk, once the
    // whole command is read (below), instead of the tree they extract into.
    const plan = w.trees.length > 0 && !w.worktree && !NAME_VARIABLES.test(command.command)
      ? extractPlan(cand.tokens)
      : undefined;
    const read = plan === undefined ? undefined : readExtraction(
      plan,
      plan.source.kind === "stdin" ? stdinSources(cand.tokens, cand.via, command) : undefined,
      effects.bases,
      (p, base) => {
        const d = expandTilde(p, ctx);
        return d === undefined || d === "" ? undefined : resolvePath(d, { ...ctx, cwd: base });
      },
      ctx,
    );
    if (read !== undefined) {
      extractions.push({ ...read, trees: w.trees, by: programOf(cand.tokens) });
      w = { ...w, trees: [] };
    }
    for (const path of w.paths) writeOrGlob(path);
    for (const tree of w.trees) {
      const d = tree === null ? undefined : expandTilde(tree, ctx);
      if (d === undefined) effects.unknownWrites = true;
      else if (d !== "" && !effects.writeTrees.includes(d)) {
        effects.writeTrees.push(d);
        effects.treeBy[`edit:${d}`] = programOf(cand.tokens);
      } else if (d !== "") delete effects.gitWrites[d]; // written whole by another too
    }
    for (const copy of w.copies ?? []) {
      const into = copy.into === null ? undefined : expandTilde(copy.into, ctx);
      const from = copy.from.map((f) => f === null ? undefined : expandTilde(f, ctx));
      if (into === undefined || from.some((f) => f === undefined)) effects.unknownWrites = true;
      else effects.copies.push({ from: from as string[], into });
    }
    // git's working tree: as git will write it (issue 23, point 4): the files `git checkout
    // FILE` restores, or the tracked files (`gitWrites`).
    const how = w.worktree ? gitWorktreeWrite(cand.tokens, effects.bases, ctx) : undefined;
    if (how?.kind === "paths") {
      for (const p of how.paths) {
        writeOrGlob(p);
        if (!effects.writeTrees.includes(p)) {
          effects.writeTrees.push(p);
          effects.treeBy[`edit:${p}`] = programOf(cand.tokens);
        }
      }
    } else if (w.worktree) {
      const mine = how?.kind === "tracked"
        ? { tracked: how.tracked, complete: how.complete }
        : undefined;
      const first = !effects.writeTrees.includes(ctx.root);
      const before = effects.gitWrites[ctx.root];
      if (first && mine !== undefined) effects.gitWrites[ctx.root] = mine;
      else if (
        !first && (before === undefined || mine === undefined ||
          before.tracked !== mine.tracked || before.complete !== mine.complete)
      ) delete effects.gitWrites[ctx.root];
      if (first) {
        effects.writeTrees.push(ctx.root);
        effects.treeBy[`edit:${ctx.root}`] = programOf(cand.tokens);
      }
    }
    // `ln -s TARGET NAME`: a link the command makes, and may read or write through later.
    for (const [name, target] of symlinksMade(cand.tokens)) {
      if (target === null) unknownLinks.push(name);
      else effects.links.push([name, target]);
    }
  }
  // Extractions read on disk: their members, unless the command may change their source first.
  const holds = effects.hidden !== undefined || effects.unknownWrites || effects.overflow
    ? extractions.map(() => false)
    : extractionsHold(
      extractions,
      {
        paths: effects.writes,
        globs: effects.writeGlobs,
        trees: [...effects.writeTrees, ...effects.copies.map((c) => c.into)],
      },
      effects.bases,
      ctx,
    );
  extractions.forEach((e, i) => {
    if (holds[i]) {
      for (const p of e.extracted.paths) write(p);
      effects.links.push(...e.extracted.links);
      return;
    }
    for (const tree of e.trees) {
      const d = tree === null ? undefined : expandTilde(tree, ctx);
      if (d === undefined) effects.unknownWrites = true;
      else if (d !== "" && !effects.writeTrees.includes(d)) {
        effects.writeTrees.push(d);
        effects.treeBy[`edit:${d}`] = e.by;
      } else if (d !== "") delete effects.gitWrites[d];
    }
  });
  // The text, not the words: without extglob at parse time `.@(env)` reads as `.@ (env)`.
  if (command.view.candidates.some(loosensGlobs) && /[*?[]|[@!+*?]\(/.test(command.command)) {
    effects.looseGlobs = true;
  }
  const named = [
    ...effects.reads,
    ...effects.readGlobs,
    ...effects.writes,
    ...effects.readTrees,
    ...effects.writeGlobs,
    ...effects.writeTrees,
  ];
  if (unknownBase && named.some(relative)) {
    effects.overflow = true;
  }
  // A name bash writes as bytes that are not UTF-8 (`$'\xff'`) cannot be looked up as written
  // (the file system's listing shows U+FFFD too): the path may be anything.
  const unnamed = (list: string[]) => list.some((p) => p.includes("\uFFFD"));
  if (unnamed(effects.reads) || unnamed(effects.readGlobs) || unnamed(effects.readTrees)) {
    effects.unknownTree = true;
  }
  if (unnamed(effects.writes) || unnamed(effects.writeGlobs) || unnamed(effects.writeTrees)) {
    effects.unknownWrites = true;
  }
  // A path through a link to a place only known when the command runs may be anything.
  const trees = [...effects.readTrees, ...effects.writeTrees];
  const through = (l: string) =>
    named.some((p) => p.startsWith(l + "/")) || trees.some((t) => t === l);
  if (unknownLinks.some(through)) {
    effects.overflow = true;
  }
  return effects;
}

/**
 * The files a git subcommand prints (the red team's: `git blame .env`, `git log -p -- .env` and
 * `git show HEAD:.env` printed the secret), as its spec says: the paths after `--` of one that
 * prints their history (`log`, `show`, `diff`, `whatchanged`), the file `blame` is given, and
 * PATH of a `REV:PATH` operand of one that prints objects (`show`, `cat-file`, `diff`,
 * `archive`, `grep`, `blame`, `log`): the repository's (taken as the project's) unless it starts
 * with `./` or `../` (the directory git works in); both are held. After git's global options
 * (`git -C . show HEAD:x`).
 */
function gitObjectPaths(tokens: readonly (string | null)[], ctx: PathContext): string[] {
  const r = readCommand(tokens);
  if (r === undefined || r.path[0]!.name !== "git" || r.path.length < 2) return [];
  const out: string[] = [];
  const add = (p: string | null) => {
    if (p !== null) out.push(p);
  };
  if (hasTrait(r, "history-paths")) {
    for (const o of r.operands) if (o.afterDashes) add(pathOf(o.word, r.dir));
  }
  for (const o of r.operands) if (o.use?.kind === "reads") add(pathOf(o.word, r.dir));
  if (!hasTrait(r, "object-paths")) return out;
  for (const o of r.operands) {
    const m = o.word === null || o.afterDashes ? null : /^[^:]*:(?!\/\/)(?:\d:)?(.+)$/.exec(o.word);
    if (m === null) continue;
    const path = m[1]!;
    if (path.startsWith("./") || path.startsWith("../")) add(pathOf(path, r.dir));
    else {
      out.push(path);
      out.push(`${ctx.root}/${path}`);
    }
  }
  return out;
}

/**
 * How a git command that rewrites the working tree writes it: `git checkout FILE...` (its first
 * operand no revision on disk) restores those files only; `git clean` may remove any file;
 * `git stash` (push, save) writes the tracked files back (`-u` also those not ignored, `-a` any);
 * any other (`checkout BRANCH`, `merge`, `reset --hard`, ...) the tracked files and those of
 * other commits. Undefined: any file below.
 */
function gitWorktreeWrite(
  tokens: readonly (string | null)[],
  bases: readonly string[],
  ctx: PathContext,
):
  | { kind: "paths"; paths: string[] }
  | { kind: "tracked"; tracked: "only" | "or-unignored"; complete: boolean }
  | undefined {
  const r = readCommand(tokens);
  if (r === undefined || r.path[0]!.name !== "git" || r.path.length < 2) return undefined;
  const sub = r.path[1]!.name;
  if (sub === "git clean") return undefined;
  if (sub === "git stash") {
    const verb = r.operands[0]?.word;
    const pushes = verb === undefined || verb === "push" || verb === "save";
    if (optionHolds(r, "no-index")) return undefined;
    const tracked = optionHolds(r, "untracked") ? "or-unignored" as const : "only" as const;
    return { kind: "tracked", tracked, complete: pushes };
  }
  if (
    sub === "git checkout" && ctx.gitRevision !== undefined && bases.length === 1 &&
    !optionHolds(r, "new-branch") && r.operands.length > 0 &&
    r.operands.every((o) =>
      !o.afterDashes && typeof o.word === "string" && !/^-|[*?[:]/.test(o.word)
    )
  ) {
    const dir = r.dir === undefined
      ? bases[0]!
      : r.dir === null
      ? undefined
      : resolvePath(r.dir, { ...ctx, cwd: bases[0]! });
    const first = r.operands[0]!.word as string;
    if (dir !== undefined && ctx.gitRevision(dir, first) === false) {
      return { kind: "paths", paths: r.operands.map((o) => pathOf(o.word, r.dir) as string) };
    }
  }
  return { kind: "tracked", tracked: "only", complete: false };
}

/** How a reason names a candidate's program: its name, and its subcommand for git (`git stash`). */
function programOf(tokens: readonly (string | null)[]): string {
  const name = (tokens[0] ?? "").replace(/^.*\//, "");
  const r = readCommand(tokens);
  const sub = r === undefined || r.path.length < 2 ? undefined : subcommand(r);
  return sub === undefined ? name : `${name} ${sub}`;
}

/**
 * The files a command of the read-only table reads, as the table reads its arguments
 * (`grep PATTERN FILE...`: not the pattern; `echo`, `test -f`: none), and its words only known
 * when it runs that stand where a file does (`cat "$f"`, not `echo "$(date)"`); undefined for any
 * other command: then every argument counts as a path (skald does not know which of them the
 * program opens).
 */
function fileOperands(words: readonly Word[]): { paths: string[]; dynamic: Word[] } | undefined {
  if (words.length === 0 || words[0]!.dynamic) return undefined;
  // A word only known when it runs is read with a mark (`\u0001` and its place) that tells
  // whether the table takes it for a path.
  const mark = (k: number) => `\u0001${k}\u0002`;
  const paths: string[] = [];
  const kind = classifyCommand(words.map((w, k) => w.dynamic ? w.value + mark(k) : w.value), {
    inWorkingDirs: (p) => {
      paths.push(p);
      return true;
    },
  });
  if (kind.kind !== "read-only") return undefined;
  const dynamic = words.filter((w, k) => w.dynamic && paths.some((p) => p.includes(mark(k))));
  return { paths: paths.filter((p) => !p.includes("\u0001")), dynamic };
}

/**
 * The positions of a command's words that name no file its program reads, for commands outside
 * the read-only table: the words its spec reads as text, an option's value (`git commit -m
 * TEXT`, `find -name PATTERN`, `sort -t ,`, `curl -d DATA` but `-d @FILE`) or an operand (the paths `git check-ignore` and
 * `check-attr` only match against rules) when every option word is one the spec knows.
 */
function notFileWords(words: readonly Word[]): Set<number> {
  const out = new Set<number>();
  const r = readCommand(words.map((w) => w.dynamic ? null : w.value));
  if (r === undefined) return out;
  for (const o of r.options) {
    // A value in a form that names no file (`curl -d DATA`: only `-d @FILE` does) is text too.
    const form = o.option.uses.length > 0 && o.value !== null && o.value !== undefined &&
      o.option.uses.every((u) => u.kind === "reads" && u.form !== "path" && u.form !== "list") &&
      o.option.uses.every((u) => named(o.value!, u) === undefined);
    if (!form && !o.option.uses.some((u) => u.kind === "text")) continue;
    // The value's word (a glued value is its option's word, `--message=TEXT`).
    for (const at of o.at.slice(1)) if (at >= 0) out.add(at + 1);
  }
  // An operand's role holds only when every option word was one the spec knows (an unknown one
  // may have taken a value, and moved the operands).
  if (r.args.some((a) => a.kind === "unknown-option")) return out;
  for (const o of r.operands) if (o.use?.kind === "text" && o.at >= 0) out.add(o.at + 1);
  return out;
}

/**
 * True when a command is `shopt -s` of an option the test accepts, as shopt's spec reads its
 * words (`-s` in any cluster, `-so`; an option only known when it runs may be any).
 */
function shoptSets(
  tokens: readonly (string | null)[],
  test: (option: string) => boolean,
): boolean {
  if (tokens[0] !== "shopt") return false;
  const r = readCommand(tokens);
  if (r === undefined || !r.options.some((o) => o.option.id === "-s")) return false;
  return r.operands.some((o) => o.word === null || test(o.word));
}

/** `shopt -s` of an option that lets a glob match names its text does not show (`SHOPT_GLOBS`). */
const loosensGlobs = (cand: { tokens: readonly (string | null)[] }) =>
  shoptSets(cand.tokens, (o) => SHOPT_GLOBS.has(o));

/**
 * True for a command of a program skald knows nothing of (`computed_paths.ts`): no spec (or one
 * that runs a script file: `python3 x.py out`, `perl x.pl out`), not a wrapper or a shell, and not
 * read-only as the read-only table reads it (`python3 --version` is, `python3 x.py out` is not).
 */
function isUnknown(argv: readonly (string | null)[]): boolean {
  const word = argv[0] ?? "";
  const name = word.slice(word.lastIndexOf("/") + 1);
  // A program that runs a script file (`python3 x.py ARGS`): what the script does with the words
  // after it is not known either.
  const runsScript = (n: string) => programSpec(n)?.operands.head[0]?.kind === "code-file";
  return unknownProgram(
    name,
    (n) =>
      (programSpec(n) !== undefined && !runsScript(n)) || shellName(n) !== undefined ||
      (commandSpec(n) !== undefined &&
        classifyCommand(argv.map((t) => t ?? ""), { inWorkingDirs: () => true }).kind ===
          "read-only"),
  );
}

/**
 * The words a program skald knows nothing of is given: all of them; for one that runs a script
 * file (`python3 x.py ARGS`), the script's arguments (the script itself is read, not written), or
 * its code's (`python3 -c CODE ARGS`).
 */
function scriptArguments(tokens: readonly (string | null)[]): readonly (string | null)[] {
  const r = readCommand(tokens);
  if (r === undefined || r.command.operands.head[0]?.kind !== "code-file") return tokens.slice(1);
  // Code given by an option (`python3 -c CODE ARGS`): every operand is an argument of it, which
  // it may write when it reads its arguments (`sys.argv`, `@ARGV`, `shift`, `fileinput`); else
  // the operands are what the spec says (`perl -p -e CODE FILE` reads FILE).
  const code = r.options.filter((o) => o.option.uses.some((u) => u.kind === "code"));
  if (code.length === 0) return r.operands.slice(1).map((o) => o.word);
  const argv = code.some((o) =>
    o.value === null || /argv|\bshift\b|fileinput/i.test(o.value ?? "")
  );
  return argv ? r.operands.map((o) => o.word) : [];
}

/**
 * The files and directories a program reads or writes because a variable it reads names them
 * (`programVariables`: its spec's and every program's), with the values the command gives the
 * variable; a value only known when it runs is a computed path; a number or a boolean
 * (`GIT_TRACE=1`) names none; TZ's `:FILE` is FILE.
 */
function variablePaths(
  tokens: readonly (string | null)[],
  vars: Variables,
  ctx: PathContext,
  effects: ShellEffects,
): void {
  if (vars.size === 0) return;
  const skip = tokens.findIndex((t) => t === null || !/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(t));
  const word = skip === -1 ? undefined : tokens[skip];
  if (typeof word !== "string") return;
  for (const e of programVariables(word.slice(word.lastIndexOf("/") + 1))) {
    const value = vars.get(e.name);
    if (value === undefined) continue;
    for (const u of e.uses) {
      const reads = u.kind === "reads" || u.kind === "code-file" || u.kind === "read-tree";
      const writes = u.kind === "writes" || u.kind === "write-tree";
      if (!reads && !writes) continue;
      if (value === "computed") {
        (reads ? effects.computedReads : effects.computedWrites).push(`$${e.name}`);
        continue;
      }
      for (const v of value) {
        if (/^([0-9]+|true|false|yes|no|on|off)?$/i.test(v)) continue;
        const p = expandTilde(v.replace(/^:/, ""), ctx);
        if (p === undefined || p === "") continue;
        if (u.kind === "read-tree") effects.readTrees.push(p);
        else if (u.kind === "write-tree") effects.writeTrees.push(p);
        else if (reads) effects.reads.push(p);
        else if (!effects.writes.includes(p)) effects.writes.push(p);
      }
    }
  }
}

/** True for a path held against the directory the command runs in. */
const relative = (p: string) => !p.startsWith("/");

/** Marks a token that stands for a glob word the command writes (`p*`), as `GLOB_MARK + text`. */
const GLOB_MARK = "\u0000glob:";

/**
 * A candidate's words, each word only known when it runs taken as its glob where the command's
 * own word is a glob (`rm -rf p*`: `p*`, marked), else null. The candidate's words are the last
 * ones of one command of the view (found once: a word-by-word search for each of 40,000 such
 * words took seconds, the red team's).
 */
function withKnownGlobs(
  tokens: readonly (string | null)[],
  command: CommandAnalysis,
): (string | null)[] {
  if (!tokens.includes(null)) return [...tokens];
  for (const { command: c } of command.view.commands) {
    const off = tokensAt(c.words, tokens);
    if (off === -1) continue;
    return tokens.map((t, i) => {
      if (t !== null) return t;
      const w = c.words[off + i]!;
      return /[$`]/.test(w.value) ? null : GLOB_MARK + w.value;
    });
  }
  return [...tokens];
}

/** The most brace alternatives of a word that are read one by one. */
const MAX_BRACES = 256;

/**
 * A word's brace alternatives (`{a,b}x` -> `ax`, `bx`); itself without braces; undefined past
 * {@link MAX_BRACES} (the word may then name anything: `{x1,...,x256,protected}/f`). The walk
 * stops there: 30 groups of two are a billion words.
 */
function braces(text: string): string[] | undefined {
  const out: string[] = [];
  const expand = (t: string): boolean => {
    const m = COMMA_BRACES.exec(t) ?? SEQUENCE_BRACES.exec(t);
    if (m === null) {
      out.push(t);
      return out.length <= MAX_BRACES;
    }
    const alts = m[1] !== undefined ? m[1].split(",") : sequence(m[2]!, m[3]);
    if (alts === undefined) return false;
    for (const alt of alts) {
      if (!expand(t.slice(0, m.index) + alt + t.slice(m.index + m[0].length))) return false;
    }
    return true;
  };
  return expand(text) ? out : undefined;
}

const COMMA_BRACES = /\{([^{}]*,[^{}]*)\}/;
const SEQUENCE_BRACES = /\{()?(-?\d+\.\.-?\d+|[A-Za-z]\.\.[A-Za-z])(?:\.\.(-?\d+))?\}/;

/**
 * A brace sequence as bash expands it (`{1..3}`, `{05..1}`, `{a..e..2}`, `{a..Z}`), from its
 * ends (`1..3`) and step; undefined past {@link MAX_BRACES} words.
 */
function sequence(ends: string, by: string | undefined): string[] | undefined {
  const cut = ends.indexOf("..", 1);
  const from = ends.slice(0, cut);
  const to = ends.slice(cut + 2);
  const numeric = /\d/.test(from);
  const a = numeric ? parseInt(from, 10) : from.charCodeAt(0);
  const b = numeric ? parseInt(to, 10) : to.charCodeAt(0);
  const step = Math.abs(parseInt(by ?? "1", 10)) || 1;
  if (Math.abs(b - a) / step >= MAX_BRACES) return undefined;
  const width = /^-?0\d/.test(from) || /^-?0\d/.test(to) ? Math.max(from.length, to.length) : 0;
  const out: string[] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
    out.push(numeric ? String(v).padStart(width, "0") : String.fromCharCode(v));
  }
  return out;
}

/**
 * The links `ln -s` makes (also `-sf`, `-s -T`, `--symbolic`, `-t DIR`, one operand), as ln's
 * spec reads its words: each link and where it points, from the command's directory (a relative
 * target is the link's directory's: `ln -s ../config d/c` points at `d/../config`); null for a
 * target only known when the command runs (`ln -s "$PWD" self`).
 */
function symlinksMade(tokens: readonly (string | null)[]): [string, string | null][] {
  const r = readCommand(tokens);
  if (r === undefined || r.path[0]!.name !== "ln" || !optionHolds(r, "symbolic")) return [];
  const into = optionsWith(r, "into").at(-1);
  const dir = into === undefined ? undefined : into.value ?? null;
  const operands = r.operands.map((o) => o.word);
  const base = (p: string) => p.replace(/\/+$/, "").replace(/^.*\//, "");
  // `-t DIR` with a target only known when it runs: any name in DIR may be the link.
  const made: [string | null, string | null][] = dir !== undefined
    ? operands.map((o) => [dir === null ? null : o === null ? dir : `${dir}/${base(o)}`, o])
    : operands.length === 1
    ? [[operands[0] === null ? null : base(operands[0]!), operands[0]!]]
    : operands.length === 2
    ? [[operands[1]!, operands[0]!]]
    : [];
  const out: [string, string | null][] = [];
  for (const [link, target] of made) {
    if (link === null) continue;
    const name = link.replace(/\/+$/, "");
    const at = name.lastIndexOf("/");
    const from = target === null || target.startsWith("/") || at === -1
      ? target
      : `${name.slice(0, at + 1)}${target}`;
    out.push([name, from]);
  }
  return out;
}

/** An argument: a path itself, an option's `=value`, or a short option's glued value. */
function readArgument(w: Word, effects: ShellEffects, word: (w: Word, into: string[]) => void) {
  const v = w.value;
  if (w.dynamic || !v.startsWith("-")) {
    if (v !== "" && !(w.dynamic && v.startsWith("-") && globText(w) === undefined)) {
      word(w, effects.reads);
    }
    // An operand `NAME=FILE` (`dd if=.env`): the file too.
    const operand = w.dynamic ? null : /^[A-Za-z_][A-Za-z0-9_.-]*=(.+)$/.exec(v);
    if (operand) effects.reads.push(operand[1]!);
    return;
  }
  const eq = v.indexOf("=");
  if (eq !== -1 && eq + 1 < v.length) effects.reads.push(v.slice(eq + 1));
  else if (!v.startsWith("--") && v.length > 2) effects.reads.push(v.slice(2));
}
