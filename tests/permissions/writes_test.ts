/**
 * Readers that write (issue 11, point 5) and writes an Edit deny rule names (point 6). Under
 * `Edit(./protected/**)` every command that changes something below `protected/` is denied, not
 * asked; reading a file there is not a write there. A command an allow rule covers as written
 * that writes outside the working directories asks (Claude Code 2.1.332 asks for `sort -o ../x`
 * under `Bash(sort:*)`, observed). Each command of the denied table is also run by bash in a
 * scratch copy of the project (`writes the directory`): it must really change `protected/`,
 * so that the table holds real writes, not guesses; the not-denied table must leave it alone.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import type { PathEnv } from "../../lib/permissions/paths.ts";
import { fakeTreeHolds, testEnv } from "../_env.ts";
import { pool } from "../_pool.ts";

/** The project's files: a rule at any depth meets a directory that holds one of them. */
const FILES = ["/proj/protected/f", "/proj/a.txt", "/proj/src/a.ts", "/proj/build/o"];
const env: PathEnv = { ...testEnv(), treeHolds: fakeTreeHolds(FILES) };

const policy = new Policy({
  sources: [{
    label: ".claude/settings.json",
    scope: "project",
    deny: ["Edit(./protected/**)"],
    allow: ["Bash"],
  }],
  env,
});

/** Commands that change something below `protected/` (each checked with bash below). */
const DENIED: { name: string; command: string }[] = [
  { name: "touch", command: "touch protected/new" },
  { name: "mkdir", command: "mkdir protected/d" },
  { name: "mkfifo", command: "mkfifo protected/fifo" },
  { name: "truncate", command: "truncate -s 0 protected/f" },
  { name: "chmod", command: "chmod 600 protected/f" },
  { name: "rm", command: "rm protected/f" },
  { name: "rm -rf of the directory", command: "rm -rf protected" },
  { name: "rm -rf * (a glob reaching it)", command: "rm -rf *" },
  { name: "rm -r p* (a glob reaching it)", command: "rm -r p*" },
  { name: "rm of braces reaching it", command: "rm -rf {protected,nothing}" },
  { name: "unlink", command: "unlink protected/f" },
  { name: "cp into it", command: "cp a.txt protected/" },
  { name: "cp --target-directory=", command: "cp --target-directory=protected a.txt" },
  { name: "cp -t", command: "cp -t protected a.txt" },
  { name: "mv into it", command: "mv a.txt protected/" },
  { name: "mv out of it (the source is removed)", command: "mv protected/f build/" },
  { name: "install", command: "install -m 644 a.txt protected/i" },
  { name: "ln into it", command: "ln -s ../a.txt protected/l" },
  { name: "tee", command: "echo x | tee protected/t" },
  { name: "a redirection", command: "echo x > protected/r" },
  { name: "dd of=", command: "dd if=a.txt of=protected/dd status=none" },
  { name: "sort -o", command: "sort -o protected/s a.txt" },
  { name: "sort --output=", command: "sort --output=protected/s a.txt" },
  { name: "shuf -o", command: "shuf -o protected/s a.txt" },
  { name: "uniq IN OUT", command: "uniq a.txt protected/u" },
  { name: "split with a prefix", command: "split -l 1 a.txt protected/part" },
  { name: "csplit -f", command: "csplit -s -f protected/cs a.txt 1" },
  { name: "gzip -k", command: "gzip -k protected/f" },
  { name: "zip into it", command: "zip -q protected/z.zip a.txt" },
  { name: "tar -cf into it", command: "tar -cf protected/a.tar a.txt" },
  {
    name: "tar -x -C it",
    command: "tar -cf build/a.tar a.txt && tar -xf build/a.tar -C protected",
  },
  { name: "mktemp -p", command: "mktemp -p protected" },
  { name: "sed -i", command: "sed -i s/p/q/ protected/f" },
  { name: "sed -i.bak", command: "sed -i.bak s/p/q/ protected/f" },
  { name: "sed -Ei", command: "sed -Ei s/p/q/ protected/f" },
  { name: "sed --in-place", command: "sed --in-place s/p/q/ protected/f" },
  { name: "sed -e ... -i", command: "sed -e s/p/q/ -i protected/f" },
  { name: "sed's w command", command: "sed -n 'w protected/w' a.txt" },
  { name: "sed's s///w flag", command: "sed -n 's/a/b/w protected/w' a.txt" },
  { name: "perl -pi", command: "perl -pi -e s/p/q/ protected/f" },
  { name: "perl -i.bak", command: "perl -i.bak -pe s/p/q/ protected/f" },
  { name: "find -delete", command: "find protected -name f -delete" },
  { name: "find -fprint", command: "find . -maxdepth 0 -fprint protected/list" },
  { name: "find -exec rm", command: "find protected -type f -exec rm {} +" },
  { name: "xargs rm", command: "echo protected/f | xargs rm" },
  { name: "cd into it", command: "cd protected && rm f" },
  { name: "a nested shell", command: "sh -c 'rm protected/f'" },
  {
    name: "a link the command makes, then writes through",
    command: "ln -s . self && echo x > self/protected/x",
  },
  { name: "git stash", command: "git stash" },
  { name: "git checkout of a path", command: "git checkout -- protected/f" },
  { name: "git restore", command: "git restore protected/f" },
  { name: "git reset --hard", command: "git reset --hard" },
  { name: "git clean -fd", command: "git clean -fdx" },
  { name: "git rm", command: "git rm -qf protected/f" },
  {
    name: "git checkout of another commit rewrites the working tree",
    command: "git checkout -q -f HEAD~1",
  },
  { name: "git log --output=", command: "git log --output=protected/log" },
  { name: "a write whose target is only known at run time", command: 'echo x > "$F"' },
  // Red team (issue 11 review): each of these changed protected/ under bash (the judge below)
  // while skald allowed it under the bare Bash allow rule.
  {
    name: "red team: git checkout of a pathspec naming the whole tree (-- .)",
    command: "git checkout -q HEAD -- .",
  },
  {
    name: "red team: git checkout of a pathspec glob (-- 'p*')",
    command: "git checkout -q HEAD -- 'p*'",
  },
  {
    name: "red team: git -C DIR: the paths after -- are DIR's (-C protected ... -- f)",
    command: "git -C protected checkout -q HEAD -- f",
  },
  {
    name: "red team: git --work-tree=DIR rewrites DIR",
    command: "git --work-tree=protected checkout -q HEAD -- .",
  },
  // The other way of the git forms that leave the working tree alone (both ways).
  { name: "red team: git mv out of it", command: "git mv protected/f build/f" },
  {
    name: "red team: git restore -s REV of a path in it",
    command: "git restore -s HEAD~1 protected/f",
  },
  {
    name: "red team: git restore --staged --worktree of a path in it",
    command: "git restore --staged --worktree protected/f",
  },
  {
    name: "red team: git checkout -b NEW START rewrites",
    command: "git checkout -q -f -b old HEAD~1",
  },
  { name: "red team: git worktree add in it", command: "git worktree add -q protected/wt" },
  { name: "red team: git clone into it", command: "git clone -q . protected/c" },
  { name: "red team: git init of a directory in it", command: "git init -q protected/g" },
  { name: "red team: git archive -o into it", command: "git archive -o protected/a.tar HEAD" },
  {
    name: "red team: a relative link target is the link's directory's (x/y -> ../protected)",
    command: "mkdir -p x && ln -s ../protected x/y && echo x > x/y/n",
  },
  {
    name: "red team: a link made with ln --symbolic, then a write through it",
    command: "ln --symbolic protected l && echo x > l/n",
  },
  {
    name:
      "red team: braces with more alternatives than are read one by one (the 257th is protected)",
    command: `touch {${
      Array.from({ length: 256 }, (_, i) => `x${i + 1}`).join(",")
    },protected}/new`,
  },
  { name: "red team: a brace sequence reaching it", command: "touch pr{n..p}tected/new" },
  { name: "red team: awk's print > FILE", command: `awk '{print > "protected/w"}' a.txt` },
  { name: "red team: curl -o into it", command: "curl -s -o protected/c file://$PWD/a.txt" },
  {
    name: "red team: inline code that opens a file for writing",
    command: `python3 -c "open('protected/py', 'w').write('x')"`,
  },
];

/** Commands that do not change `protected/` (reading it is not writing it). */
const NOT_DENIED: { name: string; command: string; verdict: Verdict }[] = [
  { name: "cp out of it", command: "cp protected/f build/", verdict: "allow" },
  { name: "cat of it", command: "cat protected/f", verdict: "allow" },
  { name: "tar -cf of it elsewhere", command: "tar -cf build/p.tar protected", verdict: "allow" },
  { name: "grep in it", command: "grep -r p protected", verdict: "allow" },
  { name: "rm elsewhere", command: "rm -rf build/x", verdict: "allow" },
  { name: "a glob elsewhere", command: "rm -rf build/*", verdict: "allow" },
  { name: "sed -n without w", command: "sed -n p protected/f", verdict: "allow" },
  { name: "sort without -o", command: "sort protected/f", verdict: "allow" },
  { name: "find -delete elsewhere", command: "find build -delete", verdict: "allow" },
  { name: "find -exec of a reader", command: "find protected -exec cat {} +", verdict: "allow" },
  { name: "git status", command: "git status", verdict: "allow" },
  { name: "git log", command: "git log -1", verdict: "allow" },
  {
    name: "git checkout of a path elsewhere",
    command: "git checkout -- src/a.ts",
    verdict: "allow",
  },
  // Red team: false denies on ordinary git commands under any Edit deny rule (each leaves
  // protected/ alone under bash, the judge below); a careful user would call them wrong.
  {
    name: "red team: a brace sequence elsewhere is read word by word",
    command: "touch build/x{1..100}",
    verdict: "allow",
  },
  { name: "red team: git stash list lists", command: "git stash list", verdict: "allow" },
  { name: "red team: git stash show -p shows", command: "git stash show -p", verdict: "allow" },
  { name: "red team: git worktree list lists", command: "git worktree list", verdict: "allow" },
  { name: "red team: git clean -n is a dry run", command: "git clean -n", verdict: "allow" },
  {
    name: "red team: git checkout -b makes a branch",
    command: "git checkout -q -b feature",
    verdict: "allow",
  },
  {
    name: "red team: git switch -c makes a branch",
    command: "git switch -q -c feature",
    verdict: "allow",
  },
  {
    name: "red team: git rm --cached of a file elsewhere",
    command: "git rm -q --cached a.txt",
    verdict: "allow",
  },
  { name: "red team: git mv of files elsewhere", command: "git mv a.txt b.txt", verdict: "allow" },
  {
    name: "red team: git restore of a path elsewhere",
    command: "git restore src/a.ts",
    verdict: "allow",
  },
];

for (const c of DENIED) {
  Deno.test(`writes: Edit deny: ${c.name}: ${c.command}`, () => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    assert.equal(d.verdict, "deny", d.reason);
    assert.equal(d.rule, "Edit(./protected/**)");
  });
}

for (const c of NOT_DENIED) {
  Deno.test(`writes: not an Edit of protected/: ${c.name}: ${c.command}`, () => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    assert.equal(d.verdict, c.verdict, d.reason);
  });
}

/** Point 5: covered by an allow rule as written, but writing outside the working directories. */
const READERS_THAT_WRITE: { name: string; allow: string; command: string; verdict: Verdict }[] = [
  {
    name: "sort -o outside (Claude Code asks)",
    allow: "Bash(sort:*)",
    command: "sort -o ../outside/x.txt a",
    verdict: "ask",
  },
  { name: "sort -o inside", allow: "Bash(sort:*)", command: "sort -o out.txt a", verdict: "allow" },
  {
    name: "cp outside (Claude Code asks)",
    allow: "Bash(cp:*)",
    command: "cp a.txt /outside/y.txt",
    verdict: "ask",
  },
  {
    name: "tee outside (Claude Code asks)",
    allow: "Bash(tee:*)",
    command: "tee /outside/t.txt",
    verdict: "ask",
  },
  {
    name: "uniq IN OUT outside (Claude Code asks)",
    allow: "Bash(uniq:*)",
    command: "uniq a.txt /outside/u.txt",
    verdict: "ask",
  },
  {
    name: "git log --output outside (Claude Code allows)",
    allow: "Bash(git log:*)",
    command: "git log --output=/outside/l.txt",
    verdict: "ask",
  },
  {
    name: "sed w outside (Claude Code allows)",
    allow: "Bash(sed:*)",
    command: "sed -n 'w /outside/s.txt' a.txt",
    verdict: "ask",
  },
  {
    name: "shuf -o outside",
    allow: "Bash(shuf:*)",
    command: "shuf -o /tmp/x a.txt",
    verdict: "ask",
  },
  {
    name: "sort -o a target only known at run time",
    allow: "Bash(sort:*)",
    command: "sort -o $OUT a",
    verdict: "ask",
  },
  {
    name: "sort reading outside, writing nothing",
    allow: "Bash(sort:*)",
    command: "sort /outside/a",
    verdict: "allow",
  },
];

for (const c of READERS_THAT_WRITE) {
  Deno.test(`writes: ${c.allow}: ${c.name}`, () => {
    const p = new Policy({
      sources: [{ label: "p", scope: "project", allow: [c.allow] }],
      env: testEnv(),
    });
    const d = p.decide({ tool: "Bash", input: { command: c.command } });
    assert.equal(d.verdict, c.verdict, d.reason);
    if (c.verdict === "ask") assert.equal(d.basis, "guard");
  });
}

Deno.test("writes: a write into a protected file by a reader that writes is guarded (sort -o .bashrc)", () => {
  const p = new Policy({
    sources: [{ label: "p", scope: "project", allow: ["Bash(sort:*)"] }],
    env: testEnv(),
    mode: "bypassPermissions",
  });
  const d = p.decide({ tool: "Bash", input: { command: "sort -o .bashrc a" } });
  assert.equal(d.verdict, "ask", d.reason);
});

// ---------------------------------------------------------------------------------------------
// bash is the judge: each denied command really changes protected/, each other one does not.

const hasBash = new Deno.Command("bash", { args: ["-c", "true"] }).outputSync().success;

/** A scratch project: protected/f, a.txt, src/a.ts, build/, a git repository. */
function scratch(): string {
  const dir = Deno.makeTempDirSync({ prefix: "skald-writes-" });
  const sh = (cmd: string) =>
    new Deno.Command("bash", { args: ["-c", cmd], cwd: dir, stdout: "null", stderr: "null" })
      .outputSync();
  Deno.mkdirSync(`${dir}/protected`);
  Deno.mkdirSync(`${dir}/src`);
  Deno.mkdirSync(`${dir}/build`);
  Deno.writeTextFileSync(`${dir}/protected/f`, "p\nq\n");
  Deno.writeTextFileSync(`${dir}/a.txt`, "a\nb\n");
  Deno.writeTextFileSync(`${dir}/src/a.ts`, "x\n");
  const git = "git -c user.email=t@t -c user.name=t";
  sh(
    `git init -q && ${git} add -A && ${git} commit -qm one && echo two >> protected/f && ` +
      `${git} commit -qam two && echo dirty >> protected/f && echo new > protected/untracked`,
  );
  return dir;
}

/** A listing of protected/ (names, sizes, modes, contents), in bash, from the project. */
const SNAPSHOT = "(cd protected 2>/dev/null && find . -printf '%p %s %m %y\\n' | sort && " +
  "find . -type f -exec cat {} + 2>/dev/null)";

/**
 * What protected/ held before and after a command, run by bash in its own copy of the scratch
 * project (`cp -a`: modes, times and the repository kept): one bash process a command, which
 * copies, lists, runs the command in a bash of its own (output to /dev/null, input from it) and
 * lists again.
 */
async function beforeAndAfter(
  template: string,
  copy: string,
  command: string,
): Promise<{ before: string; after: string }> {
  const script = `cp -a "$1" "$2" && cd "$2" || exit 1
${SNAPSHOT}
echo "$3"
(F="$2/protected/unknown" GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t bash -c "$4" ) \
  </dev/null >/dev/null 2>&1
cd "$2" && ${SNAPSHOT}`;
  const mark = `--- ${crypto.randomUUID()} ---`;
  const out = await new Deno.Command("bash", {
    args: ["-c", script, "bash", template, copy, mark, command],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).output();
  const [before, after] = new TextDecoder().decode(out.stdout).split(`${mark}\n`);
  assert.ok(before !== undefined && before.includes("./f "), `${command}: no copy to run in`);
  assert.ok(after !== undefined, `${command}: no listing after it ran`);
  return { before, after };
}

function runs(dir: string, command: string): void {
  new Deno.Command("bash", {
    args: ["-c", command],
    cwd: dir,
    env: { F: `${dir}/protected/unknown`, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t" },
    stdout: "null",
    stderr: "null",
    stdin: "null",
  }).outputSync();
}

Deno.test({
  name: "writes: bash confirms each denied command changes protected/ and each other one does not",
  ignore: !hasBash,
  fn: async () => {
    const perl = new Deno.Command("bash", { args: ["-c", "command -v perl zip"] }).outputSync();
    const missing = new TextDecoder().decode(perl.stdout);
    const denied = DENIED.filter((c) =>
      !(/\bperl\b/.test(c.command) && !missing.includes("perl")) &&
      !(/\bzip\b/.test(c.command) && !missing.includes("zip"))
    );
    const template = scratch();
    const copies = Deno.makeTempDirSync({ prefix: "skald-writes-copies-" });
    try {
      const cases = [
        ...denied.map((c) => ({ command: c.command, changes: true })),
        ...NOT_DENIED.map((c) => ({ command: c.command, changes: false })),
      ];
      // Each in its own copy: four at a time.
      const seen = await pool(
        cases,
        4,
        (c, i) => beforeAndAfter(template, `${copies}/${i}`, c.command),
      );
      cases.forEach((c, i) => {
        const { before, after } = seen[i]!;
        if (c.changes) assert.notEqual(after, before, `${c.command} left protected/ as it was`);
        else assert.equal(after, before, `${c.command} changed protected/`);
      });
    } finally {
      Deno.removeSync(template, { recursive: true });
      Deno.removeSync(copies, { recursive: true });
    }
  },
});

Deno.test("writes: the reason says what the command changes where the rule applies", () => {
  const reason = (command: string) => policy.decide({ tool: "Bash", input: { command } }).reason;
  assert.match(reason("git stash"), /\(the command `git stash` may change everything below/);
  assert.match(reason("sort -o protected/s a.txt"), /\(the command writes protected\/s\)$/);
  assert.match(reason('echo x > "$F"'), /writes a file only known when it runs\)$/);
});

/**
 * Red team: a directory an extractor or patcher writes into may get paths that do not exist
 * yet. A rule at any depth (`Edit(./.env)`) was held against the paths on disk only (the walk
 * that keeps `grep -r TODO src` allowed), so an archive holding `.env` was extracted into
 * `src/` under the rule. bash judges: each command, run in a scratch project whose archives and
 * patch hold a `.env`, must make a `.env` below `src/`.
 */
const CREATES: { name: string; command: string }[] = [
  { name: "tar -x -C DIR of an archive", command: "tar -xf ../evil.tar -C src" },
  { name: "unzip -d DIR of an archive", command: "unzip -q ../evil.zip -d src" },
  { name: "patch -d DIR", command: "patch -s -p1 -d src < ../evil.diff" },
  { name: "cp -r of a tree holding .env into DIR", command: "cp -r ../evil/. src/" },
  { name: "rsync -a of a tree holding .env into DIR", command: "rsync -a ../evil/ src/" },
  { name: "mv of a directory holding .env into DIR", command: "mv ../evil src/e" },
];

for (const c of CREATES) {
  Deno.test(`writes: red team: Edit(./.env) holds for a tree that may get new paths: ${c.name}`, () => {
    const p = new Policy({
      sources: [{ label: "p", scope: "project", deny: ["Edit(./.env)"], allow: ["Bash"] }],
      // The disk: the tree copied from holds a .env (as in the bash run below).
      env: { ...testEnv(), treeHolds: fakeTreeHolds(["/proj/src/a.ts", "/evil/.env"]) },
    });
    const d = p.decide({ tool: "Bash", input: { command: c.command } });
    assert.deepEqual([d.verdict, d.rule], ["deny", "Edit(./.env)"], d.reason);
  });
}

Deno.test("writes: a tree copied or moved into a directory that holds no .env is not denied by Edit(./.env)", () => {
  const p = new Policy({
    sources: [{ label: "p", scope: "project", deny: ["Edit(./.env)"], allow: ["Bash"] }],
    env: { ...testEnv(), treeHolds: fakeTreeHolds(["/proj/src/a.ts", "/clean/a.txt"]) },
  });
  for (const command of ["cp -r ../clean/. src/", "rsync -a ../clean/ src/", "mv ../clean src/c"]) {
    const d = p.decide({ tool: "Bash", input: { command } });
    assert.equal(d.verdict, "allow", `${command}: ${d.reason}`);
  }
});

Deno.test({
  name: "writes: red team: bash confirms each command makes a .env below src/",
  ignore: !hasBash,
  fn: () => {
    const tools = new TextDecoder().decode(
      new Deno.Command("bash", { args: ["-c", "command -v unzip zip patch rsync"] }).outputSync()
        .stdout,
    );
    for (const c of CREATES) {
      const program = c.command.split(" ")[0]!;
      if (["unzip", "patch", "rsync"].includes(program) && !tools.includes(`/${program}`)) continue;
      const top = Deno.makeTempDirSync({ prefix: "skald-creates-" });
      try {
        const setup = "mkdir -p evil proj/src && echo SECRET > evil/.env && " +
          "tar -cf evil.tar -C evil .env && (cd evil && zip -q ../evil.zip .env); " +
          "printf -- '--- a/.env\\n+++ b/.env\\n@@ -0,0 +1 @@\\n+SECRET\\n' > evil.diff";
        new Deno.Command("bash", { args: ["-c", setup], cwd: top, stderr: "null" }).outputSync();
        runs(`${top}/proj`, c.command);
        const made = [`${top}/proj/src/.env`, `${top}/proj/src/e/.env`].some(existsFile);
        assert.ok(made, `${c.command} made no .env below src/`);
      } finally {
        Deno.removeSync(top, { recursive: true });
      }
    }
  },
});

function existsFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
