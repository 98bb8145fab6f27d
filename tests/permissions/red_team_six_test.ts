/**
 * The sixth red team's findings (issue 10's classes, new members), each run for real before it
 * was fixed (the `rm` stub's log, strace): programs that run the command after them
 * (`ssh-agent`, `setarch`, `linux64`), editors that read commands from standard input (`ed`, ex
 * mode), start-up files and code given in the environment (`BASH_ENV`, `--rcfile`,
 * `BASH_FUNC_x%%`, `PERL5OPT`, `NODE_OPTIONS`, `TAR_OPTIONS`, `GIT_CONFIG_GLOBAL`), and options that
 * name a program (`sort --compress-program`, `sdiff`/`diff3 --diff-program`, `zip -TT`,
 * `apt-get -o ...Invoke`, `make -f /dev/stdin`). Both ways.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({
  sources: [{ label: "p", scope: "project", deny: ["Bash(rm:*)"], allow: ["Bash"] }],
  env: testEnv(),
});

const DENIED: string[] = [
  "ssh-agent rm x",
  "ssh-agent sh -c 'rm x'",
  "setarch x86_64 rm x",
  "linux64 rm x",
  "ed <<< '!rm x'",
  "ed -s t.txt <<< '!rm x'",
  "vim -es <<< '!rm x'",
  "vi -es <<< '!rm x'",
  "ex -s +'!rm x' +q",
  "BASH_ENV=/dev/stdin bash -c true <<< 'rm x'",
  "env BASH_ENV=/dev/stdin bash -c true <<< 'rm x'",
  "bash --rcfile <(echo rm x) -i </dev/null",
  "bash --init-file <(echo rm x) -i",
  "env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls",
  "PERL5OPT='-MPOSIX;system(q(rm),q(x))' perl -e 1",
  "NODE_OPTIONS='--import=data:text/javascript,x' node /dev/null",
  "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=rm' tar cf /dev/null sub",
  "seq 1 200000 | sort -S 1K --compress-program=rm",
  "sdiff --diff-program=rm t.txt t.txt",
  "diff3 --diff-program=rm a a a",
  "zip -T -TT rm z.zip t.txt",
  "apt-get -o APT::Update::Pre-Invoke::=rm update",
  "make -f /dev/stdin <<< $'all:\\n\\trm x'",
  "GIT_CONFIG_GLOBAL=/tmp/gc git zz",
];

/** Reads through the directory bash was in before its last `cd`, under a Read rule. */
const READS: string[] = [
  "cd sub && cat ~-/secrets/key",
  'cd sub && cat "$OLDPWD/secrets/key"',
  // A cd that goes where the command made HOME, or a variable under cdable_vars, point.
  "HOME=$PWD/secrets; cd; cat key",
  "HOME=/proj/secrets cd; cat key",
  "HOME=/proj/secrets; cd ~; cat key",
  "shopt -s cdable_vars; d=/proj/secrets; cd d; cat key",
];

const KEPT: string[] = [
  "vim -es -u NONE -c '%s/a/b/g' -c 'wq' f.txt",
  "vim file.txt",
  "sort -o out.txt in.txt",
  "zip -r out.zip src",
  "make test",
  "setarch x86_64 uname -m",
  "bash -c 'echo hi'",
];

Deno.test("red team six: each finding denied", () => {
  const wrong = DENIED.filter((c) =>
    policy.decide({ tool: "Bash", input: { command: c } }).verdict !== "deny"
  );
  assert.deepEqual(wrong, []);
});

Deno.test("red team six: ~-, $OLDPWD and cd moves bash makes may name any path", () => {
  const reads = new Policy({
    sources: [{ label: "p", scope: "project", deny: ["Read(./secrets/**)"], allow: ["Bash"] }],
    env: testEnv(),
  });
  const wrong = READS.filter((c) =>
    reads.decide({ tool: "Bash", input: { command: c } }).verdict !== "deny"
  );
  assert.deepEqual(wrong, []);
  assert.notEqual(
    reads.decide({ tool: "Bash", input: { command: "cat ~/notes.txt" } }).verdict,
    "deny",
  );
});

Deno.test("red team six: the harmless twins are not denied", () => {
  const wrong = KEPT.filter((c) =>
    policy.decide({ tool: "Bash", input: { command: c } }).verdict === "deny"
  );
  assert.deepEqual(wrong, []);
});
