/**
 * Claude Code's default for one shell command part when no rule covers it: read-only (allowed
 * in every mode), edit (allowed by acceptEdits inside the working directories) or other (needs
 * a rule). Each `oracle:` case freezes what Claude Code 2.1.332 answered through the oracle
 * (`../shared/oracle/`, no permission rules, a git project): "allows" is the default mode's
 * answer, "acceptEdits" that of `--permission-mode acceptEdits`, and the text in parentheses
 * is Claude Code's reason where it says more than "This command requires approval". Claude
 * Code ran in a project `proj` with a sibling directory `outside`; here the project is `/proj`
 * and the sibling `/outside`. A `stricter than Claude Code` case is listed in the module's
 * "Stricter than Claude Code" block. The oracle is not needed to run these tests.
 */

import assert from "node:assert/strict";
import { posix } from "node:path";
import {
  classifyCommand,
  type CommandDefault,
  type CommandPathContext,
} from "../../lib/permissions/read_only/classify.ts";
import { withinCpu } from "../_cpu.ts";

/** Inside: `/proj` and below; a relative path is resolved from `/proj`; `~` is elsewhere. */
const ctx: CommandPathContext = {
  inWorkingDirs(path) {
    if (path === "~" || path.startsWith("~/")) return false;
    const abs = posix.normalize(path.startsWith("/") ? path : posix.join("/proj", path));
    return abs === "/proj" || abs.startsWith("/proj/");
  },
};

type Expected = "read-only" | { edit: string[] } | { other: string };
const RO: Expected = "read-only";
const edit = (...paths: string[]): Expected => ({ edit: paths });
/** Needs a rule; the reason contains this text. */
const other = (reasonPart: string): Expected => ({ other: reasonPart });

interface Case {
  name: string;
  argv: string[];
  expected: Expected;
}

const CASES: Case[] = [
  {
    name: 'oracle: "A=1 B=2 grep hello src/a.txt" asks, also in acceptEdits',
    argv: ["A=1", "B=2", "grep", "hello", "src/a.txt"],
    expected: other("Setting A before a command needs a rule"),
  },
  { name: 'oracle: "CI=1 cat src/a.txt" allows', argv: ["CI=1", "cat", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "FOO=1 cat src/a.txt" asks, also in acceptEdits',
    argv: ["FOO=1", "cat", "src/a.txt"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "FOO=1 echo hi" asks, also in acceptEdits',
    argv: ["FOO=1", "echo", "hi"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "FOO=1 git status" asks, also in acceptEdits',
    argv: ["FOO=1", "git", "status"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "FOO=1 ls" asks, also in acceptEdits',
    argv: ["FOO=1", "ls"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "FOO=1 mkdir lw" asks, also in acceptEdits',
    argv: ["FOO=1", "mkdir", "lw"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "FOO=1 mytool" asks, also in acceptEdits',
    argv: ["FOO=1", "mytool"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "FOO=1 touch lz" asks, also in acceptEdits',
    argv: ["FOO=1", "touch", "lz"],
    expected: other("Setting FOO before a command needs a rule"),
  },
  {
    name: 'oracle: "GIT_EXTERNAL_DIFF=x git diff" asks, also in acceptEdits',
    argv: ["GIT_EXTERNAL_DIFF=x", "git", "diff"],
    expected: other("Setting GIT_EXTERNAL_DIFF before a command needs a rule"),
  },
  {
    name: 'oracle: "GIT_TERMINAL_PROMPT=0 git status" allows',
    argv: ["GIT_TERMINAL_PROMPT=0", "git", "status"],
    expected: RO,
  },
  { name: 'oracle: "LANG=C ls" allows', argv: ["LANG=C", "ls"], expected: RO },
  {
    name: 'oracle: "LANG=C mkdir lx" asks, acceptEdits allows',
    argv: ["LANG=C", "mkdir", "lx"],
    expected: edit("lx"),
  },
  {
    name: 'oracle: "LANG=C sort src/a.txt" allows',
    argv: ["LANG=C", "sort", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "LANG=C touch ly" asks, also in acceptEdits',
    argv: ["LANG=C", "touch", "ly"],
    expected: other("touch after a variable assignment needs a rule"),
  },
  {
    name: 'oracle: "LANG=C.UTF-8 grep hello src/a.txt" allows',
    argv: ["LANG=C.UTF-8", "grep", "hello", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "LANG=xx ls" asks, also in acceptEdits',
    argv: ["LANG=xx", "ls"],
    expected: other("Setting LANG before a command needs a rule"),
  },
  {
    name: 'oracle: "LC_ALL=C LANG=C sort src/a.txt" allows',
    argv: ["LC_ALL=C", "LANG=C", "sort", "src/a.txt"],
    expected: RO,
  },
  { name: 'oracle: "NODE_ENV=a/b ls" allows', argv: ["NODE_ENV=a/b", "ls"], expected: RO },
  {
    name: 'oracle: "NODE_ENV=x rm -f nothing" asks, acceptEdits allows',
    argv: ["NODE_ENV=x", "rm", "-f", "nothing"],
    expected: edit("nothing"),
  },
  {
    name: 'oracle: "NO_COLOR=1 git status" allows',
    argv: ["NO_COLOR=1", "git", "status"],
    expected: RO,
  },
  {
    name: 'oracle: "PAGER=evil git log" asks, also in acceptEdits',
    argv: ["PAGER=evil", "git", "log"],
    expected: other("Setting PAGER before a command needs a rule"),
  },
  {
    name: 'oracle: "TZ=../x date" asks, also in acceptEdits',
    argv: ["TZ=../x", "date"],
    expected: other("Setting TZ before a command needs a rule"),
  },
  { name: 'oracle: "TZ=UTC date" allows', argv: ["TZ=UTC", "date"], expected: RO },
  { name: 'oracle: "[ -d src ]" allows', argv: ["[", "-d", "src", "]"], expected: RO },
  {
    name:
      'oracle: "[ -f src/a.txt -a -f src/b.txt ]" asks, also in acceptEdits (Parser skipped input between top-level statements)',
    argv: ["[", "-f", "src/a.txt", "-a", "-f", "src/b.txt", "]"],
    expected: other("test '-a' can evaluate variables or subscripts: it needs a rule"),
  },
  { name: 'oracle: "[ -f src/a.txt ]" allows', argv: ["[", "-f", "src/a.txt", "]"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "[[ -f src/a.txt ]]" allows)',
    argv: ["[[", "-f", "src/a.txt", "]]"],
    expected: other("[[ is not a command Claude Code runs without a rule"),
  },
  {
    name: 'stricter than Claude Code (oracle: "arch" allows)',
    argv: ["arch"],
    expected: other("arch is not a command Claude Code runs without a rule"),
  },
  {
    name:
      'oracle: "awk \'BEGIN{system("true")}\'" asks, also in acceptEdits (awk program contains system() which executes arbitrary commands)',
    argv: ["awk", 'BEGIN{system("true")}'],
    expected: other("awk is not a command Claude Code runs without a rule"),
  },
  {
    name: "oracle: \"awk '{print $1}' src/a.txt\" asks, also in acceptEdits",
    argv: ["awk", "{print $1}", "src/a.txt"],
    expected: other("awk is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "base64 -d src/a.txt" allows',
    argv: ["base64", "-d", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "base64 -i /outside/x.txt" asks, also in acceptEdits',
    argv: ["base64", "-i", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "base64 src/a.txt" allows', argv: ["base64", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "base64 /outside/x.txt" asks, also in acceptEdits',
    argv: ["base64", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "basename /a/b/c" allows', argv: ["basename", "/a/b/c"], expected: RO },
  {
    name: 'oracle: "basename src/a.txt .txt" allows',
    argv: ["basename", "src/a.txt", ".txt"],
    expected: RO,
  },
  { name: 'oracle: "cal" allows', argv: ["cal"], expected: RO },
  {
    name:
      'oracle: "cat "src/$x"" asks, also in acceptEdits (A variable in this command can\'t be checked before it runs)',
    argv: ["cat", "src/$x"],
    expected: other("Shell expansion syntax in paths requires manual approval"),
  },
  { name: "oracle: \"cat '(x)'\" allows", argv: ["cat", "(x)"], expected: RO },
  {
    name: 'oracle: "cat ../../x" asks, also in acceptEdits',
    argv: ["cat", "../../x"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "cat ../outside/x.txt" asks, also in acceptEdits',
    argv: ["cat", "../outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "cat ../proj/src/a.txt" allows',
    argv: ["cat", "../proj/src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "cat ./../proj/src/a.txt" allows',
    argv: ["cat", "./../proj/src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "chmod +x src/a.txt" asks, also in acceptEdits',
    argv: ["chmod", "+x", "src/a.txt"],
    expected: other("chmod is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "chmod 644 src/a.txt" asks, also in acceptEdits',
    argv: ["chmod", "644", "src/a.txt"],
    expected: other("chmod is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "chown root src/a.txt" asks, also in acceptEdits',
    argv: ["chown", "root", "src/a.txt"],
    expected: other("chown is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "cmp -s src/a.txt src/b.txt" allows',
    argv: ["cmp", "-s", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "cmp src/a.txt src/b.txt" allows',
    argv: ["cmp", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "cmp /outside/x.txt src/b.txt" asks, also in acceptEdits',
    argv: ["cmp", "/outside/x.txt", "src/b.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "column -t src/a.txt" allows',
    argv: ["column", "-t", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "comm src/a.txt src/b.txt" allows',
    argv: ["comm", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "command -v ls" asks, also in acceptEdits',
    argv: ["command", "-v", "ls"],
    expected: other("command is not a command Claude Code runs without a rule"),
  },
  {
    name: 'stricter than Claude Code (oracle: "command ls" allows)',
    argv: ["command", "ls"],
    expected: other("command is not a command Claude Code runs without a rule"),
  },
  {
    name:
      'oracle: "cp -- a b" asks, also in acceptEdits (cp with flags requires manual approval to ensure path safety. For security, Clau…)',
    argv: ["cp", "--", "a", "b"],
    expected: other("cp with flags requires manual approval to ensure path safety"),
  },
  {
    name:
      'oracle: "cp -r src src2" asks, also in acceptEdits (cp with flags requires manual approval to ensure path safety. For security, Clau…)',
    argv: ["cp", "-r", "src", "src2"],
    expected: other("cp with flags requires manual approval to ensure path safety"),
  },
  {
    name: 'oracle: "cp src/a.txt c1.txt" asks, acceptEdits allows',
    argv: ["cp", "src/a.txt", "c1.txt"],
    expected: edit("src/a.txt", "c1.txt"),
  },
  {
    name: 'oracle: "cut -c1 /outside/x.txt" asks, also in acceptEdits',
    argv: ["cut", "-c1", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "cut -d: -f1 src/a.txt" allows',
    argv: ["cut", "-d:", "-f1", "src/a.txt"],
    expected: RO,
  },
  { name: 'oracle: "cut -f1 src/a.txt" allows', argv: ["cut", "-f1", "src/a.txt"], expected: RO },
  { name: 'oracle: "date" allows', argv: ["date"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "date -r /outside/x.txt" allows)',
    argv: ["date", "-r", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "date -s 2020-01-01" asks, also in acceptEdits',
    argv: ["date", "-s", "2020-01-01"],
    expected: other("date option '-s' needs a rule"),
  },
  {
    name: 'oracle: "dd if=src/a.txt of=dd.txt" asks, also in acceptEdits',
    argv: ["dd", "if=src/a.txt", "of=dd.txt"],
    expected: other("dd is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "df" allows', argv: ["df"], expected: RO },
  { name: 'oracle: "df -h" allows', argv: ["df", "-h"], expected: RO },
  {
    name: 'oracle: "diff --color src/a.txt src/b.txt" allows',
    argv: ["diff", "--color", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  {
    name: 'stricter than Claude Code (oracle: "diff --from-file=/outside/x.txt src/a.txt" allows)',
    argv: ["diff", "--from-file=/outside/x.txt", "src/a.txt"],
    expected: other("diff --from-file=/outside/x.txt reads files the check cannot see"),
  },
  {
    name: 'oracle: "diff -q src/a.txt src/b.txt" allows',
    argv: ["diff", "-q", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "diff /outside/x.txt src/b.txt" asks, also in acceptEdits',
    argv: ["diff", "/outside/x.txt", "src/b.txt"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "dirname /a/b/c" allows', argv: ["dirname", "/a/b/c"], expected: RO },
  { name: 'oracle: "dirname src/a.txt" allows', argv: ["dirname", "src/a.txt"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "du --files0-from=src/a.txt" allows)',
    argv: ["du", "--files0-from=src/a.txt"],
    expected: other("du --files0-from=src/a.txt reads files the check cannot see"),
  },
  { name: 'oracle: "du -a" allows', argv: ["du", "-a"], expected: RO },
  { name: 'oracle: "du -h" allows', argv: ["du", "-h"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "du -sh /outside" allows)',
    argv: ["du", "-sh", "/outside"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "echo "a b"" allows', argv: ["echo", "a b"], expected: RO },
  { name: 'oracle: "echo $HOME" allows', argv: ["echo", "$HOME"], expected: RO },
  {
    name: 'oracle: "egrep hello src/a.txt" allows',
    argv: ["egrep", "hello", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "env" asks, also in acceptEdits',
    argv: ["env"],
    expected: other("env is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "env FOO=1 ls" asks, also in acceptEdits',
    argv: ["env", "FOO=1", "ls"],
    expected: other("env is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "expand src/a.txt" allows', argv: ["expand", "src/a.txt"], expected: RO },
  { name: 'oracle: "expr 1 + 1" allows', argv: ["expr", "1", "+", "1"], expected: RO },
  { name: 'oracle: "false" allows', argv: ["false"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "fd x" allows)',
    argv: ["fd", "x"],
    expected: other("fd is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "fgrep hello src/a.txt" allows',
    argv: ["fgrep", "hello", "src/a.txt"],
    expected: RO,
  },
  { name: 'oracle: "file -b src/a.txt" allows', argv: ["file", "-b", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "file -m x src/a.txt" asks, also in acceptEdits',
    argv: ["file", "-m", "x", "src/a.txt"],
    expected: other("file option '-m' needs a rule"),
  },
  { name: 'oracle: "file src/a.txt" allows', argv: ["file", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "file /outside/x.txt" asks, also in acceptEdits',
    argv: ["file", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "find -L ." allows)',
    argv: ["find", "-L", "."],
    expected: other("find -L follows symbolic links out of the project"),
  },
  {
    name: 'stricter than Claude Code (oracle: "find . -L" allows)',
    argv: ["find", ".", "-L"],
    expected: other("find -L follows symbolic links out of the project"),
  },
  { name: 'oracle: "find . -empty" allows', argv: ["find", ".", "-empty"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "find . -follow" allows)',
    argv: ["find", ".", "-follow"],
    expected: other("find -follow follows symbolic links out of the project"),
  },
  {
    name: "oracle: \"find . -name '*.txt'\" allows",
    argv: ["find", ".", "-name", "*.txt"],
    expected: RO,
  },
  {
    name:
      "oracle: \"find . -name x -delete\" asks, also in acceptEdits (find with '-delete' executes commands or modifies files — cannot be auto-allowed…)",
    argv: ["find", ".", "-name", "x", "-delete"],
    expected: other("find with '-delete' executes commands or modifies files"),
  },
  {
    name:
      "oracle: \"find . -name x -exec echo {} \\;\" asks, also in acceptEdits (find with '-exec' executes commands or modifies files — cannot be auto-allowed b…)",
    argv: ["find", ".", "-name", "x", "-exec", "echo", "{}", ";"],
    expected: other("find with '-exec' executes commands or modifies files"),
  },
  {
    name:
      "oracle: \"find . -name x -fprint out.txt\" asks, also in acceptEdits (find with '-fprint' executes commands or modifies files — cannot be auto-allowed…)",
    argv: ["find", ".", "-name", "x", "-fprint", "out.txt"],
    expected: other("find with '-fprint' executes commands or modifies files"),
  },
  {
    name: 'oracle: "find . -newer /outside/x.txt" asks, also in acceptEdits',
    argv: ["find", ".", "-newer", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "find / -maxdepth 0" asks, also in acceptEdits',
    argv: ["find", "/", "-maxdepth", "0"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "fold src/a.txt" allows', argv: ["fold", "src/a.txt"], expected: RO },
  { name: 'oracle: "free" allows', argv: ["free"], expected: RO },
  {
    name: 'oracle: "git --no-pager log" asks, also in acceptEdits',
    argv: ["git", "--no-pager", "log"],
    expected: other("git --no-pager is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git --version" asks, also in acceptEdits',
    argv: ["git", "--version"],
    expected: other("git --version is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git -C src status" asks, also in acceptEdits',
    argv: ["git", "-C", "src", "status"],
    expected: other("git -C is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git -c core.pager=cat log" asks, also in acceptEdits',
    argv: ["git", "-c", "core.pager=cat", "log"],
    expected: other("git -c is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git add ." asks, also in acceptEdits',
    argv: ["git", "add", "."],
    expected: other("git add is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git blame -L 1,2 src/a.txt" allows',
    argv: ["git", "blame", "-L", "1,2", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "git blame src/a.txt" allows',
    argv: ["git", "blame", "src/a.txt"],
    expected: RO,
  },
  { name: 'oracle: "git branch" allows', argv: ["git", "branch"], expected: RO },
  { name: 'oracle: "git branch --list" allows', argv: ["git", "branch", "--list"], expected: RO },
  {
    name: 'oracle: "git branch -D x" asks, also in acceptEdits',
    argv: ["git", "branch", "-D", "x"],
    expected: other("git option '-D' needs a rule"),
  },
  {
    name: 'oracle: "git branch -d x" asks, also in acceptEdits',
    argv: ["git", "branch", "-d", "x"],
    expected: other("git option '-d' needs a rule"),
  },
  {
    name: 'oracle: "git cat-file -p HEAD" allows',
    argv: ["git", "cat-file", "-p", "HEAD"],
    expected: RO,
  },
  {
    name: 'oracle: "git checkout main" asks, also in acceptEdits',
    argv: ["git", "checkout", "main"],
    expected: other("git checkout is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git clean -fd" asks, also in acceptEdits',
    argv: ["git", "clean", "-fd"],
    expected: other("git clean is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git commit -m x" asks, also in acceptEdits',
    argv: ["git", "commit", "-m", "x"],
    expected: other("git commit is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git config --get user.name" allows',
    argv: ["git", "config", "--get", "user.name"],
    expected: RO,
  },
  {
    name: 'oracle: "git config --get-all user.name" asks, also in acceptEdits',
    argv: ["git", "config", "--get-all", "user.name"],
    expected: other("git config is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git config --global user.name x" asks, also in acceptEdits',
    argv: ["git", "config", "--global", "user.name", "x"],
    expected: other("git config is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git config user.name x" asks, also in acceptEdits',
    argv: ["git", "config", "user.name", "x"],
    expected: other("git config is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git count-objects" asks, also in acceptEdits',
    argv: ["git", "count-objects"],
    expected: other("git count-objects is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git describe --tags" allows',
    argv: ["git", "describe", "--tags"],
    expected: RO,
  },
  { name: 'oracle: "git diff" allows', argv: ["git", "diff"], expected: RO },
  { name: 'oracle: "git diff --cached" allows', argv: ["git", "diff", "--cached"], expected: RO },
  {
    name: 'oracle: "git diff --ext-diff" asks, also in acceptEdits',
    argv: ["git", "diff", "--ext-diff"],
    expected: other("git option '--ext-diff' needs a rule"),
  },
  {
    name: 'oracle: "git diff --no-index /outside/x.txt src/b.txt" asks, also in acceptEdits',
    argv: ["git", "diff", "--no-index", "/outside/x.txt", "src/b.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "git fetch" asks, also in acceptEdits',
    argv: ["git", "fetch"],
    expected: other("git fetch is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git for-each-ref" allows', argv: ["git", "for-each-ref"], expected: RO },
  { name: 'oracle: "git grep hello" allows', argv: ["git", "grep", "hello"], expected: RO },
  {
    name: 'oracle: "git grep hello /outside" asks, also in acceptEdits',
    argv: ["git", "grep", "hello", "/outside"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "git help status" asks, also in acceptEdits',
    argv: ["git", "help", "status"],
    expected: other("git help is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git log" allows', argv: ["git", "log"], expected: RO },
  { name: 'oracle: "git log -- src" allows', argv: ["git", "log", "--", "src"], expected: RO },
  {
    name: 'oracle: "git log --format=%G?" asks, also in acceptEdits',
    argv: ["git", "log", "--format=%G?"],
    expected: other("git format '--format=%G?' verifies signatures"),
  },
  { name: 'oracle: "git ls-files" allows', argv: ["git", "ls-files"], expected: RO },
  {
    name: 'oracle: "git ls-files --others --exclude-standard" allows',
    argv: ["git", "ls-files", "--others", "--exclude-standard"],
    expected: RO,
  },
  {
    name: 'stricter than Claude Code (oracle: "git ls-remote" allows)',
    argv: ["git", "ls-remote"],
    expected: other("git ls-remote is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git merge-base HEAD HEAD" allows',
    argv: ["git", "merge-base", "HEAD", "HEAD"],
    expected: RO,
  },
  {
    name: 'oracle: "git pull" asks, also in acceptEdits',
    argv: ["git", "pull"],
    expected: other("git pull is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git push" asks, also in acceptEdits',
    argv: ["git", "push"],
    expected: other("git push is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git reflog" allows', argv: ["git", "reflog"], expected: RO },
  {
    name: 'oracle: "git reflog expire --all" asks, also in acceptEdits',
    argv: ["git", "reflog", "expire", "--all"],
    expected: other("git reflog expire needs a rule"),
  },
  { name: 'oracle: "git remote" allows', argv: ["git", "remote"], expected: RO },
  { name: 'oracle: "git remote -v" allows', argv: ["git", "remote", "-v"], expected: RO },
  {
    name: 'oracle: "git remote add o https://x" asks, also in acceptEdits',
    argv: ["git", "remote", "add", "o", "https://x"],
    expected: other("git remote with a name needs a rule"),
  },
  {
    name: 'oracle: "git remote get-url origin" asks, also in acceptEdits',
    argv: ["git", "remote", "get-url", "origin"],
    expected: other("git remote with a name needs a rule"),
  },
  {
    name: 'oracle: "git reset --hard" asks, also in acceptEdits',
    argv: ["git", "reset", "--hard"],
    expected: other("git reset is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git rev-list --count HEAD" allows',
    argv: ["git", "rev-list", "--count", "HEAD"],
    expected: RO,
  },
  { name: 'oracle: "git rev-list HEAD" allows', argv: ["git", "rev-list", "HEAD"], expected: RO },
  {
    name: 'oracle: "git rev-parse --show-toplevel" allows',
    argv: ["git", "rev-parse", "--show-toplevel"],
    expected: RO,
  },
  { name: 'oracle: "git rev-parse HEAD" allows', argv: ["git", "rev-parse", "HEAD"], expected: RO },
  { name: 'oracle: "git shortlog -sn" allows', argv: ["git", "shortlog", "-sn"], expected: RO },
  { name: 'oracle: "git show" allows', argv: ["git", "show"], expected: RO },
  { name: 'oracle: "git show HEAD" allows', argv: ["git", "show", "HEAD"], expected: RO },
  {
    name: 'oracle: "git stash" asks, also in acceptEdits',
    argv: ["git", "stash"],
    expected: other("git stash is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git stash list" allows', argv: ["git", "stash", "list"], expected: RO },
  {
    name: 'oracle: "git stash pop" asks, also in acceptEdits',
    argv: ["git", "stash", "pop"],
    expected: other("git stash is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git stash show" allows', argv: ["git", "stash", "show"], expected: RO },
  {
    name: 'oracle: "git status --foo" asks, also in acceptEdits',
    argv: ["git", "status", "--foo"],
    expected: other("git option '--foo' needs a rule"),
  },
  {
    name: 'oracle: "git switch main" asks, also in acceptEdits',
    argv: ["git", "switch", "main"],
    expected: other("git switch is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git tag" allows', argv: ["git", "tag"], expected: RO },
  {
    name: "oracle: \"git tag --list 'v*'\" allows",
    argv: ["git", "tag", "--list", "v*"],
    expected: RO,
  },
  {
    name: 'oracle: "git tag -a v1 -m x" asks, also in acceptEdits',
    argv: ["git", "tag", "-a", "v1", "-m", "x"],
    expected: other("git option '-a' needs a rule"),
  },
  {
    name: 'oracle: "git tag -d v1" asks, also in acceptEdits',
    argv: ["git", "tag", "-d", "v1"],
    expected: other("git option '-d' needs a rule"),
  },
  {
    name: 'oracle: "git version" asks, also in acceptEdits',
    argv: ["git", "version"],
    expected: other("git version is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git whatchanged" asks, also in acceptEdits',
    argv: ["git", "whatchanged"],
    expected: other("git whatchanged is not a read-only git command Claude Code runs freely"),
  },
  { name: 'oracle: "git worktree list" allows', argv: ["git", "worktree", "list"], expected: RO },
  {
    name: "oracle: \"grep '^a{1,2}' src/a.txt\" asks, also in acceptEdits",
    argv: ["grep", "^a{1,2}", "src/a.txt"],
    expected: other("grep argument '^a{1,2}' looks like a shell expansion"),
  },
  {
    name: 'oracle: "grep -- -x src/a.txt" allows',
    argv: ["grep", "--", "-x", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'stricter than Claude Code (oracle: "grep -R hello ." allows)',
    argv: ["grep", "-R", "hello", "."],
    expected: other("grep option '-R' needs a rule"),
  },
  {
    name: 'oracle: "grep -f /outside/x.txt src/a.txt" asks, also in acceptEdits',
    argv: ["grep", "-f", "/outside/x.txt", "src/a.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "grep -r hello /etc" asks, also in acceptEdits',
    argv: ["grep", "-r", "hello", "/etc"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "groups" allows', argv: ["groups"], expected: RO },
  { name: "oracle: \"head 'a;b'\" allows", argv: ["head", "a;b"], expected: RO },
  { name: 'oracle: "head -" allows', argv: ["head", "-"], expected: RO },
  {
    name: 'oracle: "head /outside/x.txt" asks, also in acceptEdits',
    argv: ["head", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "hexdump -C src/a.txt" allows',
    argv: ["hexdump", "-C", "src/a.txt"],
    expected: RO,
  },
  { name: 'oracle: "hostname" allows', argv: ["hostname"], expected: RO },
  { name: 'oracle: "hostname -f" allows', argv: ["hostname", "-f"], expected: RO },
  {
    name: 'oracle: "hostname newname" asks, also in acceptEdits',
    argv: ["hostname", "newname"],
    expected: other("hostname takes single options only"),
  },
  { name: 'oracle: "id" allows', argv: ["id"], expected: RO },
  {
    name: 'oracle: "install src/a.txt inst.txt" asks, also in acceptEdits',
    argv: ["install", "src/a.txt", "inst.txt"],
    expected: other("install is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "join src/a.txt src/b.txt" asks, also in acceptEdits',
    argv: ["join", "src/a.txt", "src/b.txt"],
    expected: other("join is not a command Claude Code runs without a rule"),
  },
  {
    name:
      'oracle: "jq \'include "x"; .\' data.json" asks, also in acceptEdits (jq command contains include/import — modules can load arbitrary .jq files via {s…)',
    argv: ["jq", 'include "x"; .', "data.json"],
    expected: other("jq 'include \"x\"; .' could read other files or the environment"),
  },
  {
    name: 'oracle: "jq --arg x 1 . data.json" allows',
    argv: ["jq", "--arg", "x", "1", ".", "data.json"],
    expected: RO,
  },
  {
    name: 'oracle: "jq --argjson x 1 . data.json" allows',
    argv: ["jq", "--argjson", "x", "1", ".", "data.json"],
    expected: RO,
  },
  {
    name:
      'oracle: "jq --rawfile x src/a.txt . data.json" asks, also in acceptEdits (jq command contains dangerous flags that could execute code or read arbitrary fi…)',
    argv: ["jq", "--rawfile", "x", "src/a.txt", ".", "data.json"],
    expected: other("jq '--rawfile' could read other files or the environment"),
  },
  {
    name: 'oracle: "jq -n env" asks, also in acceptEdits',
    argv: ["jq", "-n", "env"],
    expected: other("jq 'env' could read other files or the environment"),
  },
  {
    name: 'oracle: "jq . /outside/x.txt" asks, also in acceptEdits',
    argv: ["jq", ".", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "less src/a.txt" asks, also in acceptEdits',
    argv: ["less", "src/a.txt"],
    expected: other("less is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "less /outside/x.txt" asks, also in acceptEdits',
    argv: ["less", "/outside/x.txt"],
    expected: other("less is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "ln -s src/a.txt l1" asks, also in acceptEdits',
    argv: ["ln", "-s", "src/a.txt", "l1"],
    expected: other("ln is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "ln -s /outside/x.txt l3" asks, also in acceptEdits',
    argv: ["ln", "-s", "/outside/x.txt", "l3"],
    expected: other("ln is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "locale" allows', argv: ["locale"], expected: RO },
  {
    name: 'oracle: "ls -la .." asks, also in acceptEdits',
    argv: ["ls", "-la", ".."],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "ls -la /outside" asks, also in acceptEdits',
    argv: ["ls", "-la", "/outside"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "ls /" asks, also in acceptEdits',
    argv: ["ls", "/"],
    expected: other("was blocked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "md5sum -c src/a.txt" allows)',
    argv: ["md5sum", "-c", "src/a.txt"],
    expected: other("md5sum option '-c' needs a rule"),
  },
  { name: 'oracle: "md5sum src/a.txt" allows', argv: ["md5sum", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "mkdir -- zz" asks, acceptEdits allows',
    argv: ["mkdir", "--", "zz"],
    expected: edit("zz"),
  },
  {
    name: 'oracle: "mkdir -p /outside/q" asks, also in acceptEdits',
    argv: ["mkdir", "-p", "/outside/q"],
    expected: other(
      "mkdir in '/outside/q' needs approval: the path is outside the working directories",
    ),
  },
  {
    name:
      "oracle: \"mkdir .claude\" asks, also in acceptEdits (Claude requested permissions to write to /proj/.claude, but you haven't granted …); skald: an edit whose paths the caller's protected-path check holds",
    argv: ["mkdir", ".claude"],
    expected: edit(".claude"),
  },
  {
    name: 'oracle: "mktemp" asks, also in acceptEdits',
    argv: ["mktemp"],
    expected: other("mktemp is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "more src/a.txt" asks, also in acceptEdits',
    argv: ["more", "src/a.txt"],
    expected: other("more is not a command Claude Code runs without a rule"),
  },
  {
    name:
      'oracle: "mv -- a b" asks, also in acceptEdits (mv with flags requires manual approval to ensure path safety. For security, Clau…)',
    argv: ["mv", "--", "a", "b"],
    expected: other("mv with flags requires manual approval to ensure path safety"),
  },
  {
    name:
      'oracle: "mv -f c3.txt c4.txt" asks, also in acceptEdits (mv with flags requires manual approval to ensure path safety. For security, Clau…)',
    argv: ["mv", "-f", "c3.txt", "c4.txt"],
    expected: other("mv with flags requires manual approval to ensure path safety"),
  },
  {
    name: 'oracle: "mv c1.txt c3.txt" asks, acceptEdits allows',
    argv: ["mv", "c1.txt", "c3.txt"],
    expected: edit("c1.txt", "c3.txt"),
  },
  {
    name: 'oracle: "mytool" asks, also in acceptEdits',
    argv: ["mytool"],
    expected: other("mytool is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "nice ls" asks, also in acceptEdits',
    argv: ["nice", "ls"],
    expected: other("nice is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "nl src/a.txt" allows', argv: ["nl", "src/a.txt"], expected: RO },
  { name: 'oracle: "node --version" allows', argv: ["node", "--version"], expected: RO },
  { name: 'oracle: "node -v" allows', argv: ["node", "-v"], expected: RO },
  {
    name: 'oracle: "nohup ls" asks, also in acceptEdits',
    argv: ["nohup", "ls"],
    expected: other("nohup is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "npm --version" asks, also in acceptEdits',
    argv: ["npm", "--version"],
    expected: other("npm is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "nproc" allows', argv: ["nproc"], expected: RO },
  { name: 'oracle: "numfmt 1000" allows', argv: ["numfmt", "1000"], expected: RO },
  { name: 'oracle: "od -c src/a.txt" allows', argv: ["od", "-c", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "paste src/a.txt src/b.txt" allows',
    argv: ["paste", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "printenv" asks, also in acceptEdits',
    argv: ["printenv"],
    expected: other("printenv is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "printenv HOME" asks, also in acceptEdits',
    argv: ["printenv", "HOME"],
    expected: other("printenv is not a command Claude Code runs without a rule"),
  },
  { name: "oracle: \"printf '%*d' 5 1\" allows", argv: ["printf", "%*d", "5", "1"], expected: RO },
  { name: "oracle: \"printf '%5.2f' 1.5\" allows", argv: ["printf", "%5.2f", "1.5"], expected: RO },
  {
    name: "oracle: \"printf '%d' 'a[0]'\" asks, also in acceptEdits",
    argv: ["printf", "%d", "a[0]"],
    expected: other("printf operand 'a[0]' is not a number (bash evaluates it arithmetically)"),
  },
  {
    name: "oracle: \"printf '%n' x\" asks, also in acceptEdits",
    argv: ["printf", "%n", "x"],
    expected: other("printf operand 'x' is not a number (bash evaluates it arithmetically)"),
  },
  {
    name: 'oracle: "printf -v X hi" asks, also in acceptEdits',
    argv: ["printf", "-v", "X", "hi"],
    expected: other("printf option '-v' needs a rule"),
  },
  { name: 'oracle: "ps" allows', argv: ["ps"], expected: RO },
  { name: 'oracle: "ps -e" allows', argv: ["ps", "-e"], expected: RO },
  {
    name: 'oracle: "ps axe" asks, also in acceptEdits',
    argv: ["ps", "axe"],
    expected: other("ps e shows the environment"),
  },
  {
    name: 'oracle: "ps e" asks, also in acceptEdits',
    argv: ["ps", "e"],
    expected: other("ps e shows the environment"),
  },
  { name: 'oracle: "pwd" allows', argv: ["pwd"], expected: RO },
  {
    name: 'oracle: "pwd -P" asks, also in acceptEdits',
    argv: ["pwd", "-P"],
    expected: other("pwd -P is not a form Claude Code runs without a rule"),
  },
  { name: 'oracle: "python3 --version" allows', argv: ["python3", "--version"], expected: RO },
  { name: 'oracle: "readlink -f ." allows', argv: ["readlink", "-f", "."], expected: RO },
  {
    name: 'oracle: "readlink -f /outside/x.txt" allows',
    argv: ["readlink", "-f", "/outside/x.txt"],
    expected: RO,
  },
  { name: 'oracle: "realpath ." allows', argv: ["realpath", "."], expected: RO },
  { name: 'oracle: "realpath src/a.txt" allows', argv: ["realpath", "src/a.txt"], expected: RO },
  { name: 'oracle: "rev src/a.txt" allows', argv: ["rev", "src/a.txt"], expected: RO },
  {
    name: "oracle: \"rg 'a$'\" asks, also in acceptEdits",
    argv: ["rg", "a$"],
    expected: other("rg argument 'a$' looks like a shell expansion"),
  },
  {
    name: 'oracle: "rg --files" asks, also in acceptEdits',
    argv: ["rg", "--files"],
    expected: other("rg option '--files' needs a rule"),
  },
  {
    name: 'oracle: "rg --no-ignore hello" allows',
    argv: ["rg", "--no-ignore", "hello"],
    expected: RO,
  },
  { name: 'oracle: "rg -l hello" allows', argv: ["rg", "-l", "hello"], expected: RO },
  {
    name: 'oracle: "rg hello /outside" asks, also in acceptEdits',
    argv: ["rg", "hello", "/outside"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "rm -- -x" asks, acceptEdits allows',
    argv: ["rm", "--", "-x"],
    expected: edit("-x"),
  },
  {
    name:
      "oracle: \"rm -rf .\" asks, also in acceptEdits (Dangerous rm operation detected: '/proj')",
    argv: ["rm", "-rf", "."],
    expected: other("Dangerous rm operation: '.' is a working directory or above one"),
  },
  {
    name:
      'oracle: "rm -rf .git" asks, also in acceptEdits (Claude requested permissions to edit /proj/.git which is a sensitive file.); skald: an edit whose paths the caller\'s protected-path check holds',
    argv: ["rm", "-rf", ".git"],
    expected: edit(".git"),
  },
  {
    name: "oracle: \"rm -rf /\" asks, also in acceptEdits (Dangerous rm operation detected: '/')",
    argv: ["rm", "-rf", "/"],
    expected: other("rm in '/' needs approval: the path is outside the working directories"),
  },
  {
    name: 'stricter than Claude Code (oracle: "rmdir -p d9" asks, acceptEdits allows)',
    argv: ["rmdir", "-p", "d9"],
    expected: other("rmdir -p also removes the parent directories: it needs a rule"),
  },
  {
    name: 'oracle: "rmdir d3" asks, acceptEdits allows',
    argv: ["rmdir", "d3"],
    expected: edit("d3"),
  },
  {
    name: 'oracle: "rmdir /outside/d" asks, also in acceptEdits',
    argv: ["rmdir", "/outside/d"],
    expected: other(
      "rmdir in '/outside/d' needs approval: the path is outside the working directories",
    ),
  },
  {
    name:
      "oracle: \"sed '1d'\" asks, also in acceptEdits (sed command requires approval (contains potentially dangerous operations))",
    argv: ["sed", "1d"],
    expected: other("sed command requires approval (contains potentially dangerous operations)"),
  },
  {
    name: "oracle: \"sed 'p' src/a.txt\" asks, also in acceptEdits",
    argv: ["sed", "p", "src/a.txt"],
    expected: other("sed command requires approval (contains potentially dangerous operations)"),
  },
  { name: "oracle: \"sed 's/a/b/g'\" allows", argv: ["sed", "s/a/b/g"], expected: RO },
  {
    name: "oracle: \"sed --in-place 's/a/b/' src/a.txt\" asks, acceptEdits allows",
    argv: ["sed", "--in-place", "s/a/b/", "src/a.txt"],
    expected: edit("src/a.txt"),
  },
  {
    name: 'oracle: "sed --quiet 1p src/a.txt" allows',
    argv: ["sed", "--quiet", "1p", "src/a.txt"],
    expected: RO,
  },
  {
    name: "oracle: \"sed -E -i 's/a/b/' src/a.txt\" asks, acceptEdits allows",
    argv: ["sed", "-E", "-i", "s/a/b/", "src/a.txt"],
    expected: edit("src/a.txt"),
  },
  {
    name: 'oracle: "sed -i s/a/b/ src/a.txt" asks, acceptEdits allows',
    argv: ["sed", "-i", "s/a/b/", "src/a.txt"],
    expected: edit("src/a.txt"),
  },
  {
    name: 'oracle: "sed -n 1p /outside/x.txt" asks, also in acceptEdits',
    argv: ["sed", "-n", "1p", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "sed s/a/b/ src/a.txt" asks, acceptEdits allows',
    argv: ["sed", "s/a/b/", "src/a.txt"],
    expected: edit("src/a.txt"),
  },
  { name: 'oracle: "seq 3" allows', argv: ["seq", "3"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "sha256sum --check src/a.txt" allows)',
    argv: ["sha256sum", "--check", "src/a.txt"],
    expected: other("sha256sum option '--check' needs a rule"),
  },
  { name: 'oracle: "sha256sum src/a.txt" allows', argv: ["sha256sum", "src/a.txt"], expected: RO },
  { name: 'oracle: "sleep 1" allows', argv: ["sleep", "1"], expected: RO },
  {
    name: 'oracle: "sort --files0-from=list" asks, also in acceptEdits',
    argv: ["sort", "--files0-from=list"],
    expected: other("sort option '--files0-from=list' needs a rule"),
  },
  {
    name: 'oracle: "sort --output=out.txt src/a.txt" asks, also in acceptEdits',
    argv: ["sort", "--output=out.txt", "src/a.txt"],
    expected: other("sort option '--output=out.txt' needs a rule"),
  },
  {
    name: 'oracle: "sort -o out.txt src/a.txt" asks, also in acceptEdits',
    argv: ["sort", "-o", "out.txt", "src/a.txt"],
    expected: other("sort option '-o' needs a rule"),
  },
  {
    name: 'oracle: "sort /outside/x.txt" asks, also in acceptEdits',
    argv: ["sort", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "stat -c %n src/a.txt" allows',
    argv: ["stat", "-c", "%n", "src/a.txt"],
    expected: RO,
  },
  { name: 'oracle: "stat -f ." allows', argv: ["stat", "-f", "."], expected: RO },
  {
    name: 'oracle: "stat /outside/x.txt" asks, also in acceptEdits',
    argv: ["stat", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "strings @src/a.txt" allows)',
    argv: ["strings", "@src/a.txt"],
    expected: other("strings @src/a.txt reads files the check cannot see"),
  },
  { name: 'oracle: "strings src/a.txt" allows', argv: ["strings", "src/a.txt"], expected: RO },
  { name: 'oracle: "tac src/a.txt" allows', argv: ["tac", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "tail --lines=2 src/a.txt" allows',
    argv: ["tail", "--lines=2", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "tail -n +2 src/a.txt" allows',
    argv: ["tail", "-n", "+2", "src/a.txt"],
    expected: RO,
  },
  {
    name: 'oracle: "tail /outside/x.txt" asks, also in acceptEdits',
    argv: ["tail", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "tee -a out.txt" asks, also in acceptEdits',
    argv: ["tee", "-a", "out.txt"],
    expected: other("tee is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "tee out.txt" asks, also in acceptEdits',
    argv: ["tee", "out.txt"],
    expected: other("tee is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "test" allows', argv: ["test"], expected: RO },
  {
    name:
      "oracle: \"test 'a[0]' -eq 1\" asks, also in acceptEdits ('test ... -eq ...' operand is non-numeric — `[[` arithmetically evaluates identi…)",
    argv: ["test", "a[0]", "-eq", "1"],
    expected: other("test 'a[0]' can evaluate variables or subscripts: it needs a rule"),
  },
  { name: 'oracle: "test -f src/a.txt" allows', argv: ["test", "-f", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "test -v x" asks, also in acceptEdits',
    argv: ["test", "-v", "x"],
    expected: other("test '-v' can evaluate variables or subscripts: it needs a rule"),
  },
  {
    name: 'oracle: "time ls" asks, also in acceptEdits',
    argv: ["time", "ls"],
    expected: other("time is not a command Claude Code runs without a rule"),
  },
  {
    name: 'stricter than Claude Code (oracle: "timeout 5 ls" allows)',
    argv: ["timeout", "5", "ls"],
    expected: other("timeout is not a command Claude Code runs without a rule"),
  },
  {
    name: "oracle: \"touch 'sp ace'\" asks, acceptEdits allows",
    argv: ["touch", "sp ace"],
    expected: edit("sp ace"),
  },
  {
    name: 'oracle: "touch ./y.txt" asks, acceptEdits allows',
    argv: ["touch", "./y.txt"],
    expected: edit("./y.txt"),
  },
  {
    name:
      'oracle: "touch .bashrc" asks, also in acceptEdits (Claude requested permissions to edit /proj/.bashrc which is a sensitive file.…); skald: an edit whose paths the caller\'s protected-path check holds',
    argv: ["touch", ".bashrc"],
    expected: edit(".bashrc"),
  },
  {
    name:
      'oracle: "touch .claude/x" asks, also in acceptEdits (Claude requested permissions to edit /proj/.claude/x which is a sensitive file.…); skald: an edit whose paths the caller\'s protected-path check holds',
    argv: ["touch", ".claude/x"],
    expected: edit(".claude/x"),
  },
  {
    name:
      'oracle: "touch .git/x" asks, also in acceptEdits (Claude requested permissions to edit /proj/.git/x which is a sensitive file.…); skald: an edit whose paths the caller\'s protected-path check holds',
    argv: ["touch", ".git/x"],
    expected: edit(".git/x"),
  },
  {
    name:
      'oracle: "touch .vscode/settings.json" asks, also in acceptEdits (Claude requested permissions to edit /proj/.vscode/settings.json which is a sens…); skald: an edit whose paths the caller\'s protected-path check holds',
    argv: ["touch", ".vscode/settings.json"],
    expected: edit(".vscode/settings.json"),
  },
  { name: 'oracle: "tr -d a" allows', argv: ["tr", "-d", "a"], expected: RO },
  { name: 'oracle: "tr a b" allows', argv: ["tr", "a", "b"], expected: RO },
  { name: 'oracle: "tree" allows', argv: ["tree"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "tree -l" allows)',
    argv: ["tree", "-l"],
    expected: other("tree option '-l' needs a rule"),
  },
  {
    name: 'oracle: "tree -o out.txt" asks, also in acceptEdits',
    argv: ["tree", "-o", "out.txt"],
    expected: other("tree option '-o' needs a rule"),
  },
  { name: 'oracle: "tree src" allows', argv: ["tree", "src"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "tree /outside" allows)',
    argv: ["tree", "/outside"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "true" allows', argv: ["true"], expected: RO },
  { name: 'oracle: "true --help" allows', argv: ["true", "--help"], expected: RO },
  {
    name: 'oracle: "truncate -s 0 src/b.txt" asks, also in acceptEdits',
    argv: ["truncate", "-s", "0", "src/b.txt"],
    expected: other("truncate is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "tsort src/a.txt" allows', argv: ["tsort", "src/a.txt"], expected: RO },
  { name: 'oracle: "type -a ls" allows', argv: ["type", "-a", "ls"], expected: RO },
  { name: 'oracle: "type ls" allows', argv: ["type", "ls"], expected: RO },
  { name: 'oracle: "uname -a" allows', argv: ["uname", "-a"], expected: RO },
  { name: 'oracle: "uniq" allows', argv: ["uniq"], expected: RO },
  { name: 'oracle: "uniq -c" allows', argv: ["uniq", "-c"], expected: RO },
  {
    name: 'oracle: "uniq -c src/a.txt" asks, also in acceptEdits',
    argv: ["uniq", "-c", "src/a.txt"],
    expected: other("uniq with a file operand needs a rule (it writes the second one)"),
  },
  {
    name: 'oracle: "uniq src/a.txt" asks, also in acceptEdits',
    argv: ["uniq", "src/a.txt"],
    expected: other("uniq with a file operand needs a rule (it writes the second one)"),
  },
  {
    name: 'oracle: "unlink l1" asks, also in acceptEdits',
    argv: ["unlink", "l1"],
    expected: other("unlink is not a command Claude Code runs without a rule"),
  },
  { name: 'oracle: "uptime" allows', argv: ["uptime"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "wc --files0-from=src/a.txt" allows)',
    argv: ["wc", "--files0-from=src/a.txt"],
    expected: other("wc --files0-from=src/a.txt reads files the check cannot see"),
  },
  {
    name: 'oracle: "wc -c src/a.txt src/b.txt" allows',
    argv: ["wc", "-c", "src/a.txt", "src/b.txt"],
    expected: RO,
  },
  { name: 'oracle: "wc -l src/a.txt" allows', argv: ["wc", "-l", "src/a.txt"], expected: RO },
  {
    name: 'oracle: "wc /outside/x.txt" asks, also in acceptEdits',
    argv: ["wc", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "which -a ls" allows', argv: ["which", "-a", "ls"], expected: RO },
  { name: 'oracle: "which ../x" allows', argv: ["which", "../x"], expected: RO },
  { name: 'oracle: "whoami" allows', argv: ["whoami"], expected: RO },
  {
    name: 'stricter than Claude Code (oracle: "xargs" allows)',
    argv: ["xargs"],
    expected: other("xargs hands its command file names from standard input, unchecked"),
  },
  {
    name: 'oracle: "xargs -a src/a.txt echo" asks, also in acceptEdits',
    argv: ["xargs", "-a", "src/a.txt", "echo"],
    expected: other("xargs hands its command file names from standard input, unchecked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "xargs -n 1 grep hello" allows)',
    argv: ["xargs", "-n", "1", "grep", "hello"],
    expected: other("xargs hands its command file names from standard input, unchecked"),
  },
  {
    name: 'oracle: "xargs cat" asks, also in acceptEdits',
    argv: ["xargs", "cat"],
    expected: other("xargs hands its command file names from standard input, unchecked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "xargs head" allows)',
    argv: ["xargs", "head"],
    expected: other("xargs hands its command file names from standard input, unchecked"),
  },
  {
    name: 'oracle: "xxd src/a.txt" asks, also in acceptEdits',
    argv: ["xxd", "src/a.txt"],
    expected: other("xxd is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "sed -n 1p src/a.txt /outside/x.txt" asks, also in acceptEdits',
    argv: ["sed", "-n", "1p", "src/a.txt", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "/bin/cat src/a.txt" asks, also in acceptEdits',
    argv: ["/bin/cat", "src/a.txt"],
    expected: other("/bin/cat is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "/usr/bin/git status" asks, also in acceptEdits',
    argv: ["/usr/bin/git", "status"],
    expected: other("/usr/bin/git is not a command Claude Code runs without a rule"),
  },
  {
    name: 'oracle: "rg -e hello /outside" asks, also in acceptEdits',
    argv: ["rg", "-e", "hello", "/outside"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "[ -d src" asks, also in acceptEdits (Parser did not consume trailing input)',
    argv: ["[", "-d", "src"],
    expected: other("[ without a closing ] needs a rule"),
  },
  {
    name: 'oracle: "git grep -e hello /outside" asks, also in acceptEdits',
    argv: ["git", "grep", "-e", "hello", "/outside"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "git grep -c hello" allows',
    argv: ["git", "grep", "-c", "hello"],
    expected: RO,
  },
  {
    name: 'oracle: "git config --get --global user.name" allows',
    argv: ["git", "config", "--get", "--global", "user.name"],
    expected: RO,
  },
  {
    name: 'oracle: "git describe --dirty" allows',
    argv: ["git", "describe", "--dirty"],
    expected: RO,
  },
  {
    name: 'oracle: "git -C . status" asks, also in acceptEdits',
    argv: ["git", "-C", ".", "status"],
    expected: other("git -C is not a read-only git command Claude Code runs freely"),
  },
  {
    name: 'oracle: "git diff main /outside/x.txt" asks, also in acceptEdits',
    argv: ["git", "diff", "main", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "base64 -w0 src/a.txt" asks, also in acceptEdits',
    argv: ["base64", "-w0", "src/a.txt"],
    expected: other("base64 option '-w0' needs a rule"),
  },
  {
    name: 'stricter than Claude Code (oracle: "tree --gitfile /outside/x.txt" allows)',
    argv: ["tree", "--gitfile", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "hostname -fs" asks, also in acceptEdits',
    argv: ["hostname", "-fs"],
    expected: other("hostname takes single options only"),
  },
  {
    name: 'oracle: "jq -e . /outside/x.txt" asks, also in acceptEdits',
    argv: ["jq", "-e", ".", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "du -sh .." allows)',
    argv: ["du", "-sh", ".."],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "cp src/a.txt src/b.txt src/dir" asks, acceptEdits allows',
    argv: ["cp", "src/a.txt", "src/b.txt", "src/dir"],
    expected: edit("src/a.txt", "src/b.txt", "src/dir"),
  },
  {
    name: 'oracle: "mv src/b.txt src/b2.txt" asks, acceptEdits allows',
    argv: ["mv", "src/b.txt", "src/b2.txt"],
    expected: edit("src/b.txt", "src/b2.txt"),
  },
  {
    name:
      "oracle: \"rm -rf /proj\" asks, also in acceptEdits (Dangerous rm operation detected: '/proj')",
    argv: ["rm", "-rf", "/proj"],
    expected: other("Dangerous rm operation: '/proj' is a working directory or above one"),
  },
  {
    name:
      "oracle: \"rmdir .\" asks, also in acceptEdits (Dangerous rmdir operation detected: '/proj')",
    argv: ["rmdir", "."],
    expected: other("Dangerous rmdir operation: '.' is a working directory or above one"),
  },
  {
    name: 'oracle: "head -n 1 /outside/x.txt" asks, also in acceptEdits',
    argv: ["head", "-n", "1", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "cut -d / -f 1 /outside/x.txt" asks, also in acceptEdits',
    argv: ["cut", "-d", "/", "-f", "1", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  { name: 'oracle: "cd src" allows', argv: ["cd", "src"], expected: RO },
  { name: 'oracle: "cd" asks, also in acceptEdits', argv: ["cd"], expected: other("was blocked") },
  {
    name: 'oracle: "cd .." asks, also in acceptEdits',
    argv: ["cd", ".."],
    expected: other("was blocked"),
  },
  {
    name: 'stricter than Claude Code (oracle: "cd -" allows)',
    argv: ["cd", "-"],
    expected: other("cd - goes where the command does not say"),
  },
  { name: 'oracle: "cd src/dir" allows', argv: ["cd", "src/dir"], expected: RO },
  {
    name: 'oracle: "cd src dir" asks, also in acceptEdits',
    argv: ["cd", "src", "dir"],
    expected: other("cd with two or more arguments needs a rule"),
  },
  {
    name: 'oracle: "cd -P src" asks, also in acceptEdits',
    argv: ["cd", "-P", "src"],
    expected: other("cd with two or more arguments needs a rule"),
  },
  {
    name: 'oracle: "pushd src" asks, also in acceptEdits',
    argv: ["pushd", "src"],
    expected: other("pushd is not a command Claude Code runs without a rule"),
  },
  {
    name:
      'oracle: "grep -e3 /outside/x.txt" asks (a glued -e gives the pattern: the operand is a file)',
    argv: ["grep", "-e3", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "rg -e3 /outside/x.txt" asks',
    argv: ["rg", "-e3", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "grep -A3 x /outside/x.txt" asks',
    argv: ["grep", "-A3", "x", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  {
    name: 'oracle: "grep --regexp=x /outside/x.txt" asks',
    argv: ["grep", "--regexp=x", "/outside/x.txt"],
    expected: other("was blocked"),
  },
  // Not from the oracle: inputs the table must survive.
  { name: "skald: an empty argv needs a rule", argv: [], expected: other("only sets variables") },
  {
    name: "skald: variables alone need a rule",
    argv: ["LANG=C"],
    expected: other("only sets variables"),
  },
  {
    name: "skald: __proto__ is not a table entry",
    argv: ["__proto__"],
    expected: other("not a command"),
  },
  {
    name: "skald: constructor is not a table entry",
    argv: ["constructor", "x"],
    expected: other("not a command"),
  },
  {
    name: "skald: hasOwnProperty is not a table entry",
    argv: ["hasOwnProperty"],
    expected: other("not a command"),
  },
  { name: "skald: git with no subcommand needs a rule", argv: ["git"], expected: other("git ") },
  { name: "skald: sed with no script needs a rule", argv: ["sed"], expected: other("dangerous") },
  { name: "skald: find -newer without its file", argv: ["find", ".", "-newer"], expected: RO },
  {
    name: "skald: grep -e without its pattern",
    argv: ["grep", "-e"],
    expected: other("needs a value"),
  },
  {
    name: "skald: test -eq at the end",
    argv: ["test", "1", "-eq"],
    expected: other("needs a plain value"),
  },
  { name: "skald: cd with an empty argument", argv: ["cd", ""], expected: RO },
  {
    name: "skald: cat of an absolute path in the project",
    argv: ["cat", "/proj/src/a.txt"],
    expected: RO,
  },
  { name: "skald: a NUL byte in an operand is just text", argv: ["echo", "a\0b"], expected: RO },
];

for (const c of CASES) {
  Deno.test(c.name, () => {
    const got: CommandDefault = classifyCommand(c.argv, ctx);
    const e = c.expected;
    if (e === "read-only") {
      assert.deepEqual(got, { kind: "read-only" });
    } else if ("edit" in e) {
      assert.deepEqual(got, { kind: "edit", paths: e.edit });
    } else {
      assert.equal(got.kind, "other", JSON.stringify(got));
      if (got.kind === "other") assert.ok(got.reason.includes(e.other), got.reason);
    }
  });
}

Deno.test("skald: case names are unique", () => {
  assert.equal(new Set(CASES.map((c) => c.name)).size, CASES.length);
});

Deno.test("skald: ten thousand arguments are classified without a blow-up", () => {
  const argv = ["grep", "-e", "x", ...Array.from({ length: 10_000 }, (_, i) => `src/f${i}.txt`)];
  // A blow-up guard in CPU time (`../_cpu.ts`).
  assert.deepEqual(withinCpu(60, () => classifyCommand(argv, ctx)), { kind: "read-only" });
});
