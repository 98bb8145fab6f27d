/**
 * The aliases git's configuration files define, read from disk for the deny view: `git p` runs
 * `git push` where a file says `[alias] p = push`. The files are git's own, in its order (a
 * later one wins): the system's `/etc/gitconfig`, the user's `~/.config/git/config` and
 * `~/.gitconfig`, and the repository's `config` (found from the directory up, a worktree's
 * `.git` file followed to its git directory and that one's common directory), each with the
 * files it includes (`include.path`, and every `includeIf.*.path` whatever its condition: an
 * alias that may be in effect counts). Make one per decision or run, as `cachedRealPath()`: a
 * file is read once.
 *
 * @module
 */

import { posix } from "../path.ts";
import { type GitConfig, parseGitConfig } from "./git_config.ts";
import { repositoryOf, smallText as readText } from "./git_dir.ts";

/** Included files followed at most this deep (git stops at 10). */
const MAX_INCLUDE_DEPTH = 10;

/**
 * A lookup of git aliases, by name and the directory git runs in.
 *
 * @param home the user's home
 * @returns the lookup: the alias's value (`push`, `!cmd`), or undefined
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gitAliases } from "./git_aliases.ts";
 *
 * const home = await Deno.realPath(await Deno.makeTempDir());
 * try {
 *   await Deno.mkdir(`${home}/repo/.git`, { recursive: true });
 *   await Deno.mkdir(`${home}/repo/src`);
 *   await Deno.writeTextFile(`${home}/.gitconfig`, "[alias]\n  p = push\n  lg = log\n");
 *   await Deno.writeTextFile(`${home}/repo/.git/config`, "[alias]\n  lg = !git log --graph\n");
 *   const alias = gitAliases(home);
 *   assert.equal(alias("p", `${home}/repo/src`), "push");
 *   assert.equal(alias("lg", `${home}/repo/src`), "!git log --graph");
 *   assert.equal(alias("lg", home), "log");
 *   assert.equal(alias("st", `${home}/repo`), undefined);
 * } finally {
 *   await Deno.remove(home, { recursive: true });
 * }
 * ```
 */
export function gitAliases(home: string): (name: string, dir: string) => string | undefined {
  const files = new Map<string, GitConfig | null>();
  const merged = new Map<string, Map<string, string>>();
  const read = (path: string): GitConfig | null => {
    let config = files.get(path);
    if (config === undefined) {
      const text = readText(path);
      config = text === undefined ? null : parseGitConfig(text);
      files.set(path, config);
    }
    return config;
  };
  // A file and what it includes, in git's order: an include takes effect where it stands.
  const add = (path: string, into: Map<string, string>, depth: number) => {
    const config = read(path);
    if (config === null) return;
    for (const [name, value] of config.aliases) into.set(name, value);
    if (depth >= MAX_INCLUDE_DEPTH) return;
    for (const inc of config.includes) {
      const p = inc.startsWith("~/")
        ? posix.join(home, inc.slice(2))
        : posix.resolve(posix.dirname(path), inc);
      add(p, into, depth + 1);
    }
  };
  const repos = new Map<string, string[]>();
  return (name, dir) => {
    // The walk up to the repository once per directory, as each file is read once.
    let repo = repos.get(dir);
    if (repo === undefined) repos.set(dir, repo = repositoryConfigs(dir));
    const key = repo.join("\0");
    let aliases = merged.get(key);
    if (aliases === undefined) {
      aliases = new Map();
      const user = [`${home}/.config/git/config`, `${home}/.gitconfig`];
      for (const p of ["/etc/gitconfig", ...user, ...repo]) add(p, aliases, 0);
      merged.set(key, aliases);
    }
    return aliases.get(name.toLowerCase());
  };
}

/** The repository configuration files for a directory: none outside a repository. */
function repositoryConfigs(dir: string): string[] {
  // A git directory itself (`--git-dir=x.git`, a bare repository): its own config.
  const start = posix.normalize(dir);
  if (readText(`${start}/HEAD`) !== undefined && readText(`${start}/config`) !== undefined) {
    return [`${start}/config`];
  }
  const repo = repositoryOf(start);
  return repo === undefined ? [] : [`${repo.commonDir}/config`, `${repo.gitDir}/config.worktree`];
}
