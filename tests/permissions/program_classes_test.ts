/**
 * The classes of issue 22 that the program layer now decides, each both ways (the attack denied
 * or asked where a rule names what it does, its harmless twin allowed), one table per class:
 * options that run a command in every spelling the program takes, programs that delete their
 * sources, git configuration that runs, variables that name a file or a program, inline code,
 * programs skald has no spec for, and paths only known when the command runs (asked, and denied
 * in dontAsk and, by the hook, in bypassPermissions; a value the command itself gives followed).
 * Each class runs for real in the execution oracle (`tests/exec_oracle/_attacks.ts`).
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import type { Mode } from "../../lib/permissions/modes.ts";
import { hookAnswer } from "../../lib/hook/hook_answer.ts";
import { testEnv } from "../_env.ts";

/** A command under one rule, and the verdict it gets. */
interface Row {
  name: string;
  rule: string;
  command: string;
  verdict: Verdict;
}

const RM = "Bash(rm:*)";
const READ = "Read(./secrets/**)";
const SSH = "Read(~/.ssh/**)";
const ENV = "Read(.env)";
const EDIT = "Edit(./protected/**)";

const row = (verdict: Verdict) => (name: string, rule: string, command: string): Row => ({
  name,
  rule,
  command,
  verdict,
});
const deny = row("deny");
const ask = row("ask");
const allow = row("allow");

const TABLES: Record<string, Row[]> = {
  "options that run a command, in every spelling": [
    deny("tar --to-comm= (a prefix of --to-command)", RM, `tar -xf a.tar --to-comm="rm x"`),
    deny("split --filt= (a prefix of --filter)", RM, `split --filt="rm x" notes.txt`),
    deny("sort --compress-prog= (a prefix)", RM, "sort --compress-prog=rm notes.txt"),
    deny("tar --use-compress= (a prefix)", RM, "tar --use-compress=rm -cf a.tar notes.txt"),
    deny("tar's old-style letters (cIf PROG)", RM, "tar cIf rm a.tar notes.txt"),
    deny("tar --checkpoint-act exec=CMD", RM, `tar --checkpoint-act exec="rm x" -cf a.tar n`),
    deny("ag --pager", RM, `ag --pager "rm x" foo`),
    deny("sdiff --diff-prog=", RM, "sdiff --diff-prog=rm a b"),
    deny("zip -TT", RM, `zip -T -TT "rm x" a.zip`),
    deny("git rebase --exe= (a prefix of --exec)", RM, `git rebase --exe="rm x" main`),
    deny("git fetch --upload-pa=", RM, `git fetch --upload-pa="rm x" .`),
    deny("git grep -O glued", RM, "git grep -Orm foo"),
    deny("a word only known when it runs may be the option", RM, `tar -cf a.tar "--to-command=$X"`),
    allow("twin: tar --to-command of another program", RM, `tar -xf a.tar --to-comm="cat"`),
    allow("twin: sort -k", RM, "sort -k2 notes.txt"),
    allow(
      "twin: git grep -O PATTERN is the pattern (-O takes a glued pager)",
      RM,
      "git grep -O rm",
    ),
    allow("twin: rsync takes no prefix (popt)", RM, `rsync --rs="rm x" a b:c`),
    allow("twin: git log --format=$F names no program", RM, `git log --format="$F"`),
  ],
  "programs that delete their sources count as rm": [
    deny("zip -m", RM, "zip -m a.zip notes.txt"),
    deny("tar --remove-files", RM, "tar --remove-files -cf a.tar notes.txt"),
    deny("tar --remove-f (a prefix)", RM, "tar -cf a.tar --remove-f notes.txt"),
    deny("rsync --remove-source-files", RM, "rsync --remove-source-files a /tmp/x"),
    deny("zstd --rm", RM, "zstd --rm notes.txt"),
    allow("twin: zip without -m", RM, "zip a.zip notes.txt"),
    allow("twin: tar without --remove-files", RM, "tar -cf a.tar notes.txt"),
  ],
  "git configuration that runs": [
    deny(
      "url.ext::CMD.insteadOf",
      RM,
      `git -c 'url.ext::rm x.insteadOf=https://a' fetch https://a/b`,
    ),
    deny("remote.X.url=ext::CMD", RM, `git -c remote.origin.url='ext::rm x' fetch origin`),
    deny("git config remote.X.url ext::CMD", RM, `git config remote.origin.url 'ext::rm %x'`),
    deny("gpg.ssh.defaultKeyCommand", RM, `git -c gpg.ssh.defaultKeyCommand='rm x' commit -S`),
    deny("core.alternateRefsCommand", RM, `git -c core.alternateRefsCommand='rm x' fetch`),
    allow("twin: url.https://....insteadOf", RM, `git -c url.https://x/.insteadOf=gh: fetch`),
    allow("twin: remote.X.url of a host", RM, `git -c remote.origin.url=https://x/y fetch`),
  ],
  "variables that name a program": [
    deny("SHELL for flock -c", RM, "SHELL=rm flock /tmp/l -c x"),
    deny("SHELL for script", RM, "SHELL=rm script -c x"),
    deny("SHELL exported before", RM, "export SHELL=rm; flock /tmp/l -c x"),
    deny("SHELL through env", RM, "env SHELL=rm flock /tmp/l -c x"),
    // The exec oracle's (seed 20261202): env reads its operands after the shell removed quotes.
    deny("SHELL through env, its name quoted", RM, "env S''HELL=rm flock out.lock -c victim"),
    deny("its name quoted whole", RM, "env 'SHELL=rm' flock out.lock -c victim"),
    deny("its value only known when it runs", RM, `env S''HELL="$X" flock out.lock -c victim`),
    deny("SHELL for vim's :!", RM, `SHELL=rm vim -c "!ls"`),
    deny("SHELL for su -m", RM, "SHELL=rm su -m -c x"),
    deny("GIT_SSH", RM, "GIT_SSH=rm git fetch"),
    deny("GIT_EDITOR passed on (make runs git)", RM, "GIT_EDITOR=rm make"),
    deny(
      "PYTHONBREAKPOINT: code",
      RM,
      `PYTHONBREAKPOINT=os.system python3 -c 'breakpoint("rm x")'`,
    ),
    deny("PERL5DB: code", RM, `PERL5DB='system("rm x")' perl -d -e 1`),
    deny("LESSOPEN without its pipe", RM, `LESSOPEN="|rm %s" less x`),
    allow("twin: SHELL for a program that does not read it", RM, "SHELL=/bin/rm make"),
    allow("twin: PYTHONBREAKPOINT=0", RM, "PYTHONBREAKPOINT=0 python3 x.py"),
    allow("twin: GIT_EDITOR of another program", RM, "GIT_EDITOR=vim git commit"),
  ],
  "variables that name a file": [
    deny("TZDIR with TZ", READ, "TZDIR=secrets TZ=key.txt date"),
    deny("TZ=:FILE", READ, "TZ=:/proj/secrets/key.txt date"),
    deny("TZDIR through env", READ, "env TZDIR=secrets TZ=key.txt date"),
    deny("TZDIR exported", READ, "export TZDIR=secrets; TZ=key.txt ls -l"),
    // The exec oracle's (seed 777001): a name split by a line continuation is still the name.
    deny(
      "GIT_TRACE, its name split by \\ and a newline, in eval",
      EDIT,
      "eval 'G\\\nIT_TRACE=$PWD/protected/t git version'",
    ),
    deny(
      "the same through an alias of eval",
      EDIT,
      "shopt -s expand_aliases; alias e=eval\ne 'G\\\nIT_TRACE=$PWD/protected/t git version'",
    ),
    deny("GIT_TRACE with $PWD", EDIT, "GIT_TRACE=$PWD/protected/t git version"),
    deny("MAGIC", READ, "MAGIC=secrets/key.txt file README.md"),
    deny(
      "OPENSSL_CONF (a configuration that may load an engine)",
      READ,
      "OPENSSL_CONF=x openssl version",
    ),
    deny("HISTFILE and history -r", READ, "HISTFILE=secrets/key.txt; history -r; history"),
    deny("history -w FILE writes it", EDIT, "history -w protected/h"),
    deny("GIT_INDEX_FILE", EDIT, "GIT_INDEX_FILE=protected/idx git add README.md"),
    deny("GIT_TRACE=PATH", EDIT, "GIT_TRACE=/proj/protected/trace git status"),
    deny(
      "the exec oracle's: after reserved words, in a script tar -I runs",
      EDIT,
      "tar -I 'for i in 1; do GIT_TRACE=$PWD/protected/t git version; done' -cf o.tar f",
    ),
    ask("a value only known when it runs", READ, "TZ=$(cat x) date"),
    allow("twin: TZ=UTC", READ, "TZ=UTC date"),
    allow("twin: GIT_TRACE=1 (standard error)", EDIT, "GIT_TRACE=1 git status"),
    allow("twin: GIT_INDEX_FILE elsewhere", EDIT, "GIT_INDEX_FILE=/tmp/idx git add README.md"),
  ],
  "inline code": [
    deny("awk print | sh", RM, `awk 'BEGIN{print "rm x" | "sh"}'`),
    deny("awk printf() | bash -s", RM, `awk 'BEGIN{printf("rm x") | "bash -s"}'`),
    deny("awk printing a field to sh: hidden", RM, `awk '{print $1 | "sh"}' f`),
    deny("Python names in NFKC", RM, `python3 -c 'import os; os.ｓｙｓｔｅｍ("rm x")'`),
    deny(
      "JavaScript escapes in names",
      RM,
      `node -e 'require("child_process").\\u0065xecSync("rm x")'`,
    ),
    deny(
      "webbrowser.get(CMD %s)",
      RM,
      `python3 -c 'import webbrowser; webbrowser.get("rm %s").open("x")'`,
    ),
    deny("pydoc.pipepager", RM, `python3 -c 'import pydoc; pydoc.pipepager("x", "rm x")'`),
    deny("python -m timeit STMT", RM, `python3 -m timeit -s 'import os' 'os.system("rm x")'`),
    deny(
      "timeit.timeit(CODE)",
      RM,
      `python3 -c 'import timeit; timeit.timeit("import os; os.system(\\"rm x\\")")'`,
    ),
    deny(
      "runsource",
      RM,
      `python3 -c 'import code; code.InteractiveInterpreter().runsource("import os; os.system(\\"rm x\\")")'`,
    ),
    deny(
      "cProfile.run(CODE)",
      RM,
      `python3 -c 'import cProfile; cProfile.run("import os; os.system(\\"rm x\\")")'`,
    ),
    deny("perl -MIPC::Cmd=run", RM, `perl -MIPC::Cmd=run -e 'run(command => "rm x")'`),
    allow("twin: awk print | sort", RM, `awk '{print $1 | "sort"}' f`),
    allow("twin: awk print | sh of a harmless command", RM, `awk 'BEGIN{print "echo x" | "sh"}'`),
    allow("twin: python -m timeit of arithmetic", RM, "python3 -m timeit '1+1'"),
    allow(
      "twin: webbrowser.open",
      RM,
      `python3 -c 'import webbrowser; webbrowser.open("http://x")'`,
    ),
    allow(
      "twin: subprocess.run of ls",
      RM,
      `python3 -c 'import subprocess; subprocess.run(["ls"])'`,
    ),
  ],
  "programs skald has no spec for": [
    deny("a path an Edit rule covers", EDIT, "mytool protected/x"),
    deny("--out=PATH", EDIT, "mytool --out=protected/x"),
    deny("NAME=PATH", EDIT, "mytool out=protected/x"),
    deny("behind a wrapper", EDIT, "sudo mytool protected/x"),
    deny("a value the command gives", EDIT, "p=protected; mytool $p/x"),
    deny("a script's arguments (python3 x.py PATH)", EDIT, "python3 x.py protected/y"),
    deny("an existing file a Read rule covers", READ, "mytool secrets/key.txt"),
    ask("a path only known when it runs (Edit)", EDIT, "mytool $(echo protected/x)"),
    allow("twin: a path elsewhere", EDIT, "mytool build/x"),
    allow("twin: words that name no path", EDIT, "gh pr view 12"),
    // jq has a spec now (a real session's jq -rf reconstruct.jq was asked under Write(**/*)).
    deny("jq -f FILE reads it", READ, "jq -rf secrets/key.txt in.json"),
    deny("jq --rawfile NAME FILE reads it", READ, "jq -n --rawfile k secrets/key.txt '$k'"),
    allow("twin: jq -f FILE writes nothing", EDIT, "jq -rf protected/filter.jq in.json"),
    allow("twin: jq --arg's value is text", READ, "jq -n --arg k secrets/key.txt '$k'"),
    allow("twin: a URL", EDIT, "mytool https://protected/x"),
    allow("twin: a quoted pattern is no glob", EDIT, `pkill -f "uvicorn.*api.main"`),
    allow("twin: a program that only reads (cat)", EDIT, "cat protected/x"),
    allow("twin: python3 --version", EDIT, "python3 --version"),
  ],
  "paths only known when the command runs": [
    ask("cat $(echo .env)", ENV, "cat $(echo .env)"),
    ask(`cat "$(printf %s .en; printf v)"`, ENV, `cat "$(printf %s .en; printf v)"`),
    ask("read f; cat $f", READ, `read f < list; cat "$f"`),
    ask("a positional parameter", ENV, `bash -c 'cat "$1"' _ x`),
    ask("an ask rule asks too", "Read(./nothing/**)", "cat $(echo .env)"),
    deny("d=~/.ssh; cat $d/id_rsa (followed)", SSH, "d=~/.ssh; cat $d/id_rsa"),
    deny("export D=$HOME/.ssh (followed)", SSH, "export D=$HOME/.ssh; cat ${D}/id_rsa"),
    deny("for f in *: the glob (followed)", ENV, `for f in *; do cat "$f"; done`),
    deny("a variable set twice: both", ENV, "f=README.md; f=.env; cat $f"),
    deny("a variable set after a reserved word", SSH, "if true; then d=~/.ssh; cat $d/id_rsa; fi"),
    allow("twin: echo $(date) reads nothing", ENV, `echo "$(date)"`),
    allow("twin: ls $(pwd)", ENV, "ls $(pwd)"),
    allow("twin: for f in *.md", ENV, `for f in *.md; do cat "$f"; done`),
    allow("twin: a variable of the environment", ENV, "cat $CONFIG"),
    allow("twin: grep a computed pattern", ENV, `grep "$(whoami)" README.md`),
    allow(
      "twin: git commit -m of a heredoc",
      ENV,
      `git commit -m "$(cat <<'EOF'\nmsg .env\nEOF\n)"`,
    ),
    allow("twin: no Read rule", EDIT, "cat $(echo .env)"),
    allow(
      "twin: a loop's list is opened by no program",
      ENV,
      "for t in $(seq 3); do echo $t; done",
    ),
    allow("twin: a case's word neither", ENV, 'case "$(uname)" in Linux) echo l;; esac'),
    allow("twin: a reserved word leads no program", ENV, "if true; then echo $(date); fi"),
    allow(
      "twin: test and [ look a file up, they open none",
      ENV,
      `[ "$(ls | wc -l)" -ge 8 ] && echo big`,
    ),
    deny("and the program after it reads", ENV, "if true; then cat .env; fi"),
    ask("and its computed path", ENV, "while true; do cat $(echo .env); done"),
  ],
};

const policies = new Map<string, Policy>();
const policy = (rule: string, mode?: Mode) => {
  const key = `${rule}\u0000${mode ?? ""}`;
  let p = policies.get(key);
  if (p === undefined) {
    const kind = rule.startsWith("Read(./nothing") ? "ask" : "deny";
    p = new Policy({
      sources: [{ label: "p", scope: "project", [kind]: [rule], allow: ["Bash"] }],
      env: testEnv(),
      ...(mode === undefined ? {} : { mode }),
    });
    policies.set(key, p);
  }
  return p;
};

for (const [name, rows] of Object.entries(TABLES)) {
  Deno.test(`program classes: ${name}`, () => {
    const wrong = rows.flatMap((r) => {
      const d = policy(r.rule).decide({ tool: "Bash", input: { command: r.command } });
      return d.verdict === r.verdict
        ? []
        : [`${r.name}: ${r.command} under ${r.rule}: ${d.verdict}, not ${r.verdict} (${d.reason})`];
    });
    assert.deepEqual(wrong, []);
    assert.ok(rows.some((r) => r.verdict !== "allow") && rows.some((r) => r.verdict === "allow"));
  });
}

Deno.test("program classes: a computed path is denied in dontAsk, and by the hook in bypassPermissions", () => {
  for (const command of ["cat $(echo .env)", `cat "$(printf %s .en; printf v)"`]) {
    const dontAsk = policy(ENV, "dontAsk").decide({ tool: "Bash", input: { command } });
    assert.equal(dontAsk.verdict, "deny", command);
    const bypass = policy(ENV, "bypassPermissions").decide({ tool: "Bash", input: { command } });
    assert.equal(bypass.verdict, "ask", command);
    const answer = hookAnswer("PreToolUse", bypass, true, "bypassPermissions");
    assert.equal(
      (answer?.hookSpecificOutput as { permissionDecision?: string }).permissionDecision,
      "deny",
    );
  }
  // The one a value the command gives names is denied outright, in every mode.
  const followed = policy(SSH, "bypassPermissions")
    .decide({ tool: "Bash", input: { command: "d=~/.ssh; cat $d/id_rsa" } });
  assert.equal(followed.verdict, "deny");
});
