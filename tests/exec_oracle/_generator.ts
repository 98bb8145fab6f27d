/**
 * A seeded generator of shell commands for the execution oracle: a denied action (running
 * `rm`, `curl` or `wget`, removing a planted file, reading `secrets/key`, by an operand or by an
 * option's value (issue 22), writing below `protected/`) or a harmless one,
 * spelled in many ways, put inside wrappers, shells, substitutions, compound commands,
 * bindings, history, programs that run a command from their arguments and interpreters,
 * nested up to three deep, with ordinary parts around it. What each command really does is
 * not the generator's to say: bash and strace say it (`_judge.ts`).
 *
 * Every word a command names is relative to the work tree, and no operand leaves it.
 *
 * @module
 */

/** A generated command and the families it was built from (for the report). */
export interface Generated {
  /** The command text. */
  command: string;
  /** The shapes used, outermost first (`xargs-env`, `python-system`, ...). */
  families: string[];
}

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A single-quoted shell word. */
export const q = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
/** A double-quoted string of Python, JavaScript or Perl (no `$`/`@` interpolation in Perl). */
const dq = (s: string): string => JSON.stringify(s).replaceAll("$", "\\$").replaceAll("@", "\\@");

type Pick = <T>(xs: readonly T[]) => T;

/** The denied actions, as simple commands (words a shell reads). */
const DENIED: readonly [string, string][] = [
  ["rm", "rm -rf victim"],
  ["rm", "rm x"],
  ["curl", "curl -s http://127.0.0.1:9/x"],
  ["wget", "wget -q x"],
  ["read", "cat secrets/key"],
  ["read", "head -c 3 secrets/key"],
  ["read", "cat link-secrets/key"],
  ["read", "grep -r the secrets"],
  ["read", "cat < secrets/key"],
  ["remove", "find . -name victim -delete"],
  ["remove", "unlink victim"],
  // Issue 22: a file an option reads, a directory an option works in.
  ["read", "grep --exclude-from=secrets/key x file.txt"],
  ["read", "grep --exclude-fr=secrets/key x file.txt"],
  ["read", "tar -cf out.tar -C secrets key"],
  ["read", "hexdump -f secrets/key file.txt"],
  ["read", "env -iC secrets cat key"],
  ["read", "sed -l 5 rsecrets/key file.txt"],
  // Issue 22: writes below protected/ (the edit policy), by an option or an operand.
  ["write", "shuf --out protected/x file.txt"],
  ["write", "tar cbf 20 protected/o.tar file.txt"],
  ["write", "gsed -i s/p/q/ protected/f"],
  ["write", "flock protected/lock true"],
  ["write", "xxd file.txt protected/x"],
  ["write", "mkdir --context protected/d"],
  // Issue 22, phase 2: options that run in a prefix, programs that delete their sources,
  // variables that name a program or a file, programs skald has no spec for, computed paths.
  ["rm", "split --filt='rm victim' file.txt"],
  ["rm", "tar --checkpoint=1 --checkpoint-act exec='rm victim' -cf out.tar file.txt"],
  ["remove", "zip -qm out.zip victim"],
  ["remove", "tar -cf out.tar --remove-f victim"],
  ["rm", "SHELL=rm flock out.lock -c victim"],
  ["rm", "git -c protocol.ext.allow=always -c url.ext::rm.insteadOf=h: ls-remote h:x"],
  ["read", "TZDIR=secrets TZ=key date"],
  ["read", "HISTFILE=secrets/key; history -r"],
  ["read", "cat $(echo secrets/key)"],
  ["read", "d=secrets; cat $d/key"],
  ["write", "GIT_TRACE=$PWD/protected/t git version"],
  ["write", "python3 -c 'import sys; open(sys.argv[1], \"w\")' protected/x"],
];

/** Harmless commands, some of them only mentioning a denied name. */
const HARMLESS: readonly string[] = [
  "echo a",
  "true",
  "ls",
  "mytool run",
  "printf '%s\\n' b",
  "cat file.txt",
  "grep foo file.txt",
  "wc -l file.txt",
  "echo rm -rf victim",
  "grep rm file.txt",
  "echo curl",
  "make",
  "grep --exclude-from=list.txt x file.txt",
  "shuf --out out.txt file.txt",
  "split --filt='cat > /dev/null' file.txt",
  "zip -q out.zip file.txt",
  "TZ=UTC date",
  "d=.; cat $d/file.txt",
  "flock out.lock -c true",
];

/** Spellings of a command word bash runs as the same program. */
function spell(pick: Pick, name: string): [string, string] {
  const forms: [string, string][] = [
    ["plain", name],
    ["backslash", `\\${name}`],
    ["single-quoted", `'${name}'`],
    ["double-quoted", `"${name}"`],
    ["split-quotes", `${name[0]}''${name.slice(1)}`],
    ["ansi-c", `$'\\x${name.charCodeAt(0).toString(16)}${name.slice(1)}'`],
    ["path", `"$HOME"/../../bin/${name}`],
    ["continuation", `${name[0]}\\\n${name.slice(1)}`],
  ];
  return pick(forms);
}

/** One way to run `inner` (a command text) inside something else. */
type Shape = (inner: string, pick: Pick) => string;

/** Shapes that keep the words of `inner` as words (wrappers and the like). */
const WORD_SHAPES: Readonly<Record<string, Shape>> = {
  "sudo": (c) => `sudo ${c}`,
  "sudo-u": (c) => `sudo -u root -E ${c}`,
  "env": (c) => `env ${c}`,
  "env-i": (c) => `env -i PATH="$PATH" ${c}`,
  "env-dash": (c) => `env - PATH="$PATH" ${c}`,
  "env-ddash": (c) => `env -- ${c}`,
  "timeout": (c) => `timeout 5 ${c}`,
  "nice": (c) => `nice -n 1 ${c}`,
  "nohup": (c) => `nohup ${c}`,
  "stdbuf": (c) => `stdbuf -oL ${c}`,
  "setsid": (c) => `setsid -w ${c}`,
  "command": (c) => `command ${c}`,
  "command-ddash": (c) => `command -- ${c}`,
  "exec": (c) => `(exec ${c})`,
  "exec-ddash": (c) => `(exec -- ${c})`,
  "time": (c) => `time -p ${c}`,
  "assignment": (c) => `A=1 B='x y' ${c}`,
  "xargs": (c) => `xargs ${c} < /dev/null`,
  "find-exec": (c) => `find . -maxdepth 0 -exec ${c} \\;`,
  "flock": (c) => `flock -n list.txt ${c}`,
};

/** Shapes that take `inner` as a script text. */
const SCRIPT_SHAPES: Readonly<Record<string, Shape>> = {
  "bash-c": (c) => `bash -c ${q(c)}`,
  "sh-c": (c) => `sh -c ${q(c)}`,
  "dash-ec": (c) => `dash -ec ${q(c)}`,
  "eval": (c) => `eval ${q(c)}`,
  "eval-ddash": (c) => `eval -- ${q(c)}`,
  "builtin-eval-ddash": (c) => `builtin eval -- ${q(c)}`,
  "source-stdin": (c) => `. /dev/stdin <<< ${q(c)}`,
  "source-ddash": (c) => `source -- /dev/stdin <<< ${q(c)}`,
  "dot-ddash": (c) => `. -- /dev/stdin <<< ${q(c)}`,
  "bash-herestring": (c) => `bash <<< ${q(c)}`,
  "bash-heredoc": (c) => `bash <<'EOF'\n${c}\nEOF`,
  "pipe-to-sh": (c) => `echo ${q(c)} | sh`,
  "subst": (c) => `echo $(${c})`,
  "backticks": (c) => `echo "\`${c.replaceAll("\\", "\\\\").replaceAll("`", "\\`")}\`"`,
  "dq-subst": (c) => `echo "$(${c})"`,
  "proc-subst": (c) => `cat <(${c})`,
  "out-subst": (c) => `echo a > >(${c})`,
  "arith": (c) => `echo $(( $(${c}; echo 1) ))`,
  "default-subst": (c) => `echo \${U:-$(${c})}`,
  "subshell": (c) => `(${c})`,
  "brace": (c) => `{ ${c}; }`,
  "if": (c) => `if true; then ${c}; fi`,
  "for": (c) => `for i in 1; do ${c}; done`,
  "while": (c) => `while ${c}; do break; done`,
  "function": (c) => `f() { ${c}; }; f`,
  "and": (c, pick) => `${pick(HARMLESS)} && ${c}`,
  "semicolon": (c, pick) => `${pick(HARMLESS)}; ${c}`,
  "pipe": (c, pick) => `${pick(HARMLESS)} | ${c}`,
  "or": (c) => `false || ${c}`,
  "background": (c) => `${c} & wait`,
  "newline": (c, pick) => `${pick(HARMLESS)}\n${c}`,
  "trap": (c) => `trap ${q(c)} EXIT`,
  // Class 1: what runs comes from standard input.
  "xargs-sh": (c) => `echo ${q(q(c))} | xargs sh -c`,
  "xargs-I-bash": (c) => `echo ${q(c.replaceAll("'", ""))} | xargs -I{} bash -c {}`,
  "xargs-I-herestring": (c) => `xargs -0 -I{} sh -c {} <<< ${q(c)}`,
  // Class 2: a name bound to another program.
  "alias-eval": (c) => `shopt -s expand_aliases; alias e=eval\ne ${q(c)}`,
  "alias-source": (c) => `shopt -s expand_aliases; alias s=source\ns /dev/stdin <<< ${q(c)}`,
  // Class 4: history run again.
  "history-fc-s": (c) => `history -s ${q(c)}; fc -s`,
  "history-fc-e": (c) => `history -s ${q(c)}; fc -e -`,
  // Class 5: programs that run a command written in their arguments.
  "sed-e": (c) => `sed -n ${q(`1e ${c.replaceAll("\n", " ")}`)} file.txt`,
  "git-alias": (c) => `git -c alias.q=${q(`!${c}`)} q`,
  "git-pager": (c) => `git -c core.pager=${q(c)} -p version`,
  "tar-I": (c) => `tar -I ${q(c)} -cf out.tar file.txt`,
  "tar-compress": (c) => `tar --use-compress-program=${q(c)} -cf out.tar file.txt`,
  "tar-checkpoint": (c) =>
    `tar --checkpoint=1 --checkpoint-action=exec=${q(c)} -cf out.tar file.txt`,
  "awk-system": (c) => `awk ${q(`BEGIN { system(${JSON.stringify(c)}) }`)}`,
  "awk-pipe": (c) => `awk ${q(`BEGIN { print "x" | ${JSON.stringify(c)} }`)}`,
  "awk-getline": (c) => `awk ${q(`BEGIN { ${JSON.stringify(c)} | getline }`)}`,
  "vim-bang": (c) => `vim -es -u NONE -i NONE -c ${q(`!${c}`)} -c 'q!'`,
  "ssh-proxy": (c) =>
    `ssh -F /dev/null -o BatchMode=yes -o ProxyCommand=${q(c)} h true 2>/dev/null`,
  // Class 6: interpreters running inline code.
  "python-system": (c) => `python3 -c ${q(`import os; os.system(${dq(c)})`)}`,
  "python-subprocess-shell": (c) =>
    `python3 -c ${q(`import subprocess; subprocess.run(${dq(c)}, shell=True)`)}`,
  "python-popen": (c) => `python3 -c ${q(`import os; os.popen(${dq(c)}).read()`)}`,
  "python-heredoc": (c) => `python3 <<'EOF'\nimport os\nos.system(${dq(c)})\nEOF`,
  "python-herestring": (c) => `python3 - <<< ${q(`import os; os.system(${dq(c)})`)}`,
  "python-pipe": (c) => `echo ${q(`import os; os.system(${dq(c)})`)} | python3`,
  "node-execSync": (c) => `node -e ${q(`require("child_process").execSync(${dq(c)})`)}`,
  "node-eval-flag": (c) => `node --eval ${q(`require("child_process").execSync(${dq(c)})`)}`,
  "perl-system": (c) => `perl -e ${q(`system(${dq(c)})`)}`,
  "perl-backticks": (c) => `perl -e ${q(`\`${c.replaceAll("`", "")}\``)}`,
  // Issue 22, phase 2: options that run a command, in a prefix of their name.
  "tar-to-comm": (c) => `tar -cf t.tar x && tar -xf t.tar --to-comm=${q(c)}`,
  "split-filt": (c) => `split --filt=${q(c)} file.txt`,
  // 50 lines overflow `-S 1K` (sort spills from about 15 lines here) and start the compressor
  // several times (8 to 54 here, by program); 100,000 lines started it thousands of times (30 s
  // under strace for python3).
  "sort-compress-prog": (c) =>
    `seq 1 50 | sort -S 1K -T . --compress-prog=${c.split(" ")[0]} > /dev/null`,
  "git-ext-insteadof": (c) =>
    `git -c protocol.ext.allow=always -c ${
      q(`url.ext::sh -c ${c.replaceAll("%", "%%").replaceAll(" ", "% ")}.insteadOf=h:`)
    } ls-remote h:x 2>/dev/null`,
  // Variables that name a program.
  "shell-flock": (c) =>
    `SHELL=${c.split(" ")[0]} flock out.lock -c ${q(c.split(" ").slice(1).join(" "))}`,
  "git-ssh-command": (c) => `GIT_SSH_COMMAND=${q(c)} git ls-remote h:x 2>/dev/null`,
  // Inline code.
  "awk-print-sh": (c) => `awk ${q(`BEGIN { print ${JSON.stringify(c)} | "sh" }`)}`,
  "python-nfkc": (c) =>
    `python3 -c ${q(`import os; os.\uff53\uff59\uff53\uff54\uff45\uff4d(${dq(c)})`)}`,
  "python-webbrowser": (c) =>
    `python3 -c ${q(`import webbrowser; webbrowser.get(${dq(`sh -c ${q(c)} %s`)}).open("u")`)}`,
  "python-pipepager": (c) => `python3 -c ${q(`import pydoc; pydoc.pipepager("x", ${dq(c)})`)}`,
  "python-timeit": (c) => `python3 -m timeit -n 1 -r 1 -s 'import os' ${q(`os.system(${dq(c)})`)}`,
  "python-runsource": (c) =>
    `python3 -c ${
      q(`import code; code.InteractiveInterpreter().runsource(${
        dq(`import os; os.system(${dq(c)})`)
      })`)
    }`,
  "perl-ipc-cmd": (c) => `perl -MIPC::Cmd=run -e ${q(`run(command => ${dq(c)})`)}`,
  // A path only known when it runs: the command's words come out of a substitution.
  "computed-words": (c) => `$(echo ${q(c.split(" ")[0]!)}) ${c.split(" ").slice(1).join(" ")}`,
};

/** Shapes that take `inner` as words of a program to start (argv, not a script). */
const ARGV_SHAPES: Readonly<Record<string, (argv: string[]) => string>> = {
  "xargs-env": (a) => `echo ${a.join(" ")} | xargs env`,
  "xargs0-env": (a) => `printf '%s\\0' ${a.map(q).join(" ")} | xargs -0 env`,
  "xargs-sudo-file": (a) => `printf '%s\\n' ${a.map(q).join(" ")} > args; xargs sudo < args`,
  "hash-p": (a) => `hash -p ../../bin/${a[0]} ls; ls ${a.slice(1).join(" ")}`,
  "bash-cmds": (a) => `BASH_CMDS[ls]=../../bin/${a[0]}; ls ${a.slice(1).join(" ")}`,
  "alias-command": (a) => `shopt -s expand_aliases; alias c=command\nc ${a.join(" ")}`,
  "alias-name": (a) => `shopt -s expand_aliases; alias l=${a[0]}\nl ${a.slice(1).join(" ")}`,
  "python-subprocess-list": (a) =>
    `python3 -c ${q(`import subprocess; subprocess.run([${a.map(dq).join(", ")}])`)}`,
  "python-execvp": (a) =>
    `python3 -c ${q(`import os; os.execvp(${dq(a[0]!)}, [${a.map(dq).join(", ")}])`)}`,
  "node-spawnSync": (a) =>
    `node -e ${
      q(`require("child_process").spawnSync(${dq(a[0]!)}, [${a.slice(1).map(dq).join(", ")}])`)
    }`,
  "perl-system-list": (a) => `perl -e ${q(`system(${a.map(dq).join(", ")})`)}`,
  "find-exec-argv": (a) => `find . -maxdepth 0 -exec ${a.join(" ")} \\;`,
};

/** Removals written in an interpreter's own calls (class 6). */
const REMOVALS: readonly [string, string][] = [
  ["python-os-remove", `python3 -c 'import os; os.remove("victim")'`],
  ["python-shutil-rmtree", `mkdir -p d && python3 -c 'import shutil; shutil.rmtree("d")'`],
  ["python-pathlib-unlink", `python3 -c 'import pathlib; pathlib.Path("victim").unlink()'`],
  ["node-rmSync", `node -e 'require("fs").rmSync("victim")'`],
  ["node-unlinkSync", `node -e 'require("fs").unlinkSync("victim")'`],
  ["perl-unlink", `perl -e 'unlink "victim"'`],
  ["python-dynamic-remove", `python3 -c 'import os,sys; os.remove(sys.argv[1])' victim`],
];

/** Reads written in an interpreter's own calls (class 6). */
const READS: readonly [string, string][] = [
  ["python-open", `python3 -c 'print(open("secrets/key").read())'`],
  ["node-readFileSync", `node -e 'console.log(require("fs").readFileSync("secrets/key", "utf8"))'`],
  ["perl-open", `perl -e 'open(my $f, "<", "secrets/key"); print <$f>'`],
];

/**
 * Generates `count` commands from a seed.
 *
 * @param seed the seed
 * @param count how many
 * @returns the commands, each with its families
 */
export function generate(seed: number, count: number): Generated[] {
  const r = random(seed);
  const pick: Pick = (xs) => xs[Math.floor(r() * xs.length)]!;
  const wordShapes = Object.entries(WORD_SHAPES);
  const scriptShapes = Object.entries(SCRIPT_SHAPES);
  const argvShapes = Object.entries(ARGV_SHAPES);
  const out: Generated[] = [];
  for (let n = 0; n < count; n++) {
    const families: string[] = [];
    let command: string;
    const roll = r();
    if (roll < 0.12) {
      const [name, text] = pick(r() < 0.6 ? REMOVALS : READS);
      families.push(name);
      command = text;
    } else if (roll < 0.2) {
      families.push("harmless");
      command = pick(HARMLESS);
    } else {
      const [kind, text] = pick(DENIED);
      families.push(kind);
      const [name, ...args] = text.split(" ");
      command = text;
      if (r() < 0.25 && !command.includes("<")) {
        const [shape, make] = pick(argvShapes);
        families.push(shape);
        command = make(text.split(" "));
      } else if (kind !== "read" && kind !== "remove" && r() < 0.4) {
        const [how, word] = spell(pick, name!);
        families.push(`spell-${how}`);
        command = [word, ...args].join(" ");
      }
    }
    const depth = Math.floor(r() * 4);
    for (let d = 0; d < depth; d++) {
      if (r() < 0.3) {
        const [shape, make] = pick(wordShapes);
        // A wrapper runs a program: it is put only around a simple command.
        if (/^[A-Za-z"'$\\]/.test(command) && !/[;&|<>(){}\n`]/.test(command)) {
          families.push(shape);
          command = make(command, pick);
          continue;
        }
      }
      const [shape, make] = pick(scriptShapes);
      families.push(shape);
      command = make(command, pick);
    }
    if (r() < 0.2) {
      families.push("mixed");
      command = `${pick(HARMLESS)}; ${command}`;
    }
    out.push({ command, families: families.reverse() });
  }
  return out;
}
