/**
 * Issue 10, class 5: programs that run a command written in their arguments. A literal command
 * is a part of its own (deny rules see it as `bash -c`'s script); one built at run time hides
 * what runs. And the other way: the same programs doing ordinary work run nothing. Checked
 * against bash in `tests/exec_oracle/`.
 */

import { type ViewCase, viewTests } from "./_view_cases.ts";

const SED: ViewCase[] = [
  {
    name: "sed's e command",
    input: "sed -n '1e rm -rf x' f",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "sed's e after an address and !",
    input: "sed '/a/!e rm x' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "sed's e inside a block",
    input: "sed -n '1{e rm x\n}' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "sed -e SCRIPT with e",
    input: "sed -e p -e '2e rm y' f",
    expected: { some: [["rm", "y"]], hidden: [] },
  },
  {
    name: "sed --expression=",
    input: "sed --expression='e rm z' f",
    expected: { some: [["rm", "z"]], hidden: [] },
  },
  {
    name: "sed e alone runs the pattern space",
    input: "sed e f",
    expected: { hidden: ["pattern space"] },
  },
  { name: "the e flag of s///", input: "sed 's/.*/rm x/e' f", expected: { hidden: ["e flag"] } },
  {
    name: "the e flag after other flags",
    input: "sed 's|a|b|ge' f",
    expected: { hidden: ["e flag"] },
  },
  {
    name: "a sed script built at run time",
    input: 'sed "s/a/$B/" f',
    expected: { hidden: ["only known when it runs"] },
  },
  {
    name: "a sed script skald cannot read",
    input: "sed 'K' f",
    expected: { hidden: ["cannot read"] },
  },
  // Harmless.
  { name: "sed -i s///g", input: "sed -i 's/foo/bar/g' f", expected: { hidden: [] } },
  {
    name: "sed with an e in a regex, a text and a file name",
    input: "sed -e '/e x/d' -e 'a e y' -e 'w e.txt' f",
    expected: { none: [["x"], ["y"]], hidden: [] },
  },
  { name: "sed with e as the s delimiter", input: "sed 'sexexe' f", expected: { hidden: [] } },
  {
    name: "sed --sandbox forbids e",
    input: "sed --sandbox 'e rm x' f",
    expected: { none: [["rm", "x"]], hidden: [] },
  },
  {
    name: "sed labels and branches",
    input: "sed ':a;N;$!ba;s/\\n/ /g' f",
    expected: { hidden: [] },
  },
  { name: "sed -n 1,10p", input: "sed -n '1,10p' f", expected: { hidden: [] } },
];

const GIT: ViewCase[] = [
  {
    name: "git -c alias.X='!CMD' X",
    input: "git -c alias.q='!rm x' q",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "a shell alias gets the words after it",
    input: "git -c alias.q='!rm' q y",
    expected: { some: [["rm", "y"]], hidden: [] },
  },
  {
    name: "a git alias runs git with its words",
    input: "git -c alias.p=push p --force",
    expected: { some: [["git", "push", "--force"]], hidden: [] },
  },
  {
    name: "git config core.hooksPath DIR: the hooks of a folder skald cannot see",
    input: "git config core.hooksPath /tmp/h",
    expected: { hidden: ["runs programs from a file skald cannot see"] },
  },
  {
    name: "its twin: hooks from /dev/null run nothing (issue 23: the usual way to skip hooks)",
    input: "git config core.hooksPath /dev/null",
    expected: { hidden: [] },
  },
  {
    name: "git -c core.fsmonitor=CMD",
    input: "git -c core.fsmonitor='rm x' status",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git -c core.sshCommand",
    input: "git -c core.sshCommand='rm x' fetch",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git -c core.pager, keys in any case",
    input: "git -c Core.Pager='rm x' log",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git -c diff.X.textconv",
    input: "git -c diff.b.textconv='rm x' diff",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git -c credential.helper='!CMD'",
    input: "git -c credential.helper='!rm x' fetch",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git -c with a value known at run time",
    input: 'git -c core.pager="$P" log',
    expected: { hidden: ["only known when it runs"] },
  },
  {
    name: "git -c include.path reads config from a file",
    input: "git -c include.path=x.cfg log",
    expected: { hidden: ["file"] },
  },
  {
    name: "git config sets an alias for later",
    input: "git config --global alias.q '!rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git config set core.pager",
    input: "git config set core.pager 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git grep --open-files-in-pager=CMD",
    input: "git grep --open-files-in-pager='rm x' foo",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "git grep -OCMD",
    input: "git grep -O'rm x' foo",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "GIT_SSH_COMMAND=CMD",
    input: "GIT_SSH_COMMAND='rm x' git fetch",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "export GIT_PAGER=CMD",
    input: "export GIT_PAGER='rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "env EDITOR=CMD",
    input: "env EDITOR='rm x' git commit",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "LESSOPEN='|CMD %s'",
    input: "LESSOPEN='|rm x %s' less f",
    expected: { some: [["rm", "x", "%s"]], hidden: [] },
  },
  {
    name: "GIT_CONFIG_VALUE_0",
    input: "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.q GIT_CONFIG_VALUE_0='!rm x' git q",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "PAGER known at run time", input: 'PAGER="$P" man ls', expected: { hidden: ["PAGER"] } },
  // Harmless.
  {
    name: "git -c color.ui=always log",
    input: "git -c color.ui=always log",
    expected: { some: [["git", "-c", "color.ui=always", "log"]], hidden: [] },
  },
  {
    name: "git -c core.fsmonitor=true",
    input: "git -c core.fsmonitor=true status",
    expected: { hidden: [] },
  },
  { name: "git config user.email", input: "git config user.email a@b", expected: { hidden: [] } },
  { name: "git grep -n foo", input: "git grep -n foo", expected: { hidden: [] } },
  { name: "EDITOR=vim", input: "EDITOR=vim git commit", expected: { some: [["vim"]], hidden: [] } },
];

const OTHERS: ViewCase[] = [
  {
    name: "tar -I CMD",
    input: "tar -I 'rm x' -cf a.tar f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "tar -ICMD glued",
    input: "tar -Izstd -cf a.tar f",
    expected: { some: [["zstd"]], hidden: [] },
  },
  {
    name: "tar -cIf: I takes the rest of the cluster",
    input: "tar -cIf a.tar f",
    expected: { some: [["f"]], hidden: [] },
  },
  {
    name: "tar old style cIf PROG",
    input: "tar cIf 'rm x' a.tar f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "tar --use-compress-program=",
    input: "tar --use-compress-program='rm x' -cf a.tar f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "tar --to-command",
    input: "tar -xf a.tar --to-command 'rm x'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "tar --checkpoint-action=exec=",
    input: "tar --checkpoint-action=exec='rm x' -cf a.tar f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "tar -F CMD",
    input: "tar -F 'rm x' -cf a.tar f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "tar -I of a name known at run time",
    input: 'tar -I "$Z" -cf a.tar f',
    expected: { hidden: ["$Z"] },
  },
  {
    name: "awk system()",
    input: "awk 'BEGIN { system(\"rm x\") }'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "awk print | CMD",
    input: "awk '{ print | \"rm x\" }' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "awk CMD | getline",
    input: "awk 'BEGIN { while ((\"rm x\" | getline l) > 0) print l }'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "awk |& coprocess",
    input: 'gawk \'BEGIN { print "a" |& "rm x" }\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "awk system() of a variable",
    input: "awk '{ system($0) }' f",
    expected: { hidden: ["system()"] },
  },
  {
    name: "awk a concatenated command",
    input: "awk '{ print | \"rm \" $1 }' f",
    expected: { hidden: ["after |"] },
  },
  {
    name: "awk -e (gawk)",
    input: "gawk -e 'BEGIN { system(\"rm x\") }'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "awk @load", input: "gawk '@load \"x\"; BEGIN {}'", expected: { hidden: ["@load"] } },
  {
    name: "awk program built at run time",
    input: 'awk "/$P/" f',
    expected: { hidden: ["only known when it runs"] },
  },
  {
    name: "awk getline < FILE reads it",
    input: "awk 'BEGIN { getline l < \"secrets/k\" }'",
    expected: { hidden: [], reads: ["secrets/k"] },
  },
  {
    name: "vim -c '!CMD'",
    input: "vim -c '!rm x' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "vim +'!CMD'", input: "vim '+!rm x' f", expected: { some: [["rm", "x"]], hidden: [] } },
  {
    name: "vim -c ':r !CMD'",
    input: "vim -c ':r !rm x' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "vim -c with a range and !",
    input: "vim -c '%!rm x' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "vim --cmd", input: "vim --cmd 'silent !rm x' f", expected: { hidden: [":silent"] } },
  { name: "vim -c py3", input: "vim -c 'py3 import os' f", expected: { hidden: [":py3"] } },
  {
    name: "vim -c call system()",
    input: "vim -c 'call system(\"rm x\")' f",
    expected: { hidden: ["runs programs"] },
  },
  { name: "vim -c normal", input: "vim -c 'norm :!rm x' f", expected: { hidden: [":norm"] } },
  {
    name: "rg --pre CMD",
    input: "rg --pre 'rm x' foo",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "rsync -e CMD",
    input: "rsync -e 'rm x' a b:c",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "rsync -avze CMD",
    input: "rsync -avze 'rm x' a b:c",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "rsync --rsh=CMD",
    input: "rsync --rsh='rm x' a b:c",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ssh -o ProxyCommand=",
    input: "ssh -o ProxyCommand='rm x' h",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ssh -oProxyCommand glued",
    input: "ssh '-oProxyCommand rm x' h",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ssh -o LocalCommand",
    input: "ssh -o PermitLocalCommand=yes -o 'LocalCommand=rm x' h",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "scp -S PROG",
    input: "scp -S 'rm x' a h:b",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "unlink FILE counts as rm",
    input: "unlink x",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "shred -u counts as rm",
    input: "shred -u x",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "ed's heredoc holding !CMD runs it",
    input: "ed f.py <<EOF\n!rm x\nq\nEOF",
    expected: { hidden: ["ed runs the commands it reads"] },
  },
  {
    name: "ed's r !CMD runs it",
    input: "ed f.py <<'EOF'\nr !rm x\nEOF",
    expected: { hidden: ["ed runs the commands it reads"] },
  },
  {
    name: "ed's commands from a pipe are only known when it runs",
    input: "printf 'q\\n' | ed f.py",
    expected: { hidden: ["ed runs the commands it reads"] },
  },
  {
    name: "ed's unquoted heredoc with a substitution is expanded first",
    input: "ed f.py <<EOF\n1a\n$(rm x)\n.\nEOF",
    expected: { hidden: ["ed runs the commands it reads"] },
  },
  // Harmless.
  {
    name: "ed's heredoc of an append, its text holding ! as text (issue 23: SWE-bench's edits)",
    input: "ed f.py <<'EOF'\n514a\n    if not col: print('!')\n.\nw\nq\nEOF",
    expected: { hidden: [] },
  },
  {
    name: "tar -czf",
    input: "tar -czf out.tgz src",
    expected: { none: [["rm", "-rf", null]], hidden: [] },
  },
  { name: "tar -xzf", input: "tar -xzf a.tgz", expected: { hidden: [] } },
  { name: "awk '{print $1}'", input: "awk -F: '{ print $1 }' f", expected: { hidden: [] } },
  {
    name: 'awk print | "sort"',
    input: "awk '{ print | \"sort\" }' f",
    expected: { some: [["sort"]], hidden: [] },
  },
  {
    name: "awk with a string mentioning system(",
    input: "awk 'BEGIN { print \"system(x)\" }'",
    expected: { hidden: [] },
  },
  {
    name: "awk division and a regex",
    input: "awk '/a/ { n = $1 / 2; print n }' f",
    expected: { hidden: [] },
  },
  { name: "awk || is no pipe", input: "awk '$1 == 1 || $2 == 2' f", expected: { hidden: [] } },
  { name: "vim -c %s and wq", input: "vim -es -c '%s/a/b/g' -c 'wq' f", expected: { hidden: [] } },
  { name: "vim +10", input: "vim +10 f", expected: { hidden: [] } },
  { name: "rg -n foo", input: "rg -n foo src", expected: { hidden: [] } },
  { name: "rsync -av", input: "rsync -av src/ dst/", expected: { hidden: [] } },
  { name: "ssh -o BatchMode=yes", input: "ssh -o BatchMode=yes h true", expected: { hidden: [] } },
  {
    name: "ssh -o ProxyCommand=none",
    input: "ssh -o ProxyCommand=none h",
    expected: { hidden: [] },
  },
  {
    name: "shred without -u",
    input: "shred x",
    expected: { none: [["rm", "-rf", "x"]], hidden: [] },
  },
];

viewTests("class 5, sed", SED);
viewTests("class 5, git and command variables", GIT);
viewTests("class 5, tar, awk, vim, rg, rsync, ssh", OTHERS);
