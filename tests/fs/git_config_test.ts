/**
 * git's configuration files read for their aliases (`lib/fs/git_config.ts`), held against git
 * itself: every text of the table is written to a file and read back with
 * `git config --file F --get-regexp '^alias\.'`, and the parser must find the same aliases (git
 * is the judge; the expected values are also written out, so that the table reads without it).
 * Then the files git reads, on disk (`lib/fs/git_aliases.ts`): the user's, the repository's
 * (from a subdirectory, a worktree's `.git` file), what they include, a later one winning.
 */

import assert from "node:assert/strict";
import { parseGitConfig } from "../../lib/fs/git_config.ts";
import { gitAliases } from "../../lib/fs/git_aliases.ts";
import { withinCpu } from "../_cpu.ts";

interface Case {
  name: string;
  text: string;
  aliases: Record<string, string>;
  includes?: string[];
}

const CASES: Case[] = [
  { name: "a plain alias", text: "[alias]\n\tp = push\n", aliases: { p: "push" } },
  {
    name: "section and key names in any case",
    text: "[ALIAS]\n  PF = push --force\n",
    aliases: { pf: "push --force" },
  },
  {
    name: "comments after a value, # and ;",
    text: "[alias]\n  a = log # the log\n  b = diff ; a diff\n# c = push\n; d = push\n",
    aliases: { a: "log", b: "diff" },
  },
  {
    name: "a quoted value keeps # and blanks",
    text: '[alias]\n  a = "!echo # not a comment  "\n',
    aliases: { a: "!echo # not a comment  " },
  },
  {
    name: "escapes in a value",
    text: '[alias]\n  a = !printf \\"%s\\\\n\\" x\n',
    aliases: { a: '!printf "%s\\n" x' },
  },
  {
    name: "a value continued after a backslash",
    text: "[alias]\n  lg = log \\\n    --graph \\\n    --oneline\n",
    aliases: { lg: "log     --graph     --oneline" },
  },
  {
    name: "a backslash at the end of a comment continues nothing",
    text: "[alias]\n  a = log # see \\\n  b = diff\n",
    aliases: { a: "log", b: "diff" },
  },
  {
    name: "a later definition wins",
    text: "[alias]\n  p = pull\n[alias]\n  p = push\n",
    aliases: { p: "push" },
  },
  {
    name: "an entry on the header's line",
    text: "[alias] p = push\n",
    aliases: { p: "push" },
  },
  {
    name: "other sections are not aliases",
    text: '[core]\n  pager = less\n[remote "origin"]\n  url = x\n[alias]\n  s = status\n',
    aliases: { s: "status" },
  },
  {
    name: "CRLF line ends",
    text: "[alias]\r\n  p = push\r\n  f = fetch\r\n",
    aliases: { p: "push", f: "fetch" },
  },
  {
    name: "blanks around = and at the ends",
    text: "[alias]\n\tco   =   checkout   \n",
    aliases: { co: "checkout" },
  },
  {
    name: "an alias of a subsection is sub.key (the red team: git x.y pushed)",
    text: '[alias "x"]\n  y = push\n[alias.Old]\n  z = pull\n[alias]\n  p = push\n',
    aliases: { "x.y": "push", "old.z": "pull", p: "push" },
  },
  {
    name: "the files it includes",
    text: '[include]\n  path = a.inc\n[includeIf "gitdir:~/w/"]\n  path = ~/b.inc\n',
    aliases: {},
    includes: ["a.inc", "~/b.inc"],
  },
];

/** git's own reading of a file's aliases, or undefined without git. */
function gitReads(text: string): Record<string, string> | undefined {
  const file = Deno.makeTempFileSync({ prefix: "skald-gitconfig-" });
  try {
    Deno.writeTextFileSync(file, text);
    const out = new Deno.Command("git", {
      args: ["config", "--file", file, "--null", "--get-regexp", "^alias\\."],
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    const got: Record<string, string> = {};
    for (const entry of new TextDecoder().decode(out.stdout).split("\0")) {
      if (entry === "") continue;
      const nl = entry.indexOf("\n");
      got[entry.slice("alias.".length, nl)] = entry.slice(nl + 1);
    }
    return got;
  } catch {
    return undefined;
  } finally {
    Deno.removeSync(file);
  }
}

Deno.test("git config: each text's aliases, as the table says and as git reads them", () => {
  const wrong: string[] = [];
  let judged = 0;
  for (const c of CASES) {
    const parsed = parseGitConfig(c.text);
    const got = Object.fromEntries(parsed.aliases);
    assert.deepEqual(got, c.aliases, c.name);
    assert.deepEqual(parsed.includes, c.includes ?? [], c.name);
    const git = gitReads(c.text);
    if (git !== undefined) judged++;
    if (git !== undefined && JSON.stringify(git) !== JSON.stringify(got)) {
      wrong.push(`${c.name}: git ${JSON.stringify(git)}, skald ${JSON.stringify(got)}`);
    }
  }
  assert.deepEqual(wrong, []);
  // CI has git (`.ci/run`): there the judge must have judged every text.
  if (Deno.env.get("CI") !== undefined) assert.equal(judged, CASES.length);
});

Deno.test("git config: the files git reads, from where it runs", async () => {
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-gitaliases-" }));
  try {
    await Deno.mkdir(`${home}/.config/git`, { recursive: true });
    await Deno.mkdir(`${home}/repo/.git`, { recursive: true });
    await Deno.mkdir(`${home}/repo/src/deep`, { recursive: true });
    await Deno.mkdir(`${home}/wt`);
    await Deno.mkdir(`${home}/repo/.git/worktrees/wt`, { recursive: true });
    await Deno.writeTextFile(`${home}/.config/git/config`, "[alias]\n  x = xdg\n  g = xdg\n");
    await Deno.writeTextFile(
      `${home}/.gitconfig`,
      "[alias]\n  p = push\n  g = global\n[include]\n  path = more.inc\n",
    );
    await Deno.writeTextFile(`${home}/more.inc`, "[alias]\n  m = merge\n");
    await Deno.writeTextFile(
      `${home}/repo/.git/config`,
      '[alias]\n  g = repo\n[includeIf "gitdir:/elsewhere/"]\n  path = ../local.inc\n',
    );
    await Deno.writeTextFile(`${home}/repo/local.inc`, "[alias]\n  l = !rm -rf x\n");
    // A worktree: its .git file names its git directory, whose commondir is the repository's.
    await Deno.writeTextFile(`${home}/wt/.git`, `gitdir: ${home}/repo/.git/worktrees/wt\n`);
    await Deno.writeTextFile(`${home}/repo/.git/worktrees/wt/commondir`, "../..\n");
    const alias = gitAliases(home);
    const table: [string, string, string | undefined][] = [
      ["p", `${home}/repo/src/deep`, "push"],
      ["x", home, "xdg"],
      ["g", home, "global"], // ~/.gitconfig is read after the XDG file
      ["g", `${home}/repo/src`, "repo"], // the repository's after both
      ["m", `${home}/repo`, "merge"], // included by ~/.gitconfig
      ["l", `${home}/repo`, "!rm -rf x"], // an includeIf counts, whatever its condition
      ["l", home, undefined],
      ["g", `${home}/wt`, "repo"], // a worktree reads the repository's config
      ["P", `${home}/repo`, "push"], // names compare in lower case
      ["nope", `${home}/repo`, undefined],
    ];
    for (const [name, dir, want] of table) {
      assert.equal(alias(name, dir), want, `${name} in ${dir}`);
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("git config: a pipe or a device is not read (the hook would hang on it)", async () => {
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-gitaliases-" }));
  try {
    await Deno.mkdir(`${home}/repo/.git`, { recursive: true });
    const made = await new Deno.Command("mkfifo", { args: [`${home}/repo/.git/config`] }).output();
    assert.ok(made.success, "mkfifo");
    await Deno.writeTextFile(
      `${home}/.gitconfig`,
      "[include]\n  path = /dev/zero\n[alias]\n  p = push\n",
    );
    // Reading the pipe would wait for ever; reading /dev/zero would take the CPU until memory
    // runs out: a guard in CPU time (`../_cpu.ts`).
    withinCpu(20, () => {
      const alias = gitAliases(home);
      assert.equal(alias("p", `${home}/repo`), "push");
      assert.equal(alias("q", `${home}/repo`), undefined);
    }, "reading the git configuration");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
