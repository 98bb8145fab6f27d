/**
 * An oracle case's tree rebuilt on disk for skald: the project, the home and the folder beside
 * the project (`{{OUTSIDE}}`), the case's files (text, or `{content, mode}`), its settings, and
 * `--plugin-dir` arguments with the placeholders filled in.
 *
 * @module
 */

import { posix } from "node:path";

/** The repository, for cases that name its fixture trees (`{{REPO}}/tests/fixtures/...`). */
const REPO = posix.resolve(new URL(".", import.meta.url).pathname, "..");

/** What an oracle case gives the tree. */
export interface TreeCase {
  files: Record<string, string | { content: string; mode?: string }>;
  args?: string[];
  settings?: unknown;
  userSettings?: unknown;
}

/** A rebuilt tree: its folders, and how to fill and unfill the placeholders. */
export interface OracleTree {
  top: string;
  project: string;
  home: string;
  outside: string;
  fill(text: string): string;
  unfill(text: string): string;
  /** The `--plugin-dir` values of the case's arguments, filled in. */
  pluginDirs: string[];
  remove(): void;
}

/**
 * Writes a case's tree into a new temporary folder.
 *
 * @param c the case
 * @returns the tree; call `remove()` when done
 */
export function buildTree(c: TreeCase): OracleTree {
  const top = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "skald-oracle-tree-" }));
  const project = `${top}/proj`;
  const home = `${top}/home`;
  const outside = `${top}/outside`;
  const fill = (t: string) =>
    t.replaceAll("{{PROJECT}}", project).replaceAll("{{HOME}}", home)
      .replaceAll("{{OUTSIDE}}", outside).replaceAll("{{ROOT}}", top).replaceAll("{{REPO}}", REPO);
  const unfill = (t: string) =>
    t.replaceAll(project, "{{PROJECT}}").replaceAll(home, "{{HOME}}")
      .replaceAll(outside, "{{OUTSIDE}}").replaceAll(REPO, "{{REPO}}");
  for (const dir of [project, home, outside]) Deno.mkdirSync(dir, { recursive: true });
  for (const [p, v] of Object.entries(c.files)) {
    const path = p.startsWith("~/")
      ? posix.join(home, p.slice(2))
      : p.startsWith("{{")
      ? fill(p)
      : posix.join(project, p);
    Deno.mkdirSync(posix.dirname(path), { recursive: true });
    const text = typeof v === "string" ? v : v.content;
    Deno.writeTextFileSync(path, fill(text));
    if (typeof v !== "string" && v.mode) Deno.chmodSync(path, parseInt(v.mode, 8));
  }
  const write = (path: string, v: unknown) => {
    if (v === null || v === undefined) return;
    Deno.mkdirSync(posix.dirname(path), { recursive: true });
    Deno.writeTextFileSync(path, fill(JSON.stringify(v)));
  };
  write(`${project}/.claude/settings.json`, c.settings);
  write(`${home}/.claude/settings.json`, c.userSettings);
  const args = c.args ?? [];
  const pluginDirs = args.flatMap((a, i) => args[i - 1] === "--plugin-dir" ? [fill(a)] : []);
  return {
    top,
    project,
    home,
    outside,
    fill,
    unfill,
    pluginDirs,
    remove: () => Deno.removeSync(top, { recursive: true }),
  };
}
