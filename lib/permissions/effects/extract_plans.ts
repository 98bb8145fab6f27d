/**
 * How `tar -x`, `unzip` and `patch` name what they write (issue 23, point 4: writers by what
 * they touch): the file they read it from (the archive, the patch, or standard input) and how
 * each name they read there becomes a path, from their options. A command whose options change
 * names in ways read nowhere here (`--transform`, `--one-top-level`, `unzip -L`, `patch -B`, an
 * option the spec does not know, ...) has no plan: it may write anything below where it
 * extracts, as before. Pure; the names come from `extract_writes.ts`.
 *
 * @module
 */

import { hasTrait, optionHolds, optionsWith, type Reading } from "../../programs/argv.ts";
import { readCommand, type Token, writesNothing } from "./_program_read.ts";

/** Where a command reads the names it writes: files (the first one there is read), or stdin. */
export type PlanSource = { kind: "files"; paths: string[] } | { kind: "stdin" };

/** `tar -x`, as GNU tar 1.34 names what it extracts. */
export interface TarPlan {
  kind: "tar";
  source: PlanSource;
  /** The directory it extracts into (`-C`, each in the one before), as written. */
  into: string | undefined;
  /** The members its operands select, each into its directory; undefined: every member. */
  select: { name: string; into: string | undefined }[] | undefined;
  /** `--strip-components=N`. */
  strip: number;
  /** `-P`: leading `/` and `..` kept. */
  absolute: boolean;
  /** `-i`: members after the end mark are read too. */
  ignoreZeros: boolean;
  /** `--exclude` patterns read as tar's defaults read them (others are left out: more written). */
  excludes: string[];
}

/** `unzip`, as UnZip 6.00 names what it extracts. */
export interface UnzipPlan {
  kind: "unzip";
  /** The archive as named, then with `.zip` and `.ZIP` (unzip tries them in turn). */
  source: PlanSource;
  /** `-d DIR`. */
  into: string | undefined;
  /** The wildcards its operands select by; undefined: every member. */
  select: string[] | undefined;
  /** `-j`: each file made by its last name alone. */
  junk: boolean;
  /** `-C`: selection without case. */
  caseless: boolean;
}

/** `patch`, as GNU patch 2.7 names the files it patches. */
export interface PatchPlan {
  kind: "patch";
  source: PlanSource;
  /** `-d DIR`: names are taken there. */
  dir: string | undefined;
  /** `-pN`; undefined: each name's last part. */
  strip: number | undefined;
  /** The file an operand names: every hunk goes to it. */
  file: string | undefined;
  /** The backup suffix (`.orig`, or `-z SUFFIX`). */
  backup: string;
}

/** A command whose writes may be read before it runs. */
export type ExtractPlan = TarPlan | UnzipPlan | PatchPlan;

/**
 * The variables that give tar, unzip or patch options or change the names they write
 * (`TAR_OPTIONS`, `UNZIP`, `UNZIPOPT`, patch's backup and POSIX switches): a command that names
 * one anywhere has no plan (one set outside the command is not seen: skald does not read them).
 */
export const NAME_VARIABLES =
  /\b(?:TAR_OPTIONS|UNZIP|UNZIPOPT|SIMPLE_BACKUP_SUFFIX|VERSION_CONTROL|PATCH_VERSION_CONTROL|POSIXLY_CORRECT|PATCH_GET)\b/;

/** tar options that change the names it writes, or what it removes, in ways not read here. */
const TAR_UNKNOWN = new Set([
  "--transform",
  "--one-top-level",
  "--recursive-unlink",
  "--listed-incremental",
  "--incremental",
  "--backup",
  "--suffix",
  "--multi-volume",
  "--info-script",
  "--use-compress-program",
  "--rmt-command",
  "--rsh-command",
  "--interactive",
  // `-s`: GNU tar's --same-order, bsdtar's -s PATTERN (it renames members; macOS's tar is bsdtar).
  "--preserve-order",
]);
/** tar options under which its member operands or `--exclude` match otherwise than by default. */
const TAR_MATCHING = new Set([
  "--anchored",
  "--no-anchored",
  "--wildcards",
  "--no-wildcards",
  "--wildcards-match-slash",
  "--no-wildcards-match-slash",
  "--ignore-case",
  "--no-ignore-case",
  "--files-from",
  "--null",
]);

/**
 * How a command names what it writes, when its writes can be read before it runs.
 *
 * @param argv the command's words, the program first (wrappers taken off)
 * @returns the plan, or undefined (any other command, or options not read here)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { extractPlan } from "./extract_plans.ts";
 *
 * const p = extractPlan(["tar", "-xzf", "w.tgz", "-C", "build"]);
 * assert.equal(p?.kind, "tar");
 * assert.deepEqual(p?.source, { kind: "files", paths: ["w.tgz"] });
 * assert.equal(extractPlan(["tar", "-xf", "w.tar", "--transform=s/a/b/"]), undefined);
 * ```
 */
export function extractPlan(argv: readonly Token[]): ExtractPlan | undefined {
  const r = readCommand(argv);
  if (r === undefined || writesNothing(r) || optionHolds(r, "stdout")) return undefined;
  if (r.args.some((a) => a.kind === "unknown-option")) return undefined;
  if (r.options.some((o) => o.value === null)) return undefined;
  switch (r.path[0]!.name) {
    case "tar":
    case "gtar":
      return tarPlan(r);
    case "unzip":
      return unzipPlan(r);
    case "patch":
      return patchPlan(r);
    default:
      return undefined;
  }
}

function tarPlan(r: Reading): TarPlan | undefined {
  if (!hasTrait(r, "extract") || r.dir === null) return undefined;
  if (r.options.some((o) => TAR_UNKNOWN.has(o.option.id))) return undefined;
  const files = optionsWith(r, "archive");
  if (files.length !== 1) return undefined;
  const archive = files[0]!.value!;
  // `host:file` is a remote archive, unless `--force-local`.
  const local = r.options.some((o) => o.option.id === "--force-local");
  if (!local && /^[^/]*:/.test(archive)) return undefined;
  const stripValue = r.options.filter((o) => o.option.id === "--strip-components").at(-1)?.value;
  if (stripValue !== undefined && !/^\d+$/.test(stripValue ?? "")) return undefined;
  const matching = r.options.some((o) => TAR_MATCHING.has(o.option.id));
  let select: TarPlan["select"];
  if (r.operands.length > 0) {
    if (matching || r.operands.some((o) => o.word === null || /[*?[\\]/.test(o.word))) {
      return undefined;
    }
    select = r.operands.map((o) => ({ name: o.word!, into: o.dir ?? undefined }));
  }
  const excludes = matching ? [] : r.options.filter((o) => o.option.id === "--exclude")
    .map((o) => o.value!).filter((p) => !/[[\\]/.test(p) && !p.startsWith("/"));
  return {
    kind: "tar",
    source: archive === "-" ? { kind: "stdin" } : { kind: "files", paths: [archive] },
    into: r.dir,
    select,
    strip: stripValue === undefined ? 0 : Number(stripValue),
    absolute: r.options.some((o) => o.option.id === "--absolute-names"),
    ignoreZeros: r.options.some((o) => o.option.id === "--ignore-zeros"),
    excludes,
  };
}

function unzipPlan(r: Reading): UnzipPlan | undefined {
  // -L and -U change names (lower case, escapes); -: keeps `../` (not in the spec: unknown).
  if (r.options.some((o) => o.option.id === "-L" || o.option.id === "-U")) return undefined;
  const [archive, ...rest] = r.operands;
  if (archive === undefined || archive.word === null || /[*?[\\]/.test(archive.word)) {
    return undefined;
  }
  if (rest.some((o) => o.word === null)) return undefined;
  const into = r.options.filter((o) => o.option.id === "-d").at(-1)?.value ?? undefined;
  // After the archive, unzip reads every word but -d and -x as a name to select: an option
  // read there, or an exclusion list, leaves the selection to every member.
  const optionAfter = r.options.some((o) => o.option.id !== "-d" && o.at[0]! > archive.at);
  const excluding = r.options.some((o) => o.option.id === "-x");
  const select = rest.length === 0 || optionAfter || excluding
    ? undefined
    : rest.map((o) => o.word!);
  const name = archive.word;
  return {
    kind: "unzip",
    source: { kind: "files", paths: [name, `${name}.zip`, `${name}.ZIP`] },
    into,
    select,
    junk: r.options.some((o) => o.option.id === "-j"),
    caseless: r.options.some((o) => o.option.id === "-C"),
  };
}

function patchPlan(r: Reading): PatchPlan | undefined {
  // Output to one file (`-o`): that file (write_targets.ts). Backups named otherwise than by a
  // suffix, an ed script, files got from RCS or SCCS: not read here.
  const unknown = [
    "--output",
    "--prefix",
    "--basename-prefix",
    "--version-control",
    "--ed",
    "--get",
  ];
  if (r.options.some((o) => unknown.includes(o.option.id))) return undefined;
  if (r.dir === null) return undefined;
  const stripValue = r.options.filter((o) => o.option.id === "--strip").at(-1)?.value;
  if (stripValue !== undefined && !/^\d+$/.test(stripValue ?? "")) return undefined;
  const input = r.options.filter((o) => o.option.id === "--input").at(-1)?.value;
  const [file, patchFile] = r.operands;
  if (file?.word === null || patchFile?.word === null || r.operands.length > 2) return undefined;
  // The patch file: -i FILE, or the second operand, taken in -d's directory; else stdin.
  const from = input ?? patchFile?.word;
  const dir = r.dir;
  const at = (p: string) => dir === undefined || p.startsWith("/") ? p : `${dir}/${p}`;
  return {
    kind: "patch",
    source: from === undefined || from === "-"
      ? { kind: "stdin" }
      : { kind: "files", paths: [at(from!)] },
    dir,
    strip: stripValue === undefined ? undefined : Number(stripValue),
    file: file?.word === undefined ? undefined : file.word,
    backup: r.options.filter((o) => o.option.id === "--suffix").at(-1)?.value ?? ".orig",
  };
}
