/**
 * What `tar -x`, `unzip` and `patch` write, from what their source holds (an archive's
 * members, a patch's text) and their plan (`extract_plans.ts`): each path as the program makes
 * it, checked against the programs themselves (`tests/permissions/extract_writes_disk_test.ts`).
 * GNU tar 1.34 skips a member whose name holds `..` and takes off leading `/` (unless `-P`),
 * then `--strip-components` as its own code counts (`a//b` less one is `/b`: it writes there),
 * and leaves out what its default `--exclude` matching excludes; UnZip 6.00 drops the `.`, `..`
 * and empty parts of a name; GNU patch takes `-pN` parts off a name (its last part without
 * `-p`) and writes the file, its backup and its rejects. A link an archive makes is a link the
 * command makes; a member written through a link the archive made before, or over it, is not
 * known (a zip's links are not read: their target is compressed data). Pure.
 *
 * @module
 */

import type { ArchiveListing } from "../paths.ts";
import { inDir } from "../../programs/argv.ts";
import { posix } from "../../path.ts";
import type { PatchPlan, TarPlan, UnzipPlan } from "./extract_plans.ts";
import { patchFiles } from "./patch_files.ts";

/** What an extraction writes: paths as written (in the command's directory), links it makes. */
export interface Extracted {
  paths: string[];
  /** `[link, target]`, the target taken from the command's directory. */
  links: [string, string][];
}

/** Why what it writes is not known. */
export interface NotKnown {
  why: string;
}

/**
 * What `tar -x` writes, given the archive's members.
 *
 * @param plan the command's plan
 * @param listing the archive's members
 * @returns the paths and links, or why they are not known
 */
export function tarWrites(plan: TarPlan, listing: ArchiveListing): Extracted | NotKnown {
  if (plan.ignoreZeros && listing.trailing) {
    return { why: "`tar -i` reads on past the archive's end mark" };
  }
  const out: Entry[] = [];
  for (const m of listing.members) {
    if (excluded(m.name, plan.excludes)) continue;
    const name = tarName(m.name, plan);
    if (name === undefined) continue;
    const intos = plan.select === undefined
      ? [plan.into]
      : plan.select.filter((s) => selects(s.name, m.name)).map((s) => s.into);
    for (const into of new Set(intos)) {
      const path = at(into, name);
      out.push({ path, kind: m.kind });
      // GNU tar writes `a//b` less one part at `/b`; bsdtar in the directory: both.
      if (!plan.absolute && name.startsWith("/")) {
        out.push({ path: at(into, name.replace(/^\/+/, "")), kind: m.kind });
      }
      if (m.kind === "symlink") out.at(-1)!.target = m.target ?? "";
      // A hard link's target is written through too: both names hold the one file.
      if (m.kind === "hardlink" && m.target !== undefined) {
        out.push({ path: at(into, m.target), kind: "file" });
        const stripped = tarName(m.target, plan);
        if (stripped !== undefined) out.push({ path: at(into, stripped), kind: "file" });
      }
    }
  }
  return entries(out);
}

/**
 * What `unzip` writes, given the archive's members.
 *
 * @param plan the command's plan
 * @param listing the archive's members
 * @returns the paths, or why they are not known
 */
export function unzipWrites(plan: UnzipPlan, listing: ArchiveListing): Extracted | NotKnown {
  const out: Entry[] = [];
  for (const m of listing.members) {
    if (m.kind === "symlink") return { why: "the archive holds a symbolic link" };
    // A name made elsewhere may have `\` for `/`, or a version (`x;1`) unzip takes off: both.
    const names = new Set([m.name, m.name.replaceAll("\\", "/")]);
    for (const n of [...names]) names.add(n.replace(/;\d*$/, ""));
    for (const name of names) {
      if (plan.select !== undefined && !plan.select.some((s) => wildMatch(s, name, plan))) {
        continue;
      }
      const parts = name.split("/").filter((p) => p !== "" && p !== "." && p !== "..");
      const dir = name.endsWith("/");
      if (plan.junk && dir) continue;
      const kept = plan.junk ? parts.slice(-1) : parts;
      if (kept.length === 0) continue;
      out.push({ path: at(plan.into, kept.join("/")), kind: dir ? "dir" : "file" });
    }
  }
  return entries(out);
}

/**
 * What `patch` writes, given the patch's text: each file it names (as `-p` and `-d` take it),
 * its backup and its rejects; the file an operand names, and its own.
 *
 * @param plan the command's plan
 * @param text the patch
 * @returns the paths, or why they are not known
 */
export function patchWrites(plan: PatchPlan, text: string): Extracted | NotKnown {
  const files = patchFiles(text);
  if (files.kind === "unknown") return { why: `the patch ${files.why}` };
  const names = new Set<string>();
  if (plan.file !== undefined) names.add(plan.file);
  for (const n of files.names) {
    // git's rename and copy lines have no `a/` or `b/`: patch reads them as if they had.
    const forms = n.bare && plan.strip !== undefined ? [`a/${n.name}`, `b/${n.name}`] : [n.name];
    for (const form of forms) {
      const name = patchName(form, plan.strip);
      if (name !== undefined && name !== "") names.add(name);
    }
  }
  const paths: string[] = [];
  for (const name of names) {
    const p = at(plan.dir, name);
    paths.push(p, `${p}${plan.backup}`, `${p}.rej`);
  }
  return { paths: [...new Set(paths)], links: [] };
}

/** A path made: its kind, and a link's target as stored. */
interface Entry {
  path: string;
  kind: "file" | "dir" | "symlink" | "hardlink";
  target?: string;
}

/**
 * The paths and links of entries; not known when one is written through or over a link made
 * before it (`x -> /etc`, then `x/passwd`), or names a `..` beside a link (walked through it).
 */
function entries(list: readonly Entry[]): Extracted | NotKnown {
  const clean = (p: string) => posix.normalize(p).replace(/(.)\/+$/, "$1");
  const links = new Map<string, string>();
  for (const e of list) {
    if (e.kind !== "symlink") continue;
    const link = clean(e.path);
    if (links.has(link)) return { why: "the archive makes a link twice" };
    const target = e.target!;
    const slash = link.lastIndexOf("/");
    links.set(
      link,
      target.startsWith("/") || slash === -1 ? target : `${link.slice(0, slash + 1)}${target}`,
    );
  }
  if (links.size > 0) {
    for (const e of list) {
      const through = { why: `the archive writes \`${e.path}\` through a link it makes` };
      if (e.path.split("/").includes("..")) return through;
      const p = clean(e.path);
      if (e.kind !== "symlink" && links.has(p)) return through;
      for (let i = p.indexOf("/", 1); i !== -1; i = p.indexOf("/", i + 1)) {
        if (links.has(p.slice(0, i))) return through;
      }
    }
  }
  return { paths: [...new Set(list.map((e) => e.path))], links: [...links] };
}

/** A name in the directory it is written in; a name's own leading `~` is a name, not the home. */
function at(dir: string | undefined, name: string): string {
  if (dir === undefined && name.startsWith("~")) return `./${name}`;
  return inDir(dir, name) ?? name;
}

/**
 * A member's name as GNU tar writes it: skipped when it holds `..` (unless `-P`), leading `/`
 * taken off (unless `-P`), then `--strip-components` parts (skipped when it has fewer, or
 * nothing is left).
 */
export function tarName(
  name: string,
  plan: Pick<TarPlan, "absolute" | "strip">,
): string | undefined {
  let n = name;
  if (!plan.absolute) {
    if (n.split("/").includes("..")) return undefined;
    n = n.replace(/^\/+/, "");
  }
  if (plan.strip > 0) {
    // tar's stripped_prefix_len: leading slashes skipped, a run of slashes counts once, the
    // name kept from the character after the slash that ends the last part taken off.
    let p = 0;
    while (n[p] === "/") p++;
    let left = plan.strip;
    let cut = -1;
    while (p < n.length) {
      const slash = n[p] === "/";
      p++;
      if (slash) {
        if (--left === 0) {
          cut = p;
          break;
        }
        while (n[p] === "/") p++;
      }
    }
    if (cut === -1) return undefined;
    n = n.slice(cut);
  }
  if (n === "" || n === "/") return n === "" && plan.strip === 0 ? "." : undefined;
  return n;
}

/**
 * True when tar's member operand selects a member: the name itself or a directory above it,
 * `./` and repeated or trailing slashes set aside (more than tar selects, never less).
 */
function selects(operand: string, member: string): boolean {
  const norm = (s: string) => s.replace(/\/{2,}/g, "/").replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  const o = norm(operand);
  const m = norm(member);
  return m === o || m.startsWith(`${o}/`) || o === "" || o === ".";
}

/**
 * True when a default `--exclude` pattern (unanchored, a directory matched excludes what is
 * below it) excludes a member, read so that it excludes no more than tar: `*` and `?` do not
 * match a `/` here.
 */
function excluded(name: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0 || name.startsWith("/")) return false;
  const suffixes = [name];
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    suffixes.push(name.slice(i + 1));
  }
  return patterns.some((p) => {
    const re = globRegExp(p, false);
    return suffixes.some((s) => {
      if (re.test(s)) return true;
      for (let i = s.indexOf("/"); i !== -1; i = s.indexOf("/", i + 1)) {
        if (re.test(s.slice(0, i))) return true;
      }
      return false;
    });
  });
}

/** A glob of `*` and `?` as a whole-string regular expression; `slash`: they match `/`. */
function globRegExp(glob: string, slash: boolean, flags = ""): RegExp {
  const any = slash ? "." : "[^/]";
  const body = [...glob].map((c) =>
    c === "*" ? `${any}*` : c === "?" ? any : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")
  ).join("");
  return new RegExp(`^${body}$`, flags);
}

/**
 * True when an unzip wildcard selects a name: `*` and `?` match any character, `/` included; a
 * bracket or backslash, or a name below the one given, counts as a match (more than unzip
 * selects, never less).
 */
function wildMatch(pattern: string, name: string, plan: UnzipPlan): boolean {
  if (/[[\\]/.test(pattern)) return true;
  const flags = plan.caseless ? "i" : "";
  const p = pattern.replace(/\/+$/, "");
  return globRegExp(pattern, true, flags).test(name) ||
    globRegExp(`${p}/*`, true, flags).test(name);
}

/** A name with `-pN` parts taken off as patch does; without `-p`, its last part. */
function patchName(name: string, strip: number | undefined): string | undefined {
  if (strip === undefined) return name.slice(name.lastIndexOf("/") + 1);
  let n = name;
  for (let left = strip; left > 0; left--) {
    const slash = n.indexOf("/");
    if (slash === -1) return undefined;
    n = n.slice(slash).replace(/^\/+/, "");
  }
  return n;
}
