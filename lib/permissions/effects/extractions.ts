/**
 * `tar -x`, `unzip` and `patch` by what they touch (issue 23, point 4): the archive or patch
 * each reads is read on disk (`PathContext.archiveMembers`, `patchText`) from every directory
 * the command may run in, and the command writes its members or the files it names
 * (`extract_writes.ts`) instead of everything below where it extracts; unless the command may
 * change that file before (it writes it, a tree or a copy holding it, another extraction's
 * member, or a file only known when it runs), or it cannot be read: then, as without the disk,
 * every path below. A file that is not there is extracted by no one (the program fails), unless
 * the command makes it. Pure, given the context.
 *
 * @module
 */

import { posix } from "../../path.ts";
import { type CommandAnalysis, tokensAt } from "../../shell/split.ts";
import type { SimpleCommand } from "../../shell/parse.ts";
import { argumentPaths, type PathContext } from "../paths.ts";
import type { ExtractPlan } from "./extract_plans.ts";
import { type Extracted, patchWrites, tarWrites, unzipWrites } from "./extract_writes.ts";

/** What a command's standard input is, when known: a file (as written) or a heredoc's text. */
export type StdinSource = { kind: "file"; path: string } | { kind: "text"; text: string };

/** An extraction read on disk, held until the whole command is read. */
export interface Extraction {
  /** What it writes, when the command does not change its source first. */
  extracted: Extracted;
  /** Its sources, absolute, from each directory the command may run in (missing ones too). */
  sources: string[];
  /** The trees it writes otherwise (`write_targets.ts`), as written. */
  trees: (string | null)[];
  /** How a reason names its program. */
  by: string;
}

/**
 * An extraction's writes, read on disk from each directory the command may run in; undefined
 * when its source cannot be read (not a file, past a bound, a pipe), or what it names cannot be
 * known.
 *
 * @param plan how the command names what it writes
 * @param stdin its standard input's sources, when it reads them (undefined: not known)
 * @param bases the absolute directories the command may run in
 * @param resolve a path as written, absolute from a base (undefined: only known when it runs)
 * @param ctx the disk
 * @returns the writes and the sources they were read from
 */
export function readExtraction(
  plan: ExtractPlan,
  stdin: readonly StdinSource[] | undefined,
  bases: readonly string[],
  resolve: (path: string, base: string) => string | undefined,
  ctx: PathContext,
): Omit<Extraction, "trees" | "by"> | undefined {
  const sources: StdinSource[][] = [];
  if (plan.source.kind === "files") {
    sources.push(plan.source.paths.map((path) => ({ kind: "file", path })));
  } else if (stdin === undefined) return undefined;
  else for (const s of stdin) sources.push([s]);
  const paths = new Set<string>();
  const links: [string, string][] = [];
  const read: string[] = [];
  const add = (e: Extracted | { why: string }): boolean => {
    if ("why" in e) return false;
    for (const p of e.paths) paths.add(p);
    links.push(...e.links);
    return true;
  };
  for (const alternatives of sources) {
    for (const base of bases) {
      // The first alternative there is the one read (unzip tries `x`, `x.zip`, `x.ZIP`).
      for (const source of alternatives) {
        if (source.kind === "text") {
          if (plan.kind !== "patch" || !add(patchWrites(plan, source.text))) return undefined;
          break;
        }
        const abs = resolve(source.path, base);
        if (abs === undefined) return undefined;
        read.push(abs);
        const got = plan.kind === "patch"
          ? ctx.patchText?.(abs)
          : ctx.archiveMembers?.(abs, plan.kind === "tar" ? "tar" : "zip");
        if (got === undefined) return undefined;
        if (got === "missing") continue;
        const writes = typeof got === "string"
          ? plan.kind === "patch" ? patchWrites(plan, got) : undefined
          : plan.kind === "tar"
          ? tarWrites(plan, got)
          : plan.kind === "unzip"
          ? unzipWrites(plan, got)
          : undefined;
        if (writes === undefined || !add(writes)) return undefined;
        break;
      }
    }
  }
  return { extracted: { paths: [...paths], links }, sources: read };
}

/**
 * Which extractions hold: those whose sources nothing else the command writes may change first
 * (its writes, globs, trees, copies; the other extractions' members, or trees for those that do
 * not hold), found again until none more falls. An extraction's own members are not held
 * against its source: tar, unzip and patch read the file they opened.
 *
 * @param list the extractions read
 * @param writes what the rest of the command writes, as written
 * @param bases the directories the command may run in
 * @param ctx root, home and real paths
 * @returns for each extraction, whether its members stand
 */
export function extractionsHold(
  list: readonly Extraction[],
  writes: { paths: readonly string[]; globs: readonly string[]; trees: readonly string[] },
  bases: readonly string[],
  ctx: PathContext,
): boolean[] {
  const holds = list.map(() => true);
  const abs = (p: string) => bases.flatMap((b) => argumentPaths(p, b, ctx));
  const fixed = [
    ...writes.paths.flatMap(abs),
    ...writes.trees.flatMap(abs),
    ...writes.globs.flatMap((g) => abs(globHead(g))),
  ];
  const meets = (source: string, written: readonly string[]) => {
    const forms = new Set([source, ctx.realPath(source)]);
    return written.some((w) =>
      [...forms].some((s) => s === w || s.startsWith(w === "/" ? "/" : `${w}/`))
    );
  };
  // What an extraction writes itself does not change what it reads (it reads an open file), so
  // one alone is held against the rest of the command only; several, against each other too.
  const own = list.map((e, i) => () =>
    (holds[i] ? e.extracted.paths : e.trees.map((t) => t ?? "/")).flatMap(abs)
  );
  for (let changed = true; changed;) {
    changed = false;
    const theirs = list.length > 1 ? list.map((_, i) => own[i]!()) : [];
    list.forEach((e, i) => {
      const written = [...fixed, ...theirs.flatMap((t, j) => j === i ? [] : t)];
      if (holds[i] && e.sources.some((s) => meets(s, written))) {
        holds[i] = false;
        changed = true;
      }
    });
  }
  return holds;
}

/** The fixed leading directory of a glob as written (`src/*.ts` -> `src`). */
function globHead(glob: string): string {
  const segments = glob.split("/");
  const i = segments.findIndex((s) => /[*?[]/.test(s));
  const head = segments.slice(0, i === -1 ? segments.length : i).join("/");
  return head === "" ? (glob.startsWith("/") ? "/" : ".") : posix.normalize(head);
}

/**
 * What a command of the view reads on its standard input, when its text says: the file of its
 * last `<` (`patch -p1 < fix.patch`), the text of its heredoc (quoted, or with nothing to
 * expand) or here-string; every command of the text with these words must say (the view lists
 * each once). Undefined for a pipe, a descriptor, a word only known when it runs, none (what it
 * inherits), or a command run by `xargs`, `find` or `parallel`.
 *
 * @param tokens the candidate's words
 * @param via the wrappers taken off to reach it
 * @param command the analysed command
 * @returns its sources, or undefined
 */
export function stdinSources(
  tokens: readonly (string | null)[],
  via: readonly string[],
  command: CommandAnalysis,
): StdinSource[] | undefined {
  if (via.some((v) => /^(xargs|find|parallel)\b/.test(v))) return undefined;
  const out: StdinSource[] = [];
  for (const { command: c } of command.view.commands) {
    if (tokensAt(c.words, tokens) === -1) continue;
    const s = stdinOf(c);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out.length === 0 ? undefined : out;
}

/** The standard input a simple command's own redirections give it, when they say. */
function stdinOf(c: SimpleCommand): StdinSource | undefined {
  if (c.pipeIn) return undefined;
  let source: StdinSource | null = null;
  let heredoc = 0;
  for (const r of c.redirects) {
    const m = /^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(<<-|<<<|<<|<>|<&|<)$/.exec(r.op);
    if (m === null) continue;
    const h = m[2] === "<<" || m[2] === "<<-" ? c.heredocs[heredoc++] : undefined;
    if (m[1] !== undefined && m[1] !== "0") continue;
    const t = r.target;
    if (h !== undefined) {
      const text = m[2] === "<<-" ? h.body.replace(/^\t+/gm, "") : h.body;
      source = !h.quoted && /[$`\\]/.test(text) ? null : { kind: "text", text };
    } else if (m[2] === "<<<") {
      source = t === undefined || t.dynamic ? null : { kind: "text", text: `${t.value}\n` };
    } else if (m[2] === "<" || m[2] === "<>") {
      source = t === undefined || t.dynamic ? null : { kind: "file", path: t.value };
    } else source = null;
  }
  return source ?? undefined;
}
