/**
 * The fixed table of attack shapes for the execution oracle, by the classes of issue 10 and
 * those the generator found beyond them: each one really runs `rm`, `curl` or `wget`, removes
 * a planted file or reads `secrets/key` when bash runs it (the test checks that first), so
 * the deny policy must deny it. And the other way: commands of the same shapes that do none
 * of it (bash shows that too), which the deny policy must not deny.
 *
 * @module
 */

/** A command and the programs it needs on the host (the sandbox links them in). */
export interface Shape {
  /** The class and the shape, for the report. */
  name: string;
  /** The command. */
  command: string;
  /** Real programs it needs (beyond bash and coreutils). */
  needs?: string[];
}

/** Each really does what the deny policy forbids. */
export const ATTACKS: readonly Shape[] = [
  // Class 1: a program or script handed over on stdin.
  { name: "1: echo NAME | xargs env", command: "echo rm -rf victim | xargs env" },
  { name: "1: ... | xargs sh -c", command: "echo \"'rm victim'\" | xargs sh -c" },
  { name: "1: printf NAME\\0 | xargs -0 env", command: "printf 'rm\\0victim\\0' | xargs -0 env" },
  { name: "1: xargs -I{} bash -c {} <<< CMD", command: "xargs -I{} bash -c {} <<< 'rm victim'" },
  { name: "1: xargs sudo < file", command: "xargs sudo < names.txt" },
  { name: "1: xargs timeout 5 < file", command: "xargs timeout 5 < names.txt" },
  { name: "1: xargs -a file env", command: "xargs -a names.txt env" },
  { name: "1: xargs nice (flags first)", command: "echo rm | xargs -r -n1 nice" },
  // Class 2: a name bound to another program.
  { name: "2: hash -p PATH NAME; NAME", command: "hash -p ../../bin/rm ls; ls victim" },
  {
    name: "2: NAME used before hash -p (a loop)",
    command: "for i in 1 2; do ls x; hash -p ../../bin/rm ls; done",
  },
  { name: "2: BASH_CMDS[NAME]=PATH", command: "BASH_CMDS[ls]=../../bin/rm; ls victim" },
  {
    name: "2: alias c=command; c NAME",
    command: "shopt -s expand_aliases; alias c=command\nc rm victim",
  },
  { name: "2: alias to eval", command: "shopt -s expand_aliases; alias e=eval\ne 'rm victim'" },
  {
    name: "2: alias to source",
    command: "shopt -s expand_aliases; alias s=source\ns /dev/stdin <<< 'rm victim'",
  },
  { name: "2: alias NAME=rm", command: "shopt -s expand_aliases; alias l=rm\nl victim" },
  {
    name: "2: alias with a trailing blank",
    command: "shopt -s expand_aliases; alias n='nice ' r=rm\nn r victim",
  },
  // Class 3: builtins given --.
  { name: "3: eval -- CMD", command: "eval -- rm victim" },
  { name: "3: . -- FILE", command: ". -- /dev/stdin <<< 'rm victim'" },
  { name: "3: source -- FILE", command: "source -- /dev/stdin <<< 'rm victim'" },
  { name: "3: command -- NAME", command: "command -- rm victim" },
  { name: "3: builtin eval -- CMD", command: "builtin eval -- 'rm victim'" },
  { name: "3: env - NAME", command: "env - rm victim" },
  { name: "3: exec -- NAME", command: "(exec -- rm victim)" },
  // Class 4: history run again.
  { name: "4: history -s CMD; fc -s", command: "history -s 'rm victim'; fc -s" },
  { name: "4: history -s CMD; fc -e -", command: "history -s 'rm victim'; fc -e -" },
  { name: "4: fc -s PAT=REP", command: "history -s 'rx victim'; fc -s x=m" },
  // Class 5: programs that run a command written in their arguments.
  { name: "5: sed's e command", command: "sed -n '1e rm victim' file.txt" },
  { name: "5: sed's e flag of s///", command: "sed -n 's/.*/rm victim/ep' file.txt" },
  { name: "5: sed e runs the pattern space", command: "sed -n e names.txt" },
  { name: "5: sed -e with e", command: "sed -n -e p -e '1e rm victim' file.txt" },
  { name: "5: git -c alias.X='!CMD' X", command: "git -c alias.q='!rm victim' q" },
  { name: "5: git -c alias with its words", command: "git -c alias.q='!rm' q victim" },
  {
    name: "5: git -c core.sshCommand",
    command: "git -c core.sshCommand='rm victim' ls-remote ssh://h/x",
  },
  { name: "5: GIT_SSH_COMMAND=", command: "GIT_SSH_COMMAND='rm victim' git ls-remote ssh://h/x" },
  { name: "5: git config then use", command: "git config --global alias.q '!rm victim' && git q" },
  { name: "5: tar -I CMD", command: "tar -I 'rm victim' -cf out.tar file.txt" },
  {
    name: "5: tar --use-compress-program",
    command: "tar --use-compress-program='rm victim' -cf out.tar file.txt",
  },
  {
    name: "5: tar --checkpoint-action=exec",
    command: "tar --checkpoint=1 --checkpoint-action=exec='rm victim' -cf out.tar file.txt",
  },
  {
    name: "5: tar --to-command",
    command: "tar -cf a.tar file.txt && tar -xf a.tar --to-command='rm victim'",
  },
  { name: "5: awk system()", command: "awk 'BEGIN { system(\"rm victim\") }'" },
  { name: "5: awk print | CMD", command: 'awk \'BEGIN { print "x" | "rm victim" }\'' },
  { name: "5: awk CMD | getline", command: "awk 'BEGIN { \"rm victim\" | getline }'" },
  { name: "5: awk system() of a variable", command: "awk -v c='rm victim' 'BEGIN { system(c) }'" },
  { name: "5: awk reads a file", command: "awk '{ print }' secrets/key" },
  {
    name: "5: vim -c '!CMD'",
    command: "vim -es -u NONE -i NONE -c '!rm victim' -c 'q!'",
    needs: ["vim"],
  },
  {
    name: "5: vim +'!CMD'",
    command: "vim -es -u NONE -i NONE '+!rm victim' '+q!'",
    needs: ["vim"],
  },
  { name: "5: find -exec (done before)", command: "find . -maxdepth 0 -exec rm victim \\;" },
  {
    name: "5: ssh -o ProxyCommand",
    command: "ssh -F /dev/null -o BatchMode=yes -o ProxyCommand='rm victim' h true",
    needs: ["ssh"],
  },
  // Class 6: interpreters running inline code.
  {
    name: "6: python3 -c os.system",
    command: "python3 -c 'import os; os.system(\"rm victim\")'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c subprocess.run list",
    command: 'python3 -c \'import subprocess; subprocess.run(["rm", "victim"])\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c subprocess alias",
    command: "python3 -c 'import subprocess as sp; sp.call(\"rm victim\", shell=True)'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c from import",
    command: 'python3 -c \'from subprocess import run; run(["rm", "victim"])\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c os.execvp",
    command: 'python3 -c \'import os; os.execvp("rm", ["rm", "victim"])\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c a variable command",
    command: "python3 -c 'import os; c = \"rm victim\"; os.system(c)'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c __import__",
    command: 'python3 -c \'__import__("os").system("rm victim")\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c getattr",
    command: 'python3 -c \'import os; getattr(os, "sys" + "tem")("rm victim")\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c exec of a literal",
    command: 'python3 -c \'exec("import os; os.system(\\"rm victim\\")")\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c os.remove",
    command: "python3 -c 'import os; os.remove(\"victim\")'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c shutil.rmtree",
    command: "mkdir d && python3 -c 'import shutil; shutil.rmtree(\"d\")'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c Path.unlink",
    command: "python3 -c 'from pathlib import Path; Path(\"victim\").unlink()'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c open",
    command: "python3 -c 'print(open(\"secrets/key\").read())'",
    needs: ["python3"],
  },
  {
    name: "6: python3 heredoc",
    command: "python3 <<'EOF'\nimport os\nos.system('rm victim')\nEOF",
    needs: ["python3"],
  },
  {
    name: "6: python3 - here-string",
    command: "python3 - <<< 'import os; os.system(\"rm victim\")'",
    needs: ["python3"],
  },
  {
    name: "6: code piped to python3",
    command: "echo 'import os; os.system(\"rm victim\")' | python3",
    needs: ["python3"],
  },
  {
    name: "6: node -e execSync",
    command: 'node -e \'require("child_process").execSync("rm victim")\'',
    needs: ["node"],
  },
  {
    name: "6: node -e destructured spawnSync",
    command:
      'node -e \'const { spawnSync } = require("child_process"); spawnSync("rm", ["victim"])\'',
    needs: ["node"],
  },
  {
    name: "6: node --eval",
    command: 'node --eval \'require("child_process").execSync("rm victim")\'',
    needs: ["node"],
  },
  {
    name: "6: node -p",
    command: 'node -p \'require("child_process").execSync("rm victim").length\'',
    needs: ["node"],
  },
  {
    name: "6: node -e computed member",
    command: 'node -e \'const cp = require("child_process"); cp["exec" + "Sync"]("rm victim")\'',
    needs: ["node"],
  },
  {
    name: "6: node -e fs.rmSync",
    command: 'node -e \'require("fs").rmSync("victim")\'',
    needs: ["node"],
  },
  {
    name: "6: node -e readFileSync",
    command: 'node -e \'console.log(require("fs").readFileSync("secrets/key", "utf8"))\'',
    needs: ["node"],
  },
  {
    name: "6: node heredoc",
    command: "node <<'EOF'\nrequire('child_process').execSync('rm victim')\nEOF",
    needs: ["node"],
  },
  { name: "6: perl -e system", command: "perl -e 'system(\"rm victim\")'", needs: ["perl"] },
  { name: "6: perl -e system list", command: 'perl -e \'system "rm", "victim"\'', needs: ["perl"] },
  { name: "6: perl -e backticks", command: "perl -e '`rm victim`'", needs: ["perl"] },
  { name: "6: perl -e qx", command: "perl -e 'qx(rm victim)'", needs: ["perl"] },
  { name: "6: perl -e exec", command: 'perl -e \'exec "rm", "victim"\'', needs: ["perl"] },
  {
    name: "6: perl -e open pipe",
    command: 'perl -e \'open(my $f, "-|", "rm", "victim"); <$f>\'',
    needs: ["perl"],
  },
  { name: "6: perl -e unlink", command: "perl -e 'unlink \"victim\"'", needs: ["perl"] },
  {
    name: "6: perl -ne with system",
    command: "perl -ne 'system(\"rm victim\")' list.txt",
    needs: ["perl"],
  },
  {
    name: "6: perl -e s///e",
    command: 'perl -e \'$_ = "x"; s/x/system("rm victim")/e\'',
    needs: ["perl"],
  },
  {
    name: "6: perl -lne (a cluster after -l)",
    command: "perl -lne 'system(\"rm victim\")' list.txt",
    needs: ["perl"],
  },
  { name: "6: perl -E", command: "perl -E 'system(\"rm victim\")'", needs: ["perl"] },
  {
    name: "6: perl -e open read",
    command: 'perl -e \'open(my $f, "<", "secrets/key"); print <$f>\'',
    needs: ["perl"],
  },
  { name: "6: perl heredoc", command: "perl <<'EOF'\nsystem('rm victim');\nEOF", needs: ["perl"] },
  // Classes the generator found beyond the list.
  { name: "found: unlink FILE", command: "unlink victim" },
  { name: "found: find -delete", command: "find . -name victim -delete" },
  { name: "found: git alias in a function", command: "git -c alias.q='!f() { rm victim; }; f' q" },
  { name: "found: ((CMD)) is two subshells to dash", command: "sh -c '((rm victim))'" },
  {
    name: "found: ((CMD)) in a git alias (run by sh)",
    command: "git -c alias.q='!((rm victim))' q",
  },
  {
    name: "found: nested python in node",
    command:
      'node -e \'require("child_process").execSync("python3 -c \\"import os; os.remove(\\x27victim\\x27)\\"")\'',
    needs: ["node", "python3"],
  },
  // Readers that follow the links inside a tree (`docs/keys -> ../secrets`): found by hand,
  // after the red team's "symlinks inside read trees are not followed".
  { name: "found: grep -R reads through a link in the tree", command: "grep -R secret docs" },
  { name: "found: grep -rR (a cluster)", command: "grep -rlR secret docs" },
  { name: "found: tar -h archives through a link", command: "tar -chf out.tar docs" },
  { name: "found: tar chf (bundled)", command: "tar chf out.tar docs" },
  {
    name: "found: zip -r stores what a link leads to",
    command: "zip -qr out.zip docs",
    needs: ["zip"],
  },
  {
    name: "found: diff -r reads through a link",
    command: "mkdir -p other/keys && echo x > other/keys/key && diff -r docs other",
    needs: ["diff"],
  },
  { name: "found: cp -rL copies through a link", command: "cp -rL docs out" },
  { name: "found: find -L ... -exec cat", command: "find -L docs -type f -exec cat {} +" },
  // The red team's: an abbreviated long option, a glob through a link, a link made first.
  { name: "found: grep --deref (a unique prefix)", command: "grep --deref secret docs" },
  { name: "found: a glob through a link", command: "grep secret docs/*/*" },
  { name: "found: a glob's fixed part through a link", command: "cat docs/keys/*" },
  {
    name: "found: a link made first, then grep -R",
    command: "ln -st docs ../x && grep -R secret docs",
  },
  // The red team's second round: git subcommands that run a command they are given.
  {
    name: "found: git difftool -x CMD",
    command: "git init -q && echo a > f && git add f && git -c user.name=a -c user.email=a@b " +
      "commit -qm a && echo b > f && git difftool -y -x 'rm victim'",
  },
  {
    name: "found: git bisect run CMD",
    command:
      "git init -q && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m a && " +
      "git -c user.name=a -c user.email=a@b commit -q --allow-empty -m b && " +
      "git bisect start HEAD HEAD~1 && git bisect run rm victim",
  },
  // The fourth red team's: escapes in inline code, Perl's two-argument open, sed's `r`.
  {
    name: "found: a \\x escape in python's os.system",
    command: `python3 -c 'import os; os.system("\\x72m victim")'`,
    needs: ["python3"],
  },
  {
    name: "found: perl's two-argument open",
    command: `perl -e 'open(F,"<secrets/key"); print <F>'`,
    needs: ["perl"],
  },
  { name: "found: sed's r FILE", command: "sed 'r secrets/key' file.txt" },
  // The sixth red team's: start-up files and functions given in the environment, a sort helper.
  {
    name: "found: BASH_ENV=/dev/stdin",
    command: "BASH_ENV=/dev/stdin bash -c true <<< 'rm victim'",
  },
  {
    name: "found: an exported function in env",
    command: "env 'BASH_FUNC_ls%%=() { rm victim; }' bash -c ls",
  },
  { name: "found: bash --rcfile <(...)", command: "bash --rcfile <(echo rm victim) -i </dev/null" },
  {
    name: "found: sort --compress-program",
    command: "seq 1 50 | sort -S 1K --compress-program=rm",
  },
  // An alias of the user's git configuration file (`~/.gitconfig`: `zap = !rm victim`).
  { name: "found: an alias of git's configuration file", command: "git zap" },
  { name: "found: a configured alias after global options", command: "git --no-pager zap" },
  // Issue 22: options that read a file, in every spelling the program takes (their specs in
  // lib/programs/): each opens secrets/key.
  {
    name: "22: grep --exclude-from=FILE",
    command: "grep --exclude-from=secrets/key foo file.txt",
  },
  {
    name: "22: grep --exclude-fr=FILE (a unique prefix)",
    command: "grep --exclude-fr=secrets/key x file.txt",
  },
  { name: "22: grep -fFILE (glued)", command: "grep -fsecrets/key file.txt" },
  { name: "22: du -X FILE", command: "du -X secrets/key docs", needs: ["du"] },
  { name: "22: tar -X FILE", command: "tar -cf out.tar -X secrets/key file.txt" },
  { name: "22: tar -C DIR when creating", command: "tar -cf out.tar -C secrets key" },
  { name: "22: tar cbf 20 (old-style letters)", command: "tar cbf 20 out.tar secrets" },
  { name: "22: bsdtar creating", command: "bsdtar -cf out.tar secrets", needs: ["bsdtar"] },
  { name: "22: cp -r --preserve (no value taken)", command: "cp -r --preserve secrets out" },
  { name: "22: cp -r --backup (no value taken)", command: "cp -r --backup secrets out" },
  {
    name: "22: rsync --exclude-from=FILE",
    command: "rsync -a --exclude-from=secrets/key file.txt out",
    needs: ["rsync"],
  },
  {
    name: "22: git ls-files -X FILE",
    command: "git init -q r && git -C r ls-files -X ../secrets/key",
  },
  { name: "22: hexdump -f FILE", command: "hexdump -f secrets/key file.txt", needs: ["hexdump"] },
  {
    name: "22: strings @FILE (a response file)",
    command: "strings @secrets/key",
    needs: ["strings"],
  },
  { name: "22: objdump @FILE", command: "objdump -d @secrets/key", needs: ["objdump"] },
  { name: "22: env -iC DIR (a cluster)", command: "env -iC secrets cat key" },
  { name: "22: sudo -D DIR", command: "sudo -D secrets cat key" },
  { name: "22: sed -l N with r FILE", command: "sed -l 5 'r secrets/key' file.txt" },
  // Issue 22: programs and options that write: each writes below protected/ (the edit policy).
  { name: "22: gsed -i", command: "gsed -i s/p/q/ protected/f" },
  { name: "22: mkdir --context (no value taken)", command: "mkdir --context protected/d" },
  { name: "22: ln -s --backup (no value taken)", command: "ln -s --backup file.txt protected/l" },
  { name: "22: cp --no-preserve ATTRS", command: "cp file.txt protected --no-preserve mode" },
  {
    name: "22: install --strip-program PROG",
    command: "install file.txt protected --strip-program strip",
    needs: ["install"],
  },
  {
    name: "22: chgrp --ref=FILE (a unique prefix)",
    command: "chgrp --ref=file.txt protected/f",
    needs: ["chgrp"],
  },
  {
    name: "22: shuf --out (a unique prefix)",
    command: "shuf --out protected/x file.txt",
    needs: ["shuf"],
  },
  { name: "22: tar cbf 20 ARCHIVE", command: "tar cbf 20 protected/o.tar file.txt" },
  { name: "22: gtar -x -C DIR", command: "tar -cf a.tar file.txt && gtar -xf a.tar -C protected" },
  { name: "22: tar --remove-files", command: "tar --remove-files -cf out.tar protected/f" },
  {
    name: "22: zip -tt DATE",
    command: "zip -q -tt 2099-01-01 protected/o.zip file.txt",
    needs: ["zip"],
  },
  {
    name: "22: zip -m removes what it stores",
    command: "zip -qm out.zip protected/f",
    needs: ["zip"],
  },
  { name: "22: xxd IN OUT", command: "xxd file.txt protected/x", needs: ["xxd"] },
  { name: "22: zstd -o FILE", command: "zstd -q -o protected/x file.txt", needs: ["zstd"] },
  { name: "22: gawk -i inplace", command: "gawk -i inplace 1 protected/f", needs: ["gawk"] },
  { name: "22: perl5.36 -pi", command: "perl5.36 -pi -e 1 protected/f", needs: ["perl5.36"] },
  { name: "22: ruby -pi", command: "ruby -pi -e 1 protected/f", needs: ["ruby"] },
  { name: "22: flock FILE CMD", command: "flock protected/lock true" },
  { name: "22: time -o FILE", command: "\\time -o protected/t true", needs: ["time"] },
  {
    name: "22: iconv -o FILE",
    command: "iconv -f utf8 -t latin1 -o protected/x file.txt",
    needs: ["iconv"],
  },
  {
    name: "22: openssl -out FILE",
    command: "openssl enc -aes256 -pbkdf2 -k x -in file.txt -out protected/x",
    needs: ["openssl"],
  },
  {
    name: "22: ssh-keygen -f FILE",
    command: "ssh-keygen -q -t ed25519 -N '' -f protected/k",
    needs: ["ssh-keygen"],
  },
  {
    name: "22: sqlite3 DB",
    command: "sqlite3 protected/db 'create table t(a)'",
    needs: ["sqlite3"],
  },
  { name: "22: git merge-file CURRENT", command: "git merge-file protected/f file.txt list.txt" },
  { name: "22: sort -T DIR", command: "seq 1 50 | sort -S 1K -T protected > /dev/null" },
  {
    name: "22: gcc -o FILE",
    command: "printf 'int main(){return 0;}' > m.c && gcc -o protected/x m.c",
    needs: ["gcc", "ld", "as"],
  },
  { name: "22: find -fprintf FILE FORMAT", command: "find . -maxdepth 0 -fprintf protected/l %p" },
  // Issue 22, phase 2: options that run a command in every spelling the program takes.
  {
    name: "22: tar --to-comm= (a prefix)",
    command: "tar -cf t.tar x && tar -xf t.tar --to-comm='rm victim'",
  },
  { name: "22: split --filt= (a prefix)", command: "split --filt='rm victim' file.txt" },
  {
    name: "22: sort --compress-prog= (a prefix)",
    command: "seq 1 50 | sort -S 1K -T . --compress-prog=rm > /dev/null",
  },
  {
    name: "22: tar --checkpoint-act exec=CMD",
    command: "tar --checkpoint=1 --checkpoint-act exec='rm victim' -cf out.tar file.txt",
  },
  {
    name: "22: git --config-env=alias.q=VAR",
    command: "X='!rm victim' git --config-env=alias.q=X q",
  },
  // Programs that delete their sources count as rm.
  { name: "22: zip -m", command: "zip -qm out.zip victim", needs: ["zip"] },
  { name: "22: tar --remove-f (a prefix)", command: "tar -cf out.tar --remove-f victim" },
  // git configuration that runs.
  {
    name: "22: git url.ext::CMD.insteadOf",
    command: "git -c protocol.ext.allow=always -c 'url.ext::rm victim.insteadOf=h:' ls-remote h:x",
  },
  {
    name: "22: git remote.X.url=ext::CMD",
    command:
      "git init -q r && git -C r -c protocol.ext.allow=always -c remote.o.url='ext::rm ../victim' fetch o",
  },
  // Variables that name a program or a file.
  { name: "22: SHELL=CMD flock -c", command: "SHELL=rm flock out.lock -c victim" },
  { name: "22: SHELL=CMD script -c", command: "SHELL=rm script -qc victim /dev/null" },
  { name: "22: TZDIR=DIR TZ=FILE date", command: "TZDIR=secrets TZ=key date" },
  { name: "22: TZ=:FILE exported", command: "export TZ=:$PWD/secrets/key; date" },
  { name: "22: MAGIC=FILE file", command: "MAGIC=secrets/key file file.txt", needs: ["file"] },
  { name: "22: HISTFILE=FILE; history -r", command: "HISTFILE=secrets/key; history -r" },
  {
    name: "22: GIT_INDEX_FILE=FILE git add",
    command: "git init -q && GIT_INDEX_FILE=protected/idx git add file.txt",
  },
  { name: "22: GIT_TRACE=PATH", command: "GIT_TRACE=$PWD/protected/t git version" },
  // Inline code.
  { name: "22: awk print | sh", command: `awk 'BEGIN { print "rm victim" | "sh" }'` },
  {
    name: "22: python NFKC name",
    command: `python3 -c 'import os; os.\uff53\uff59\uff53\uff54\uff45\uff4d("rm victim")'`,
  },
  {
    name: "22: webbrowser.get(CMD %s)",
    command: `python3 -c 'import webbrowser; webbrowser.get("rm %s").open("victim")'`,
  },
  {
    name: "22: pydoc.pipepager",
    command: `python3 -c 'import pydoc; pydoc.pipepager("x", "rm victim")'`,
  },
  {
    name: "22: python -m timeit",
    command: `python3 -m timeit -n 1 -r 1 -s 'import os' 'os.system("rm victim")'`,
  },
  {
    name: "22: code.InteractiveInterpreter().runsource",
    command:
      `python3 -c 'import code; code.InteractiveInterpreter().runsource("import os; os.system(\\"rm victim\\")")'`,
  },
  {
    name: "22: cProfile.run(CODE)",
    command:
      `python3 -c 'import cProfile; cProfile.run("import os; os.system(\\"rm victim\\")")' > /dev/null`,
  },
  {
    name: "22: perl -MIPC::Cmd=run",
    command: `perl -MIPC::Cmd=run -e 'run(command => "rm victim")'`,
  },
  // Programs skald has no spec for, and paths only known when the command runs.
  {
    name: "22: a script's argument written (python3 -c CODE PATH)",
    command: `python3 -c 'import sys; open(sys.argv[1], "w")' protected/x`,
  },
  { name: "22: cat $(echo FILE)", command: "cat $(echo secrets/key)" },
  { name: `22: cat "$(printf ...)"`, command: `cat "$(printf %s secrets/; printf key)"` },
  { name: "22: d=DIR; cat $d/FILE", command: "d=secrets; cat $d/key" },
  { name: "22: for f in GLOB", command: `for f in secrets/*; do cat "$f"; done` },
  { name: "22: read f; cat $f", command: `echo secrets/key > l && read f < l && cat "$f"` },
  // The execution oracle's findings since (seeds 20261202 and 777001), and jq's spec.
  {
    name: "27: env S''HELL=rm flock -c (env reads its operands unquoted)",
    command: "env S''HELL=rm flock out.lock -c victim",
  },
  {
    name: "27: eval of a name a line continuation splits (GIT_TRACE=FILE)",
    command: "eval 'G\\\nIT_TRACE=$PWD/protected/t git version'",
  },
  { name: "27: jq -f FILE", command: "jq -rf secrets/key data.json", needs: ["jq"] },
];

/** The same shapes doing nothing the deny policy forbids. */
export const HARMLESS: readonly Shape[] = [
  { name: "1: xargs of a harmless program", command: "echo rm | xargs echo" },
  { name: "1: xargs -I{} echo", command: "xargs -I{} echo {} < list.txt" },
  { name: "1: find | xargs wc", command: "find . -name '*.txt' | xargs wc -l" },
  { name: "2: an alias to ls", command: "shopt -s expand_aliases; alias ll='ls -la'\nll" },
  { name: "2: hash -r", command: "hash -r; ls" },
  { name: "3: eval -- echo", command: "eval -- echo rm" },
  { name: "3: env - echo", command: "env - echo rm" },
  { name: "4: history -s harmless; fc -s", command: "history -s 'echo rm'; fc -s" },
  { name: "4: history listing", command: "history | tail -1" },
  { name: "5: sed printing", command: "sed -n '1p' file.txt" },
  { name: "5: sed substituting in place", command: "sed -i 's/foo/bar/' file.txt" },
  { name: "5: sed with a w file", command: "sed -n 'w out.txt' file.txt" },
  { name: "5: git -c harmless key", command: "git -c color.ui=never version" },
  { name: "5: tar creating", command: "tar -cf out.tar file.txt" },
  { name: "5: tar -I gzip", command: "tar -I gzip -cf out.tgz file.txt" },
  { name: "5: awk printing", command: "awk '{ print $1 }' file.txt" },
  { name: "5: awk print | sort", command: "awk '{ print | \"sort\" }' file.txt" },
  { name: "5: awk mentions system in a string", command: "awk 'BEGIN { print \"system(rm)\" }'" },
  {
    name: "5: vim editing",
    command: "vim -es -u NONE -i NONE -c '%s/foo/bar/g' -c 'wq' file.txt",
    needs: ["vim"],
  },
  { name: "6: python3 -c print", command: "python3 -c 'print(1)'", needs: ["python3"] },
  {
    name: "6: python3 -c mentions rm",
    command: "python3 -c 'print(\"rm -rf victim\")'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c list.remove",
    command: "python3 -c 'a = [1, 2]; a.remove(1); print(a)'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c subprocess of echo",
    command: 'python3 -c \'import subprocess; subprocess.run(["echo", "rm"])\'',
    needs: ["python3"],
  },
  {
    name: "6: python3 -c reads a file",
    command: "python3 -c 'print(open(\"file.txt\").read())'",
    needs: ["python3"],
  },
  {
    name: "6: python3 -c json from stdin",
    command: "cat data.json | python3 -c 'import json,sys; print(json.load(sys.stdin))'",
    needs: ["python3"],
  },
  {
    name: "6: python3 heredoc print",
    command: "python3 - <<'EOF'\nprint('rm')\nEOF",
    needs: ["python3"],
  },
  { name: "6: node -e console.log", command: "node -e 'console.log(\"curl\")'", needs: ["node"] },
  { name: "6: node -p", command: "node -p '1 + 1'", needs: ["node"] },
  {
    name: "6: node -e execSync of echo",
    command: 'node -e \'require("child_process").execSync("echo rm")\'',
    needs: ["node"],
  },
  {
    name: "6: node -e regex exec",
    command: "node -e 'console.log(/r(m)/.exec(\"rm\"))'",
    needs: ["node"],
  },
  { name: "6: perl -ne", command: "perl -ne 'print if /rm/' file.txt", needs: ["perl"] },
  { name: "6: perl -pi -e", command: "perl -pi -e 's/foo/bar/g' file.txt", needs: ["perl"] },
  { name: "6: perl -e print", command: "perl -e 'print \"hello\\n\"'", needs: ["perl"] },
  {
    name: "6: perl -MData::Dumper",
    command: "perl -MData::Dumper -e 'print Dumper([1])'",
    needs: ["perl"],
  },
  { name: "found: find without -delete", command: "find . -name victim" },
  { name: "found: grep -r skips the links in the tree", command: "grep -r secret docs" },
  { name: "found: tar stores a link as a link", command: "tar -cf out.tar docs" },
  {
    name: "found: zip -ry stores a link as a link",
    command: "zip -qry out.zip docs",
    needs: ["zip"],
  },
  { name: "found: cp -r copies a link as a link", command: "cp -r docs out" },
  { name: "found: find -exec without -L", command: "find docs -type f -exec cat {} +" },
  { name: "found: a harmless configured git alias", command: "git lol" },
  { name: "found: a glob that meets no link", command: "cat docs/*.md" },
  { name: "found: grep --re is ambiguous (grep refuses it)", command: "grep --re secret docs" },
  // Issue 22: the same options on other files (the read and write classes' twins).
  { name: "22: grep --exclude-from=FILE", command: "grep --exclude-from=list.txt foo file.txt" },
  { name: "22: grep -fFILE (glued)", command: "grep -flist.txt file.txt" },
  { name: "22: du -X FILE", command: "du -X list.txt docs", needs: ["du"] },
  { name: "22: tar -X FILE", command: "tar -cf out.tar -X list.txt file.txt" },
  { name: "22: tar -C DIR when creating", command: "tar -cf out.tar -C docs guide.md" },
  { name: "22: tar cbf 20", command: "tar cbf 20 out.tar docs" },
  { name: "22: cp -r --preserve", command: "cp -r --preserve docs out" },
  {
    name: "22: git ls-files -X FILE",
    command: "git init -q r && git -C r ls-files -X ../list.txt",
  },
  { name: "22: hexdump -f FILE", command: "hexdump -f list.txt file.txt", needs: ["hexdump"] },
  { name: "22: strings @FILE", command: "strings @list.txt", needs: ["strings"] },
  { name: "22: env -iC DIR", command: "env -iC docs cat guide.md" },
  { name: "22: sudo -D DIR", command: "sudo -D docs cat guide.md" },
  { name: "22: sed -l N with r FILE", command: "sed -l 5 'r list.txt' file.txt" },
  { name: "22: gsed -i elsewhere", command: "gsed -i s/x/y/ file.txt" },
  { name: "22: mkdir --context elsewhere", command: "mkdir --context out" },
  { name: "22: cp --no-preserve elsewhere", command: "cp file.txt docs --no-preserve mode" },
  { name: "22: shuf --out elsewhere", command: "shuf --out out.txt file.txt", needs: ["shuf"] },
  { name: "22: tar cbf 20 elsewhere", command: "tar cbf 20 out.tar file.txt" },
  {
    name: "22: gtar -t -C (listing)",
    command: "tar -cf a.tar file.txt && gtar -tf a.tar -C protected",
  },
  { name: "22: tar -cf of protected/ (no --remove-files)", command: "tar -cf out.tar protected/f" },
  { name: "22: zip of protected/ (no -m)", command: "zip -q out.zip protected/f", needs: ["zip"] },
  { name: "22: xxd IN OUT elsewhere", command: "xxd file.txt out", needs: ["xxd"] },
  { name: "22: zstd -o elsewhere", command: "zstd -q -o out.zst protected/f", needs: ["zstd"] },
  { name: "22: gawk reading protected/", command: "gawk 1 protected/f", needs: ["gawk"] },
  {
    name: "22: perl5.36 -p reading protected/",
    command: "perl5.36 -p -e 1 protected/f",
    needs: ["perl5.36"],
  },
  { name: "22: ruby -p reading protected/", command: "ruby -p -e 1 protected/f", needs: ["ruby"] },
  { name: "22: flock elsewhere", command: "flock out.lock true" },
  { name: "22: time -o elsewhere", command: "\\time -o out.t true", needs: ["time"] },
  {
    name: "22: iconv -o elsewhere",
    command: "iconv -f utf8 -t latin1 -o out protected/f",
    needs: ["iconv"],
  },
  {
    name: "22: ssh-keygen -f elsewhere",
    command: "ssh-keygen -q -t ed25519 -N '' -f out.k",
    needs: ["ssh-keygen"],
  },
  {
    name: "22: sqlite3 DB elsewhere",
    command: "sqlite3 out.db 'create table t(a)'",
    needs: ["sqlite3"],
  },
  { name: "22: git merge-file -p", command: "git merge-file -p protected/f file.txt list.txt" },
  { name: "22: find -fprintf elsewhere", command: "find . -maxdepth 0 -fprintf out %p" },
  // Issue 22, phase 2: the same shapes, harmless.
  { name: "22: split --filt= of cat", command: "split --filt='cat > /dev/null' file.txt" },
  {
    name: "22: tar --checkpoint-act of echo",
    command: "tar --checkpoint=1 --checkpoint-act exec='echo x' -cf out.tar file.txt",
  },
  { name: "22: zip without -m", command: "zip -q out.zip victim", needs: ["zip"] },
  { name: "22: tar without --remove-files", command: "tar -cf out.tar victim" },
  {
    name: "22: git url.https insteadOf",
    command: "git -c url.https://example.invalid/.insteadOf=gh: version",
  },
  { name: "22: SHELL for a program that reads none", command: "SHELL=rm true" },
  { name: "22: flock -c of echo", command: "flock out.lock -c 'echo x'" },
  { name: "22: TZ=UTC date", command: "TZ=UTC date" },
  { name: "22: MAGIC unset, file", command: "file file.txt", needs: ["file"] },
  { name: "22: GIT_TRACE=1", command: "GIT_TRACE=1 git version 2> /dev/null" },
  { name: "22: awk print | sort", command: `awk 'BEGIN { print "b"; print "a" | "sort" }'` },
  { name: "22: awk print echo | sh", command: `awk 'BEGIN { print "echo x" | "sh" }'` },
  { name: "22: python webbrowser names no program", command: `python3 -c 'import webbrowser'` },
  { name: "22: python -m timeit of arithmetic", command: "python3 -m timeit -n 1 -r 1 '1+1'" },
  { name: "22: d=DIR; cat $d/FILE elsewhere", command: "d=.; cat $d/file.txt" },
  { name: "22: for f in GLOB elsewhere", command: `for f in *.txt; do cat "$f"; done` },
  { name: "22: echo $(date)", command: `echo "$(date)"` },
  {
    name: "22: python3 -c CODE PATH elsewhere",
    command: `python3 -c 'import sys; open(sys.argv[1], "w")' out.txt`,
  },
  // Ordinary work a merge had refused or asked about, and jq's spec.
  { name: "27: a loop over $(seq) opens nothing", command: "for t in $(seq 3); do echo $t; done" },
  { name: "27: [ of a computed number", command: `[ "$(ls | wc -l)" -ge 1 ] && echo big` },
  { name: "27: a writer's own glob", command: "cp *.txt docs/ > log.txt" },
  {
    name: "27: jq -rf FILE elsewhere",
    command: "echo . > f.jq && jq -rf f.jq data.json",
    needs: ["jq"],
  },
  { name: "27: env SHELL for a program that reads none", command: "env S''HELL=rm true" },
];
