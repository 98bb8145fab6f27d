/**
 * Read and write path rules held against a shell command (as Claude Code does: `cat
 * secrets/key` is denied by `Read(./secrets/**)`): every path the command may read (see
 * `shell_effects.ts`) against reading rules, every path it may write against reading and
 * writing rules, each resolved against every directory the command may run in, lexically, with
 * symbolic links followed, and as the kernel walks `..` after a link. A glob argument, and a
 * directory read or written whole, is held against every rule it could meet. Pure.
 *
 * @module
 */

import type { PathRuleIndex } from "./path_index.ts";
import { type PathPattern, pathPatternMatches, pathPatternOverlaps } from "./path_pattern.ts";
import { argumentPaths, type PathContext, physicalPath } from "./paths.ts";
import { posix } from "../path.ts";
import { compileGlob } from "../glob/path_glob.ts";
import type { Rule } from "./rule.ts";
import type { ShellEffects } from "./effects/shell_effects.ts";
import { type TreeHit, treeHits } from "./tree_rules.ts";
import { READS_ALL } from "./tree_filter.ts";
import { changesNothing } from "./known_words.ts";

/**
 * How a path is held: `read` (against Read rules), `write` (against Read and Edit rules: a Read
 * deny rule also guards writing, as Claude Code does), or `edit` (against Edit rules only: a
 * tree or a target only known at run time, where each file is only possibly written).
 */
type HeldAs = "read" | "write" | "edit";

/**
 * A path rule a command meets, and what the command does there; `unsure` when only a walk that
 * ran out of budget leaves it possible (the call is then asked about, not denied).
 */
export interface PathRuleHit {
  rule: Rule;
  why: string;
  /** What the command could do instead (a tree read: exclude what the rule names). */
  hint?: string;
  unsure?: true;
  /** Why it is not known: the walk's budget ran out, or the words of what else it does. */
  unknown?: "budget" | string;
}

/**
 * The earliest path rule that names a path the command reads or writes, or undefined.
 *
 * @param indexes path rules of one kind (deny or ask): the sources', then the grants'
 * @param order the rule order, to report the earliest
 * @param effects what the command may read and write
 * @param ctx root and home
 * @returns the rule, and what the command does where it applies (`reads ../.env`, `` `grep`
 *   reads below `.` ``)
 */
export function bashPathRule(
  indexes: readonly PathRuleIndex[],
  order: (rule: Rule) => number,
  effects: ShellEffects,
  ctx: PathContext,
): PathRuleHit | undefined {
  if (indexes.every((i) => i.empty)) return undefined;
  let found: PathRuleHit | undefined;
  // The earliest rule a walk could not rule out within its budget.
  let maybe: PathRuleHit | undefined;
  const consider = (
    rule: Rule,
    as: HeldAs,
    hit: () => boolean | "maybe" | { maybe: string },
    why: () => string,
    hint?: () => string | undefined,
  ) => {
    const reads = rule.tools.includes("read_file");
    const edits = rule.tools.includes("write_file");
    if (as === "read" ? !reads : as === "write" ? !reads && !edits : !edits) return;
    if (found !== undefined && order(rule) >= order(found.rule)) return;
    const h = hit();
    if (h === false) return;
    const way = hint?.();
    const hitOf: PathRuleHit = { rule, why: why(), ...(way === undefined ? {} : { hint: way }) };
    if (h === true) found = hitOf;
    else if (maybe === undefined || order(rule) < order(maybe.rule)) {
      maybe = { ...hitOf, unknown: h === "maybe" ? "budget" : h.maybe };
    }
  };
  const every = (as: HeldAs, why: string) => {
    for (const index of indexes) {
      for (const r of index.all()) consider(r, as, () => true, () => why);
    }
  };
  const pathRules = function* () {
    for (const index of indexes) {
      for (const rule of index.all()) {
        const parsed = rule.parsed;
        if (parsed?.family === "path") yield { rule, pattern: parsed.path };
      }
    }
  };
  // Too many bases: every rule may apply. A directory read whole that is only known at run
  // time: every read rule; a write whose target is only known at run time: every Edit rule.
  if (effects.overflow) {
    every("write", "may run in too many directories, or one only known when it runs");
    return found;
  }
  // A part only known when it runs (`echo CMD | sh`, `bash -c "$X"`) may read and write anything.
  if (effects.hidden !== undefined) {
    every("write", `may read or write anything: ${effects.hidden}`);
  }
  if (effects.unknownTree) every("read", "reads a directory whole that is only known when it runs");
  if (effects.looseGlobs) {
    every("write", "sets shopt nocaseglob or extglob: its globs may match any name");
  }
  if (effects.unknownWrites) every("edit", "writes a file only known when it runs");
  const check = (arg: string, as: "read" | "write") => {
    for (const written of throughLinks(arg, effects.links)) {
      for (const base of effects.bases) {
        for (const p of argumentPaths(written, base, ctx)) {
          for (const index of indexes) {
            for (const rule of index.rulesFor(p, ctx)) {
              const parsed = rule.parsed;
              if (parsed?.family !== "path") continue;
              consider(
                rule,
                as,
                () => pathPatternMatches(parsed.path, p, ctx),
                () => `${as === "read" ? "reads" : "writes"} ${written}`,
              );
            }
          }
        }
      }
    }
  };
  for (const r of effects.reads) check(r, "read");
  for (const w of effects.writes) check(w, "write");
  // A directory read or written whole: every rule that names a path below it (or itself).
  const tree = (dir: string, as: "read" | "edit") => {
    const by = effects.treeBy[`${as}:${dir}`];
    const why = () =>
      `${by === undefined ? "" : `\`${by}\` `}${as === "read" ? "reads" : "may change"} ` +
      `everything below \`${dir}\``;
    for (const base of effects.bases) {
      for (
        const abs of throughLinks(dir, effects.links).flatMap((d) => argumentPaths(d, base, ctx))
      ) {
        const below = abs === "/" ? "/**" : `${abs}/**`;
        // A tree written whole may get paths that do not exist yet (`tar -x -C src` of an
        // archive holding `.env`): the disk tells only what `find -delete` and git's pathspecs
        // reach (git writes the paths it tracks).
        const walk = as === "read" || by === "find" ||
          ((by?.startsWith("git") ?? false) && by !== "git clone" && by !== "git init");
        // A reader that follows links (`grep -R`) also reads what a link below the tree leads
        // to: the paths reached only through links, walked once for every rule.
        let reached: readonly string[] | undefined | null = null;
        const throughLink = (pattern: PathPattern) => {
          // A command that may change the tree first (`git checkout`, `tar -x`, `ln -st`) may
          // make links the disk does not hold yet: what they lead to is not known.
          if (reached === null) {
            reached = changesTree(effects, abs, base) ? undefined : linkReached(abs, ctx);
          }
          return reached === undefined || reached.some((p) => pathPatternMatches(pattern, p, ctx));
        };
        const linked = as === "read" && effects.linkedTrees.includes(dir);
        // A tree read: the rules that name a file the reader really reads there, the disk
        // walked once for all of them (`tree_rules.ts`).
        // git's working tree: the rules that name a file git tracks there (`gitWrites`); one
        // that only may name a file of another commit is asked about.
        const git = as === "edit" ? effects.gitWrites[dir] : undefined;
        let gitHits: Map<Rule, TreeHit> | undefined;
        const gitHit = (
          rule: Rule,
          pattern: PathPattern,
        ): boolean | "maybe" | { maybe: string } => {
          if (!pathPatternOverlaps(pattern, below, ctx)) return false;
          gitHits ??= treeHits(
            abs,
            [...pathRules()].filter((r) =>
              r.rule.tools.includes("write_file") && pathPatternOverlaps(r.pattern, below, ctx)
            ).map((r) => ({ key: r.rule, pattern: r.pattern })),
            { ...READS_ALL, tracked: git!.tracked, ignoreFiles: [".gitignore"], base },
            ctx,
          );
          const h = gitHits.get(rule);
          if (h === "maybe") return "maybe";
          if (h !== undefined) return true;
          return git!.complete ? false : {
            maybe: `\`${by}\` may write below \`${dir}\` the files of other commits, which ` +
              "skald does not read",
          };
        };
        // `git init` writes its files (HEAD, config, description, hooks, info, objects, refs)
        // and what its template holds, which skald does not read.
        const initHit = (pattern: PathPattern): boolean | { maybe: string } => {
          if (!pathPatternOverlaps(pattern, below, ctx)) return false;
          const own = [
            "HEAD",
            "config",
            "description",
            "hooks/x",
            "info/exclude",
            "objects/x",
            "refs/heads",
          ];
          if (own.some((f) => pathPatternMatches(pattern, `${abs}/${f}`, ctx))) return true;
          return {
            maybe: `\`git init\` writes below \`${dir}\` what its template holds, which skald ` +
              "does not read",
          };
        };
        let hits: Map<Rule, TreeHit | true> | undefined;
        const readHit = (rule: Rule, pattern: PathPattern): boolean | "maybe" => {
          if (!pathPatternOverlaps(pattern, below, ctx)) return false;
          hits ??= readTreeHits(abs, base, dir, effects, [...pathRules()], ctx);
          const h = hits.get(rule);
          return h === undefined ? false : h === "maybe" ? "maybe" : true;
        };
        // A tree read met by a file: name it, and how the reader could leave it out.
        const seen = (rule: Rule) => {
          const h = hits?.get(rule);
          return h === undefined || h === "maybe" || h === true ? undefined : h.path;
        };
        for (const { rule, pattern } of pathRules()) {
          let via = false;
          consider(
            rule,
            as,
            () => {
              const h = as === "read"
                ? readHit(rule, pattern)
                : git !== undefined && ctx.treeHolds !== undefined
                ? gitHit(rule, pattern)
                : by === "git init"
                ? initHit(pattern)
                : globMeets(pattern, below, ctx, walk);
              if (h !== false) return h;
              return via = linked && throughLink(pattern);
            },
            () => {
              const path = via ? undefined : seen(rule);
              if (path !== undefined) {
                return `${by === undefined ? "" : `\`${by}\` `}reads \`${shown(path, base)}\` ` +
                  `below \`${dir}\``;
              }
              return via ? `${why()} and what the links below it lead to` : why();
            },
            () => {
              if (seen(rule) === undefined) return undefined;
              const met = [...pathRules()].flatMap((r) => {
                const path = seen(r.rule);
                return path === undefined ? [] : [{ path, pattern: r.pattern }];
              });
              return wayThrough(by, met, abs, ctx);
            },
          );
        }
      }
    }
  };
  for (const dir of effects.readTrees) tree(dir, "read");
  for (const dir of effects.writeTrees) tree(dir, "edit");
  // A tree copied or moved into a directory: every path below a source, at the destination.
  for (const copy of effects.copies) {
    const why = () => `copies \`${copy.from.join(" ")}\` into \`${copy.into}\``;
    for (const base of effects.bases) {
      const intos = argumentPaths(copy.into, base, ctx);
      for (const src of copy.from.flatMap((f) => argumentPaths(f, base, ctx))) {
        for (const into of intos) {
          for (const { rule, pattern } of pathRules()) {
            consider(rule, "edit", () => copyMeets(pattern, src, into, ctx), why);
          }
        }
      }
    }
  }
  const globs = (list: readonly string[], as: "read" | "write") => {
    for (const glob of list.flatMap((g) => throughLinks(g, effects.links))) {
      for (const base of effects.bases) {
        // What the glob matches on disk, through links (`src/env -> ../.env` for `src/*`):
        // the real paths of its matches, asked once for every rule.
        let linked: readonly string[] | undefined | null = null;
        const viaLinks = (pattern: PathPattern) => {
          if (ctx.expandGlob === undefined) return false;
          if (linked === null) {
            linked = linkedMatches(
              posix.normalize(glob.startsWith("/") ? glob : `${base}/${glob}`),
              ctx,
            );
          }
          return linked === undefined || linked.some((p) => pathPatternMatches(pattern, p, ctx));
        };
        for (const abs of globForms(glob, base, ctx)) {
          // A glob read by a command that changes nothing: what it may match on disk, under
          // any shell option (issue 23); undefined when not known.
          let matches: readonly string[] | undefined | null = null;
          const onDisk = () => {
            if (matches === null) {
              matches = as === "read" && quiet && ctx.shellGlob !== undefined
                ? ctx.shellGlob(abs)?.wide
                : undefined;
            }
            return matches;
          };
          for (const { rule, pattern } of pathRules()) {
            consider(
              rule,
              as,
              () => {
                if (!pathPatternOverlaps(pattern, abs, ctx)) return viaLinks(pattern);
                const m = onDisk();
                if (m === undefined) return globMeets(pattern, abs, ctx) || viaLinks(pattern);
                return matchesMeet(m, pattern, ctx) || viaLinks(pattern);
              },
              () => `${as === "read" ? "reads" : "writes"} ${glob}`,
            );
          }
        }
      }
    }
  };
  const quiet = changesNothing(effects);
  globs(effects.readGlobs, "read");
  globs(effects.writeGlobs, "write");
  return found ?? (maybe === undefined ? undefined : { ...maybe, unsure: true });
}

/**
 * Whether a glob's matches on disk meet a rule: a match it names, or a directory matched that
 * holds a file it names (walked, within the decision's budget: "maybe" past it), as a reader
 * that descends what it is given would read it.
 */
function matchesMeet(
  matches: readonly string[],
  pattern: PathPattern,
  ctx: PathContext,
): boolean | "maybe" {
  let unsure = false;
  for (const m of matches) {
    if (pathPatternMatches(pattern, m, ctx)) return true;
    const real = ctx.realPath(m);
    if (real !== m && pathPatternMatches(pattern, real, ctx)) return true;
    if (ctx.treeHolds === undefined) continue;
    const held = ctx.treeHolds(m, (p) => pathPatternMatches(pattern, p, ctx), {
      ...(ctx.walkBudget === undefined ? {} : { budget: ctx.walkBudget }),
    });
    if (held === true) return true;
    if (held === undefined) unsure = true;
  }
  return unsure ? "maybe" : false;
}

/**
 * The read rules a tree read meets (issue 23): each rule whose text can name a path below the
 * tree, met when the reader reads a file it names there, the disk walked once with the
 * reader's filters; a file the command itself writes there counts. A command that may change
 * the tree in ways its text does not show (an unknown write, a link it makes, a tree copied or
 * rewritten there) meets every such rule by its text, as a policy without the disk does.
 */
function readTreeHits(
  abs: string,
  base: string,
  dir: string,
  effects: ShellEffects,
  rules: readonly { rule: Rule; pattern: PathPattern }[],
  ctx: PathContext,
): Map<Rule, TreeHit | true> {
  const below = abs === "/" ? "/**" : `${abs}/**`;
  const probes = rules
    .filter((r) => r.rule.tools.includes("read_file") && pathPatternOverlaps(r.pattern, below, ctx))
    .map((r) => ({ key: r.rule, pattern: r.pattern }));
  const hits = new Map<Rule, TreeHit | true>();
  if (ctx.treeHolds === undefined || changesTreeUnseen(effects, abs, base)) {
    for (const p of probes) hits.set(p.key, true);
    return hits;
  }
  const inside = (p: string) => p === abs || p.startsWith(abs === "/" ? "/" : `${abs}/`);
  const written = effects.writes.map((w) => posix.resolve(base, w)).filter(inside);
  const left = probes.filter((p) => {
    const met = written.find((w) => pathPatternMatches(p.pattern, w, ctx));
    if (met !== undefined) hits.set(p.key, { path: met });
    return met === undefined;
  });
  const filter = { ...(effects.treeFilters[dir] ?? READS_ALL), base };
  for (const [k, h] of treeHits(abs, left, filter, ctx)) hits.set(k, h);
  return hits;
}

/**
 * True when the command may change what is below an absolute directory in a way its text does
 * not show: it writes somewhere only known when it runs, makes a link, or copies, extracts or
 * rewrites a tree at, below or above it.
 */
function changesTreeUnseen(effects: ShellEffects, dir: string, base: string): boolean {
  if (effects.unknownWrites || effects.links.length > 0) return true;
  const at = (p: string) => posix.resolve(base, p);
  const meets = (p: string) =>
    p === dir || p.startsWith(dir === "/" ? "/" : `${dir}/`) ||
    dir.startsWith(p === "/" ? "/" : `${p}/`);
  // git's own rewrite of the working tree (`gitWrites`) puts back files of its commits, not new
  // ones the user holds: it does not hide what a read below meets.
  return effects.copies.map((c) => at(c.into)).some(meets) ||
    effects.writeTrees.filter((t) => effects.gitWrites[t] === undefined).map(at).some(meets);
}

/**
 * True when the paths of an absolute glob (`dir/**` for a directory read or written whole, or a
 * glob argument) may meet a path the pattern names. A pattern that matches at any depth
 * (`.env`) meets every directory by its text, so the disk is asked whether the glob's fixed
 * directory really holds such a path at or below a match of the glob (a bounded walk; no
 * answer: it may).
 */
function globMeets(pattern: PathPattern, glob: string, ctx: PathContext, walk = true): boolean {
  if (!pathPatternOverlaps(pattern, glob, ctx)) return false;
  if (!walk || pattern.anchor !== "anywhere" || ctx.treeHolds === undefined) return true;
  const head = globHead(glob);
  if (pathPatternMatches(pattern, head, ctx)) return true;
  const rest = glob.slice(head === "/" ? 1 : head.length + 1);
  const at = compileGlob(rest);
  const below = compileGlob(`${rest}/**`);
  const inGlob = (p: string) => {
    const rel = head === "/" ? p.slice(1) : p.slice(head.length + 1);
    return at(rel) || below(rel);
  };
  return ctx.treeHolds(head, (p) => inGlob(p) && pathPatternMatches(pattern, p, ctx)) ?? true;
}

/**
 * True when a tree copied from `from` into `into` may make a path the pattern names: below the
 * destination by its text, and, for a pattern at any depth, where the source holds a path that,
 * taken to the destination (`into/REL`, or `into/NAME/REL` when `into` is a directory), the
 * pattern names (the disk walked; no answer: it may).
 */
function copyMeets(pattern: PathPattern, from: string, into: string, ctx: PathContext): boolean {
  const below = into === "/" ? "/**" : `${into}/**`;
  if (!pathPatternOverlaps(pattern, below, ctx) && !pathPatternMatches(pattern, into, ctx)) {
    return false;
  }
  if (pattern.anchor !== "anywhere" || ctx.treeHolds === undefined) return true;
  const name = from.slice(from.lastIndexOf("/") + 1);
  const moved = (p: string) => {
    const rel = p.slice(from.length);
    return [into + rel, `${into}/${name}${rel}`].some((q) => pathPatternMatches(pattern, q, ctx));
  };
  return ctx.treeHolds(from, moved) ?? true;
}

/**
 * The real paths a walk of the directory reaches only through symbolic links below it (the
 * disk walked with links followed: each link's target, and what is below a target directory);
 * undefined when not known (no disk, the walk's budget spent): every rule may apply.
 */
function linkReached(dir: string, ctx: PathContext): readonly string[] | undefined {
  if (ctx.treeHolds === undefined) return undefined;
  const prefix = dir === "/" ? "/" : `${dir}/`;
  const reached: string[] = [];
  // The walk's budget bounds what is collected.
  const full = ctx.treeHolds(dir, (p) => {
    if (p !== dir && !p.startsWith(prefix)) reached.push(p);
    return false;
  }, { followLinks: true });
  return full === false ? reached : undefined;
}

/**
 * The real paths of a glob's matches on disk that differ from the paths themselves (reached
 * through a link); undefined when the expansion ran out of budget.
 */
function linkedMatches(glob: string, ctx: PathContext): readonly string[] | undefined {
  const matches = ctx.expandGlob!(glob.startsWith("/") ? glob : `/${glob}`);
  if (matches === undefined) return undefined;
  return matches.map((m) => ctx.realPath(m)).filter((r, i) => r !== matches[i]);
}

/**
 * True when the command may change what is below an absolute directory, links included: it
 * makes a link, writes somewhere only known when it runs, or writes, copies or changes a tree at,
 * below or above it (each written path taken from the same directory the tree was).
 */
function changesTree(effects: ShellEffects, dir: string, base: string): boolean {
  if (effects.unknownWrites || effects.links.length > 0) return true;
  const at = (p: string) => posix.resolve(base, p);
  const below = (p: string) => p === dir || p.startsWith(dir === "/" ? "/" : `${dir}/`);
  const meets = (p: string) => below(p) || dir.startsWith(p === "/" ? "/" : `${p}/`);
  const written = [
    ...effects.writes.map(at),
    ...effects.writeGlobs.map((g) => globHead(at(g))),
    ...effects.copies.map((c) => at(c.into)),
  ];
  return written.some(meets) || effects.writeTrees.map(at).some(meets);
}

/** The fixed leading directory of an absolute glob (`/p/src/*.ts` -> `/p/src`). */
function globHead(glob: string): string {
  const segments = glob.split("/");
  const i = segments.findIndex((s) => /[*?[]/.test(s));
  const head = segments.slice(0, i === -1 ? segments.length : i).join("/");
  return head === "" ? "/" : head;
}

/** A path as written, and through each link the command itself makes (`self/x` -> `./x`). */
function throughLinks(arg: string, links: readonly [string, string][]): string[] {
  const forms = [arg];
  for (const [name, target] of links) {
    if (arg === name) forms.push(target);
    else if (arg.startsWith(name + "/")) forms.push(target + arg.slice(name.length));
  }
  return forms;
}

/**
 * The absolute forms of a glob argument run in `base`: `.` and `..` taken out lexically
 * (`../.en?` from `src` is the root's `.en?`), and, when its fixed leading part holds `..`, that
 * part walked as the kernel walks it (`lnk/../*` lists the parent of where `lnk` points).
 *
 * @param glob the glob as the command wrote it
 * @param base an absolute directory the command may run in
 * @param ctx root, home and the real-path lookup
 * @returns one or two absolute globs
 */
export function globForms(glob: string, base: string, ctx: PathContext): string[] {
  const abs = glob.startsWith("/") ? glob : `${base}/${glob}`;
  const forms = new Set([posix.normalize(abs)]);
  const segments = abs.split("/");
  const fixed = segments.findIndex((s) => /[*?[]/.test(s));
  const head = segments.slice(0, fixed === -1 ? segments.length : fixed);
  // The fixed part with its links followed (`src/keys/*` with `src/keys -> ../secrets` reads
  // `secrets/*`), and as the kernel walks a `..` after a link.
  const real = physicalPath(head.join("/") || "/", ctx.realPath);
  const rest = segments.slice(head.length).join("/");
  forms.add(rest === "" ? real : posix.join(real, rest));
  return [...forms];
}

/**
 * A path as a reason shows it: relative to where the command runs (`./x`, `../x`), absolute
 * when that would climb more than three directories.
 */
function shown(path: string, base: string): string {
  const rel = posix.relative(base, path);
  if (!rel.startsWith("..")) return `./${rel}`;
  return rel.split("/").filter((s) => s === "..").length <= 3 ? rel : path;
}

/**
 * How a recursive reader could leave out what the rules name below the tree it reads (issue 23,
 * point 6: a deny names the way through): for each path a rule names there, the nearest
 * directory or file on the way to it, excluded with the reader's own option; the Grep tool,
 * which skips the files deny rules name; a narrower directory.
 */
function wayThrough(
  by: string | undefined,
  met: readonly { path: string; pattern: PathPattern }[],
  tree: string,
  ctx: PathContext,
): string {
  const program = by?.split(" ")[0];
  const options = new Set<string>();
  for (const { path, pattern } of met) {
    // The shortest part of the path below the tree the rule names (a directory, or the file).
    const rel = path.slice(tree === "/" ? 1 : tree.length + 1).split("/");
    let depth = rel.length;
    for (let i = 1; i < rel.length; i++) {
      const part = `${tree === "/" ? "" : tree}/${rel.slice(0, i).join("/")}`;
      if (pathPatternMatches(pattern, part, ctx)) {
        depth = i;
        break;
      }
    }
    const name = rel[depth - 1]!;
    const isDir = depth < rel.length;
    const grep = program === "grep" || program === "egrep" || program === "fgrep" ||
      program === "zgrep";
    const option = grep
      ? `${isDir ? "--exclude-dir" : "--exclude"}=${name}`
      : program === "rg"
      ? `-g '!${name}'`
      : by === "git grep"
      ? `':!${rel.slice(0, depth).join("/")}'`
      : program === "ag"
      ? `--ignore ${name}`
      : undefined;
    if (option !== undefined) options.add(option);
  }
  // git add, git stash: what git would store, by name or ignored.
  if (by === "git add" || by === "git stash") {
    const names = met.map(({ path }) => path.slice(tree === "/" ? 1 : tree.length + 1));
    return `name the files to ${by === "git add" ? "add" : "stash"} (\`${by} -- FILE...\`), ` +
      `or ignore ${names.map((n) => `\`${n}\``).join(", ")} in .gitignore`;
  }
  const list = [...options].join(" ");
  const own = options.size === 0
    ? ""
    : by === "git grep"
    ? `add \`-- . ${list}\`, `
    : `add \`${list}\`, `;
  return `${own}use the Grep tool, which skips the files deny rules name, or search a narrower ` +
    "directory";
}
