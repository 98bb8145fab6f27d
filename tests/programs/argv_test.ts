/**
 * The one argv reader (`lib/programs/argv.ts`), one case per rule of how programs read their
 * words, each checked against the program where this machine has it (GNU coreutils 9.1, GNU tar
 * 1.34, GNU sed 4.9, curl 7.88, perl 5.36, git 2.39): the options and their values, by the id
 * the spec knows them by, and the operands with their roles.
 */

import assert from "node:assert/strict";
import { type Arg, readArgv, type Token } from "../../lib/programs/argv.ts";
import { programSpec } from "../../lib/programs/lookup.ts";

interface Case {
  name: string;
  argv: Token[];
  /** Each option given, by id, with its values. */
  options: [string, Token[]][];
  /** Each operand, with the kind of its role (undefined: nothing known). */
  operands: [Token, string | undefined][];
  /** The subcommand path, when there is one. */
  path?: string[];
}

const CASES: Case[] = [
  {
    name: "a short cluster is its letters",
    argv: ["rm", "-rf", "x"],
    options: [["--recursive", []], ["--force", []]],
    operands: [["x", "writes"]],
  },
  {
    name: "a value glued to a short option (-tDIR)",
    argv: ["cp", "-tout", "a"],
    options: [["--target-directory", ["out"]]],
    operands: [["a", "reads"]],
  },
  {
    name: "a valued letter in a cluster takes the next word (-rt DIR)",
    argv: ["cp", "-rt", "out", "a"],
    options: [["--recursive", []], ["--target-directory", ["out"]]],
    operands: [["a", "reads"]],
  },
  {
    name: "--opt=VALUE",
    argv: ["sort", "--output=o", "a"],
    options: [["--output", ["o"]]],
    operands: [["a", "reads"]],
  },
  {
    name: "an optional value is only glued: --backup does not take the next word",
    argv: ["cp", "-r", "--backup", "secrets", "/tmp/x"],
    options: [["--recursive", []], ["--backup", []]],
    operands: [["secrets", "reads"], ["/tmp/x", "writes"]],
  },
  {
    name: "an optional value glued with =",
    argv: ["cp", "--backup=numbered", "a", "b"],
    options: [["--backup", ["numbered"]]],
    operands: [["a", "reads"], ["b", "writes"]],
  },
  {
    name: "-i[SUFFIX] takes the rest of its word, never the next one",
    argv: ["sed", "-i", "s/a/b/", "f"],
    options: [["--in-place", []]],
    operands: [["s/a/b/", "code"], ["f", "reads"]],
  },
  {
    name: "GNU unique prefix: --exclude-fr= is --exclude-from",
    argv: ["grep", "--exclude-fr=x", "KEY", "f"],
    options: [["--exclude-from", ["x"]]],
    operands: [["KEY", "text"], ["f", "reads"]],
  },
  {
    name: "GNU unique prefix with the value in the next word (--no-pres mode)",
    argv: ["cp", "a", "src", "--no-pres", "mode"],
    options: [["--no-preserve", ["mode"]]],
    operands: [["a", "reads"], ["src", "writes"]],
  },
  {
    name: "an ambiguous prefix is left as written (grep --re: --recursive, --regexp)",
    argv: ["grep", "--re", "KEY", "f"],
    options: [],
    operands: [["KEY", "text"], ["f", "reads"]],
  },
  {
    name: "the spellings of one option are no ambiguity (grep --col: --color, --colour)",
    argv: ["grep", "--col", "KEY", "f"],
    options: [["--color", []]],
    operands: [["KEY", "text"], ["f", "reads"]],
  },
  {
    name: "rsync takes no prefix (popt: --exclude-fr is unknown)",
    argv: ["rsync", "--exclude-fr=x", "a", "b"],
    options: [],
    operands: [["a", "reads"], ["b", "writes"]],
  },
  {
    name: "curl: a long option's value is the next word; --output=x is no option of curl's",
    argv: ["curl", "--output=x", "-o", "y", "URL"],
    options: [["--output", ["y"]]],
    operands: [["URL", "text"]],
  },
  {
    name: "curl: a prefix one option starts is read as that one (--outp: --output)",
    argv: ["curl", "--outp", "x", "URL"],
    options: [["--output", ["x"]]],
    operands: [["URL", "text"]],
  },
  {
    name: "-- ends the options",
    argv: ["rm", "--", "-f"],
    options: [],
    operands: [["-f", "writes"]],
  },
  {
    name: "a word only known at run time is an operand",
    argv: ["rm", null, "x"],
    options: [],
    operands: [[null, "writes"], ["x", "writes"]],
  },
  {
    name: "a first option (-e) takes the first role away: every operand a file",
    argv: ["grep", "-e", "KEY", "a", "b"],
    options: [["--regexp", ["KEY"]]],
    operands: [["a", "reads"], ["b", "reads"]],
  },
  {
    name: "an into option (-t DIR) takes the last role away: every operand a source",
    argv: ["cp", "-t", "out", "a", "b"],
    options: [["--target-directory", ["out"]]],
    operands: [["a", "reads"], ["b", "reads"]],
  },
  {
    name: "tar's old-style letters take their values in order (tar cbf 20 out.tar)",
    argv: ["tar", "cbf", "20", "out.tar", "a"],
    options: [["--create", []], ["--blocking-factor", ["20"]], ["--file", ["out.tar"]]],
    operands: [["a", undefined]],
  },
  {
    name: "stops: perl's options end at the script (-i after it is the script's)",
    argv: ["perl", "script.pl", "-i", "f"],
    options: [],
    operands: [["script.pl", "code-file"], ["-i", "reads"], ["f", "reads"]],
  },
  {
    name: "perl -pie: -i takes the rest of its word (the extension e)",
    argv: ["perl", "-pie", "s/a/b/", "f"],
    options: [["-p", []], ["-i", ["e"]]],
    operands: [["s/a/b/", "code-file"], ["f", "reads"]],
  },
  {
    name: "perl -l0ne: -l takes digits only, the cluster goes on",
    argv: ["perl", "-l0ne", "print", "f"],
    options: [["-l", ["0"]], ["-n", []], ["-e", ["print"]]],
    operands: [["f", "reads"]],
  },
  {
    name: "single-dash: find -name X, -exec ... ; (its words up to ;)",
    argv: ["find", ".", "-name", "x", "-exec", "rm", "{}", ";", "-print"],
    options: [["-name", ["x"]], ["-exec", ["rm", "{}"]]],
    operands: [[".", undefined]],
  },
  {
    name: "single-dash: -fprintf FILE FORMAT takes two words",
    argv: ["find", ".", "-fprintf", "out", "%p"],
    options: [["-fprintf", ["out", "%p"]]],
    operands: [[".", undefined]],
  },
  {
    name: "single-dash: a two-letter name with its value glued (gcc -oFILE)",
    argv: ["gcc", "-oout", "a.c"],
    options: [["-o", ["out"]]],
    operands: [["a.c", "reads"]],
  },
  {
    name: "single-dash: --name is -name (sqlite3 --readonly)",
    argv: ["sqlite3", "--readonly", "db", "select 1"],
    options: [["-readonly", []]],
    operands: [["db", "writes"], ["select 1", "code"]],
  },
  {
    name: "a whole word before a cluster (zip -tt DATE)",
    argv: ["zip", "-tt", "2020-01-01", "out.zip", "a"],
    options: [["--before-date", ["2020-01-01"]]],
    operands: [["out.zip", "writes"], ["a", "reads"]],
  },
  {
    name: "git: global options, then the subcommand's (--git-dir .git takes its value)",
    argv: ["git", "--git-dir", ".git", "checkout", "-q", "--", "src"],
    options: [["--git-dir", [".git"]], ["--quiet", []]],
    operands: [["src", undefined]],
    path: ["git", "git checkout"],
  },
  {
    name: "git: a nested subcommand (git stash list)",
    argv: ["git", "stash", "list"],
    options: [],
    operands: [],
    path: ["git", "git stash", "git stash list"],
  },
  {
    name: "git: an unlisted subcommand is read as git *",
    argv: ["git", "notes", "add", "-m", "secrets/x"],
    options: [["--message", ["secrets/x"]]],
    operands: [["add", undefined]],
    path: ["git", "git *"],
  },
  {
    name: "openssl: single-dash options after its command",
    argv: ["openssl", "enc", "-in", "a", "-out", "b"],
    options: [["-in", ["a"]], ["-out", ["b"]]],
    operands: [],
    path: ["openssl", "openssl *"],
  },
];

for (const c of CASES) {
  Deno.test(`argv: ${c.name}`, () => {
    const spec = programSpec(c.argv[0]!)!;
    const r = readArgv(spec, c.argv.slice(1));
    assert.deepEqual(r.options.map((o) => [o.option.id, [...o.values]]), c.options);
    assert.deepEqual(r.operands.map((o) => [o.word, o.use?.kind]), c.operands);
    if (c.path !== undefined) assert.deepEqual(r.path.map((p) => p.name), c.path);
  });
}

Deno.test("argv: the directory each operand is taken in (tar -C a -C b: a/b; git -C)", () => {
  const tar = readArgv(programSpec("tar")!, ["-cf", "o.tar", "x", "-C", "a", "y", "-C", "b", "z"]);
  assert.deepEqual(tar.operands.map((o) => [o.word, o.dir]), [
    ["x", undefined],
    ["y", "a"],
    ["z", "a/b"],
  ]);
  const git = readArgv(programSpec("git")!, ["-C", "a", "-C", "/b", "grep", "KEY"]);
  assert.equal(git.dir, "/b");
  const unknown = readArgv(programSpec("tar")!, ["-cf", "o.tar", "-C", null, "y"]);
  assert.equal(unknown.operands[0]!.dir, null);
});

Deno.test("argv: where each word stands (the positions a reason or a skip names)", () => {
  const r = readArgv(programSpec("git")!, ["commit", "-m", "msg", "--author=a", "f"]);
  const at = (a: Arg) => a.kind === "option" ? [...a.at] : a.kind === "operand" ? a.at : -2;
  assert.deepEqual(r.args.map(at), [[1, 2], [3, 3], 4]);
  const t = readArgv(programSpec("tar")!, ["cf", "o.tar", "a"]);
  assert.deepEqual(t.args.map(at), [[-1], [-1, 1], 2]);
});
