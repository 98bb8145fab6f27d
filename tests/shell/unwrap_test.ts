/**
 * The deny view: every command a deny or ask rule is held against, and what is hidden. The
 * spec takes off leading keywords, wrappers and `VAR=value`; the issue ("spec+") asks more,
 * because a deny rule is a promise: nested shells, `eval`, `xargs`, `find -exec`, quoted or
 * escaped command words, command paths. What cannot be seen is hidden, never dropped.
 */

import assert from "node:assert/strict";
import { parseShell } from "../../lib/shell/parse.ts";
import { analyzeCommand } from "../../lib/shell/split.ts";
import { denyView } from "../../lib/shell/unwrap.ts";
import { RUNNERS, SCANNED, SCRIPT_BUILTINS, STDIN_RUNNERS } from "../../lib/shell/runners.ts";
import { SHELLS, wrapperSpecs } from "../../lib/shell/wrappers.ts";

type Tokens = (string | null)[];

interface ViewCase {
  name: string;
  input: string;
  expected: {
    /** Every candidate's tokens, in order. */
    candidates?: Tokens[];
    /** Candidates that must be there. */
    some?: Tokens[];
    /** Candidates that must not be there. */
    none?: Tokens[];
    /** One entry per hidden part: a text its reason holds. */
    hidden: string[];
  };
}

const VIEW: ViewCase[] = [
  {
    name: "spec: leading keywords taken off",
    input: "if rm -rf x; then ! rm y; fi",
    expected: {
      candidates: [
        ["if", "rm", "-rf", "x"],
        ["rm", "-rf", "x"],
        ["then", "!", "rm", "y"],
        ["!", "rm", "y"],
        ["rm", "y"],
        ["fi"],
      ],
      hidden: [],
    },
  },
  {
    name: "keywords: while/until/do/else/elif/{",
    input: "while true; do rm a; done; until false; do { rm b; }; done",
    expected: {
      candidates: [
        ["while", "true"],
        ["true"],
        ["do", "rm", "a"],
        ["rm", "a"],
        ["done"],
        ["until", "false"],
        ["false"],
        ["do", "{", "rm", "b"],
        ["{", "rm", "b"],
        ["rm", "b"],
        ["}"],
      ],
      hidden: [],
    },
  },
  {
    name: "keyword after an assignment is a command (both held)",
    input: "A=1 if rm x",
    expected: {
      candidates: [["A=1", "if", "rm", "x"], ["if", "rm", "x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "spec: VAR=value assignments taken off",
    input: "FOO=1 BAR='a b' rm -rf x",
    expected: {
      candidates: [["FOO=1", "BAR=a b", "rm", "-rf", "x"], ["rm", "-rf", "x"]],
      hidden: [],
    },
  },
  {
    name: "array assignment taken off",
    input: "a[0]=1 rm x",
    expected: { candidates: [[null, "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "assignment with line continuation taken off",
    input: "A\\\n=1 rm x",
    expected: { candidates: [["A=1", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "quoted keyword is a command",
    input: "'if' rm x",
    expected: { candidates: [["if", "rm", "x"]], hidden: [] },
  },
  {
    name: "function keyword and name taken off",
    input: "function f { rm -rf x; }",
    expected: {
      candidates: [["function", "f", "{", "rm", "-rf", "x"], ["{", "rm", "-rf", "x"], [
        "rm",
        "-rf",
        "x",
      ], ["}"]],
      hidden: [],
    },
  },
  {
    name: "\\rm is rm",
    input: "\\rm -rf x",
    expected: { candidates: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "'r'm is rm",
    input: "'r'm -rf x",
    expected: { candidates: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: '"rm" is rm',
    input: '"rm" -rf x',
    expected: { candidates: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "$'\\x72m' is rm",
    input: "$'\\x72m' -rf x",
    expected: { candidates: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "$'rm\\0junk' is rm",
    input: "$'rm\\0junk' -rf x",
    expected: { candidates: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "line continuation in the command word",
    input: "r\\\nm -rf x",
    expected: { candidates: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "absolute path /bin/rm is rm",
    input: "/bin/rm -rf x",
    expected: { candidates: [["/bin/rm", "-rf", "x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "relative path ./rm is rm",
    input: "./bin/rm x",
    expected: { candidates: [["./bin/rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: '"$x"/rm is rm under some directory',
    input: '"$d"/rm x',
    expected: { candidates: [[null, "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "$x/rm unquoted is hidden: bash splits $x, whose first word runs",
    input: "$d/rm x",
    expected: { candidates: [[null, "x"]], hidden: ["$d/rm"] },
  },
  {
    name: "brace command word is hidden",
    input: "{rm,-rf,x}",
    expected: {
      candidates: [[null]],
      hidden: ["the command {rm,-rf,x} is only known when it runs"],
    },
  },
  {
    name: "brace with quotes is hidden",
    input: "{'rm',-rf,x}",
    expected: {
      candidates: [[null]],
      hidden: ["the command {'rm',-rf,x} is only known when it runs"],
    },
  },
  {
    name: "glob command word is hidden",
    input: "r? -rf x",
    expected: {
      candidates: [[null, "-rf", "x"]],
      hidden: ["the command r? is only known when it runs"],
    },
  },
  {
    name: "glob in the directory keeps the name",
    input: "/b?n/rm x",
    expected: { candidates: [[null, "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "bracket glob is hidden",
    input: "[r]m x",
    expected: {
      candidates: [[null, "x"]],
      hidden: ["the command [r]m is only known when it runs"],
    },
  },
  {
    name: "$cmd is hidden",
    input: "$cmd -rf x",
    expected: {
      candidates: [[null, "-rf", "x"]],
      hidden: ["the command $cmd is only known when it runs"],
    },
  },
  {
    name: "${cmd} is hidden",
    input: "${cmd:-rm} x",
    expected: {
      candidates: [[null, "x"]],
      hidden: ["the command ${cmd:-rm} is only known when it runs"],
    },
  },
  {
    name: "$(...) as the command is hidden",
    input: "$(echo rm) -rf x",
    expected: {
      candidates: [[null, "-rf", "x"], ["echo", "rm"]],
      hidden: ["the command $(echo rm) is only known when it runs"],
    },
  },
  {
    name: "empty command word is hidden",
    input: "'' x",
    expected: { candidates: [["", "x"]], hidden: ["the command '' is only known when it runs"] },
  },
  {
    name: "sudo",
    input: "sudo rm x",
    expected: { candidates: [["sudo", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "sudo with options and arguments",
    input: "sudo -u root -E --preserve-env -- rm x",
    expected: {
      candidates: [["sudo", "-u", "root", "-E", "--preserve-env", "--", "rm", "x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "sudo -uroot and --user=root",
    input: "sudo -uroot --user=root -g wheel rm x",
    expected: {
      candidates: [["sudo", "-uroot", "--user=root", "-g", "wheel", "rm", "x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "sudo VAR=value",
    input: "sudo FOO=1 rm x",
    expected: { candidates: [["sudo", "FOO=1", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "sudo -l runs nothing",
    input: "sudo -l rm",
    expected: { candidates: [["sudo", "-l", "rm"]], hidden: [] },
  },
  {
    name: "sudo -v runs nothing",
    input: "sudo -v",
    expected: { candidates: [["sudo", "-v"]], hidden: [] },
  },
  {
    name: "sudo -s on a pipe reads a script",
    input: "curl x | sudo -s",
    expected: {
      candidates: [["curl", "x"], ["sudo", "-s"]],
      hidden: ["sudo reads its script from a pipe"],
    },
  },
  {
    name: "sudo -i with a heredoc",
    input: "sudo -i <<EOF\nrm -rf x\nEOF",
    expected: { candidates: [["sudo", "-i"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "unknown sudo option: every later word tried",
    input: "sudo --frobnicate rm x",
    expected: { candidates: [["sudo", "--frobnicate", "rm", "x"], ["rm", "x"], ["x"]], hidden: [] },
  },
  {
    name: "doas",
    input: "doas -u root rm x",
    expected: { candidates: [["doas", "-u", "root", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "env",
    input: "env -i PATH=/bin rm x",
    expected: { candidates: [["env", "-i", "PATH=/bin", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "env -u and --chdir",
    input: "env -u HOME --chdir=/tmp rm x",
    expected: {
      candidates: [["env", "-u", "HOME", "--chdir=/tmp", "rm", "x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "env -S script",
    input: "env -S 'rm -rf x'",
    expected: { candidates: [["env", "-S", "rm -rf x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "env --split-string=script",
    input: "env --split-string='rm -rf x'",
    expected: { candidates: [["env", "--split-string=rm -rf x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "timeout N",
    input: "timeout 5 rm x",
    expected: { candidates: [["timeout", "5", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "timeout with options",
    input: "timeout -s KILL -k 1 5s rm x",
    expected: {
      candidates: [["timeout", "-s", "KILL", "-k", "1", "5s", "rm", "x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "timeout --signal=",
    input: "timeout --signal=TERM --preserve-status 5 rm x",
    expected: {
      candidates: [["timeout", "--signal=TERM", "--preserve-status", "5", "rm", "x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "nice -n",
    input: "nice -n 10 rm x",
    expected: { candidates: [["nice", "-n", "10", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "nice -N",
    input: "nice -5 rm x",
    expected: { candidates: [["nice", "-5", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "nice --adjustment=",
    input: "nice --adjustment=5 rm x",
    expected: { candidates: [["nice", "--adjustment=5", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "nohup",
    input: "nohup rm x &",
    expected: { candidates: [["nohup", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "ssh-agent CMD (the sixth red team's)",
    input: "ssh-agent -t 60 rm x",
    expected: { candidates: [["ssh-agent", "-t", "60", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "setarch ARCH CMD",
    input: "setarch x86_64 -R rm x",
    expected: { candidates: [["setarch", "x86_64", "-R", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "linux32 CMD",
    input: "linux32 rm x",
    expected: { candidates: [["linux32", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "linux64 CMD",
    input: "linux64 -R rm x",
    expected: { candidates: [["linux64", "-R", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "command",
    input: "command rm x",
    expected: { candidates: [["command", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "command -p",
    input: "command -p rm x",
    expected: { candidates: [["command", "-p", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "command -v rm runs nothing",
    input: "command -v rm",
    expected: { candidates: [["command", "-v", "rm"]], hidden: [] },
  },
  {
    name: "command -V rm runs nothing",
    input: "command -V rm",
    expected: { candidates: [["command", "-V", "rm"]], hidden: [] },
  },
  {
    name: "builtin",
    input: "builtin eval 'rm x'",
    expected: {
      candidates: [["builtin", "eval", "rm x"], ["eval", "rm x"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "exec",
    input: "exec rm x",
    expected: { candidates: [["exec", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "exec -a name",
    input: "exec -a foo -c rm x",
    expected: { candidates: [["exec", "-a", "foo", "-c", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "time",
    input: "time rm x",
    expected: { candidates: [["time", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "time -p",
    input: "time -p rm x",
    expected: { candidates: [["time", "-p", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "stdbuf",
    input: "stdbuf -oL rm x",
    expected: { candidates: [["stdbuf", "-oL", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "ionice",
    input: "ionice -c 3 rm x",
    expected: { candidates: [["ionice", "-c", "3", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "setsid",
    input: "setsid -f rm x",
    expected: { candidates: [["setsid", "-f", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "taskset",
    input: "taskset -c 0 rm x",
    expected: { candidates: [["taskset", "-c", "0", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "chrt",
    input: "chrt -f 10 rm x",
    expected: { candidates: [["chrt", "-f", "10", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "chroot",
    input: "chroot /srv rm x",
    expected: { candidates: [["chroot", "/srv", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "flock FILE CMD",
    input: "flock /tmp/l rm x",
    expected: { candidates: [["flock", "/tmp/l", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "flock -c script",
    input: "flock /tmp/l -c 'rm -rf x'",
    expected: {
      candidates: [["flock", "/tmp/l", "-c", "rm -rf x"], ["rm", "-rf", "x"]],
      hidden: [],
    },
  },
  {
    name: "watch joins its words into a script",
    input: "watch -n 1 rm x \\| cat",
    expected: {
      candidates: [["watch", "-n", "1", "rm", "x", "|", "cat"], ["rm", "x"], ["cat"]],
      hidden: [],
    },
  },
  {
    name: "busybox",
    input: "busybox rm x",
    expected: { candidates: [["busybox", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "toybox",
    input: "toybox rm x",
    expected: { candidates: [["toybox", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "unbuffer",
    input: "unbuffer -p rm x",
    expected: { candidates: [["unbuffer", "-p", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "caffeinate",
    input: "caffeinate -i rm x",
    expected: { candidates: [["caffeinate", "-i", "rm", "x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "wrappers stacked",
    input: "sudo nice -n 5 timeout 10 env A=1 nohup rm -rf x",
    expected: {
      candidates: [
        ["sudo", "nice", "-n", "5", "timeout", "10", "env", "A=1", "nohup", "rm", "-rf", "x"],
        ["nice", "-n", "5", "timeout", "10", "env", "A=1", "nohup", "rm", "-rf", "x"],
        ["timeout", "10", "env", "A=1", "nohup", "rm", "-rf", "x"],
        ["env", "A=1", "nohup", "rm", "-rf", "x"],
        ["nohup", "rm", "-rf", "x"],
        ["rm", "-rf", "x"],
      ],
      hidden: [],
    },
  },
  {
    name: "more than 256 wrappers are hidden",
    input: "nice ".repeat(300) + "rm x",
    expected: {
      none: [["rm", "x"]],
      hidden: ["more than 256 wrappers"],
    },
  },
  {
    name: "xargs CMD: the words it reads are appended (issue 10, class 1)",
    input: "ls | xargs rm",
    expected: { candidates: [["ls"], ["xargs", "rm"], ["rm", null]], hidden: [] },
  },
  {
    name: "xargs with options: -I {} stands where it reads a word",
    input: "ls | xargs -0 -n 1 -I {} rm -f {}",
    expected: {
      candidates: [["ls"], ["xargs", "-0", "-n", "1", "-I", "{}", "rm", "-f", "{}"], [
        "rm",
        "-f",
        null,
      ]],
      hidden: [],
    },
  },
  {
    name: "xargs sh -c",
    input: "ls | xargs sh -c 'rm -rf \"$1\"' _",
    expected: {
      candidates: [["ls"], ["xargs", "sh", "-c", 'rm -rf "$1"', "_"], [
        "sh",
        "-c",
        'rm -rf "$1"',
        "_",
        null,
      ], ["rm", "-rf", null]],
      hidden: [],
    },
  },
  {
    name: "find -exec",
    input: "find . -name '*.tmp' -exec rm -f {} \\;",
    expected: {
      candidates: [["find", ".", "-name", "*.tmp", "-exec", "rm", "-f", "{}", ";"], [
        "rm",
        "-f",
        "{}",
      ]],
      hidden: [],
    },
  },
  {
    name: "find -execdir and -ok, ended by +",
    input: "find . -execdir rm {} + -ok rm -i {} \\;",
    expected: {
      candidates: [["find", ".", "-execdir", "rm", "{}", "+", "-ok", "rm", "-i", "{}", ";"], [
        "rm",
        "{}",
      ], ["rm", "-i", "{}"]],
      hidden: [],
    },
  },
  {
    name: "find -exec sh -c",
    input: "find . -exec sh -c 'rm x' \\;",
    expected: {
      candidates: [["find", ".", "-exec", "sh", "-c", "rm x", ";"], ["sh", "-c", "rm x"], [
        "rm",
        "x",
      ]],
      hidden: [],
    },
  },
  {
    name: "sudo find -exec",
    input: "sudo find / -exec rm {} +",
    expected: {
      candidates: [["sudo", "find", "/", "-exec", "rm", "{}", "+"], [
        "find",
        "/",
        "-exec",
        "rm",
        "{}",
        "+",
      ], ["rm", "{}"]],
      hidden: [],
    },
  },
  {
    name: "find -delete runs no command, but removes files: it counts as rm -rf (issue 10)",
    input: "find . -delete",
    expected: { candidates: [["find", ".", "-delete"], ["rm", "-rf", null]], hidden: [] },
  },
  {
    name: "parallel: every word tried, with the words it reads after it",
    input: "parallel rm ::: a b",
    expected: {
      candidates: [
        ["parallel", "rm", ":::", "a", "b"],
        ["rm", ":::", "a", "b", null],
        [":::", "a", "b", null],
        ["a", "b", null],
        ["b", null],
      ],
      hidden: [],
    },
  },
  {
    name: "script -c: a word that reads as a script",
    input: "script -q -c 'rm -rf x' /dev/null",
    expected: {
      candidates: [
        ["script", "-q", "-c", "rm -rf x", "/dev/null"],
        ["rm -rf x", "/dev/null"],
        ["rm", "-rf", "x"],
        ["/dev/null"],
        ["null"],
      ],
      hidden: [],
    },
  },
  {
    name: "npx",
    input: "npx rimraf x",
    expected: { candidates: [["npx", "rimraf", "x"], ["rimraf", "x"], ["x"]], hidden: [] },
  },
  {
    name: "parallel stacked 30 times stays fast (each inner one may run a word it reads)",
    input: "parallel ".repeat(30) + "rm",
    expected: {
      some: [["parallel", "rm", null], ["rm", null]],
      hidden: Array(29).fill("<input> is only known when it runs"),
    },
  },
  {
    name: "spec+: bash -c",
    input: "bash -c 'rm -rf x'",
    expected: { candidates: [["bash", "-c", "rm -rf x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "sh -c",
    input: 'sh -c "rm -rf x && ls"',
    expected: {
      candidates: [["sh", "-c", "rm -rf x && ls"], ["rm", "-rf", "x"], ["ls"]],
      hidden: [],
    },
  },
  {
    name: "sh -lc",
    input: "sh -lc 'rm -rf x'",
    expected: { candidates: [["sh", "-lc", "rm -rf x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "bash -o opt -c",
    input: "bash -o pipefail -c 'rm x'",
    expected: { candidates: [["bash", "-o", "pipefail", "-c", "rm x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "bash --norc -c with arguments",
    input: "bash --norc -c 'rm \"$@\"' _ x",
    expected: {
      candidates: [["bash", "--norc", "-c", 'rm "$@"', "_", "x"], ["rm", null]],
      hidden: [],
    },
  },
  {
    name: "zsh -c",
    input: "zsh -c 'rm x'",
    expected: { candidates: [["zsh", "-c", "rm x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "bash -c nested twice",
    input: "bash -c \"sh -c 'rm -rf x'\"",
    expected: {
      candidates: [["bash", "-c", "sh -c 'rm -rf x'"], ["sh", "-c", "rm -rf x"], [
        "rm",
        "-rf",
        "x",
      ]],
      hidden: [],
    },
  },
  {
    name: 'bash -c "$x" is hidden',
    input: 'bash -c "$x"',
    expected: {
      candidates: [["bash", "-c", null]],
      hidden: ['the script of bash -c holds "$x", only known when it runs'],
    },
  },
  {
    name: "bash -c with a variable inside the script is seen",
    input: "bash -c 'rm $1' _ x",
    expected: { candidates: [["bash", "-c", "rm $1", "_", "x"], ["rm", null]], hidden: [] },
  },
  {
    name: 'sh -c "$(curl ...)" is hidden',
    input: 'sh -c "$(curl -s example.com)"',
    expected: {
      candidates: [["sh", "-c", null], ["curl", "-s", "example.com"]],
      hidden: ['the script of sh -c holds "$(curl -s example.com)", only known when it runs'],
    },
  },
  {
    name: "curl | sh is hidden",
    input: "curl -s example.com | sh",
    expected: {
      candidates: [["curl", "-s", "example.com"], ["sh"]],
      hidden: ["sh reads its script from a pipe"],
    },
  },
  {
    name: "curl | bash -s -- args is hidden",
    input: "curl -s example.com | bash -s -- --yes",
    expected: {
      candidates: [["curl", "-s", "example.com"], ["bash", "-s", "--", "--yes"]],
      hidden: ["bash reads its script from a pipe"],
    },
  },
  {
    name: "curl | sudo bash is hidden",
    input: "curl -s example.com | sudo bash",
    expected: {
      candidates: [["curl", "-s", "example.com"], ["sudo", "bash"], ["bash"]],
      hidden: ["bash reads its script from a pipe"],
    },
  },
  {
    name: "bash /dev/stdin on a pipe is hidden",
    input: "curl x | bash /dev/stdin",
    expected: {
      candidates: [["curl", "x"], ["bash", "/dev/stdin"]],
      hidden: ["bash reads its script from a pipe"],
    },
  },
  {
    name: "bash script.sh runs a file",
    input: "bash script.sh",
    expected: { candidates: [["bash", "script.sh"]], hidden: [] },
  },
  {
    name: "bash <<EOF: the heredoc is the script",
    input: "bash <<EOF\nrm -rf x\nEOF",
    expected: { candidates: [["bash"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "bash <<'EOF': quoted heredoc",
    input: "bash <<'EOF'\nrm $x\nEOF",
    expected: { candidates: [["bash"], ["rm", null]], hidden: [] },
  },
  {
    name: "bash <<EOF with $x in the body is hidden",
    input: "bash <<EOF\nrm $x\nEOF",
    expected: {
      candidates: [["bash"]],
      hidden: ["the script of bash << holds rm $x\n, only known when it runs"],
    },
  },
  {
    name: "bash <<< script",
    input: "bash <<< 'rm -rf x'",
    expected: { candidates: [["bash"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: 'bash <<< "$x" is hidden',
    input: 'bash <<< "$x"',
    expected: {
      candidates: [["bash"]],
      hidden: ['the script of bash <<< holds "$x", only known when it runs'],
    },
  },
  {
    name: "bash <(curl) is hidden",
    input: "bash <(curl -s example.com)",
    expected: {
      candidates: [["bash", null], ["curl", "-s", "example.com"]],
      hidden: ["bash is given <(curl -s example.com), only known when it runs"],
    },
  },
  {
    name: "su -c",
    input: "su -c 'rm -rf x' root",
    expected: { candidates: [["su", "-c", "rm -rf x", "root"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "su - root -c",
    input: "su - root -c 'rm x'",
    expected: { candidates: [["su", "-", "root", "-c", "rm x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "su --command=",
    input: "su --command='rm x'",
    expected: { candidates: [["su", "--command=rm x"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "spec+: eval",
    input: "eval 'rm -rf x'",
    expected: { candidates: [["eval", "rm -rf x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "eval joins its words",
    input: "eval rm -rf x \\; ls",
    expected: {
      candidates: [["eval", "rm", "-rf", "x", ";", "ls"], ["rm", "-rf", "x"], ["ls"]],
      hidden: [],
    },
  },
  {
    name: 'eval "$x" is hidden',
    input: 'eval "$x"',
    expected: {
      candidates: [["eval", null]],
      hidden: ['the script of eval holds "$x", only known when it runs'],
    },
  },
  {
    name: "eval $(...) is hidden",
    input: 'eval "$(ssh-agent)"',
    expected: {
      candidates: [["eval", null], ["ssh-agent"]],
      hidden: ['the script of eval holds "$(ssh-agent)", only known when it runs'],
    },
  },
  {
    name: "source <(...) is hidden",
    input: "source <(curl -s example.com)",
    expected: {
      candidates: [["source", null], ["curl", "-s", "example.com"]],
      hidden: ["the script source reads (<(curl -s example.com)) is only known when it runs"],
    },
  },
  {
    name: ". $f is hidden",
    input: ". $f",
    expected: {
      candidates: [[".", null]],
      hidden: ["the script . reads ($f) is only known when it runs"],
    },
  },
  {
    name: "source file runs a file",
    input: "source ./env.sh",
    expected: { candidates: [["source", "./env.sh"]], hidden: [] },
  },
  {
    name: "eval nested 20 times is hidden",
    input: "eval ".repeat(20) + "rm",
    expected: {
      none: [["rm"]],
      hidden: ["scripts nested deeper than 16"],
    },
  },
  {
    name: "$(...) parts are candidates",
    input: "echo $(rm -rf x)",
    expected: { candidates: [["echo", null], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "process substitution parts",
    input: "diff <(rm a) >(rm b)",
    expected: { candidates: [["diff", null, null], ["rm", "a"], ["rm", "b"]], hidden: [] },
  },
  {
    name: "heredoc body $(...) is a candidate",
    input: "cat <<EOF\n$(rm x)\nEOF",
    expected: { candidates: [["cat"], ["rm", "x"]], hidden: [] },
  },
  {
    name: "a[...] command word is hidden",
    input: "a[ #]; rm -rf x",
    expected: {
      candidates: [[null], ["rm", "-rf", "x"]],
      hidden: ["the command a[ #] is only known when it runs"],
    },
  },
  {
    name: 'case pattern ) inside "$(...)" closes nothing: rm is seen',
    input: 'echo "$(case x in x) rm -rf x ;; esac)"',
    expected: {
      candidates: [["echo", null], ["case", "x", "in"], ["rm", "-rf", "x"], ["esac"]],
      hidden: [],
    },
  },
  {
    name: "arithmetic command hides nothing (read as subshells too, as dash reads it)",
    input: "(( i++ )); rm x",
    expected: { candidates: [["(( i++ ))"], ["i++"], ["rm", "x"]], hidden: [] },
  },
  // Review finding 1: bash evaluates a subscript as arithmetic, expanded as if double-quoted,
  // so single quotes hide nothing there; the output of the substitution is evaluated too.
  {
    name: "review 1: $(...) in single quotes in ${a[...]} is seen",
    input: "echo ${a['$(rm -rf x)']}",
    expected: {
      candidates: [["echo", null], ["rm", "-rf", "x"]],
      hidden: ["evaluates the output of a command as arithmetic"],
    },
  },
  {
    name: "review 1: the same in double quotes",
    input: "echo \"${a['$(rm -rf x)']}\"",
    expected: {
      candidates: [["echo", null], ["rm", "-rf", "x"]],
      hidden: ["evaluates the output of a command as arithmetic"],
    },
  },
  {
    name: "review 1: in ${x:-'...'} the quoted text is read too (bash runs it in double quotes)",
    input: "echo ${x:-'$(rm x)'}",
    expected: { candidates: [["echo", null], ["rm", "x"]], hidden: [] },
  },
  {
    name: "review 1: a plain ${x:-$HOME} hides nothing",
    input: "x=a; echo ${x:-$HOME} ${a[1]} ${#x}",
    expected: { candidates: [["x=a"], ["echo", null, null, null]], hidden: [] },
  },
  {
    name: "review 1: ${ cmd; } runs commands (bash 5.3)",
    input: "echo ${ rm -rf x; }",
    expected: { candidates: [["echo", null], ["rm", "-rf", "x"]], hidden: [] },
  },
  // Review finding 2: a value the command sets, evaluated as code.
  {
    name: "review 2: ${x@P} of ${x:=...}",
    input: "echo ${x:='$(rm -rf y)'}${x@P}",
    expected: {
      candidates: [["echo", null], ["rm", "-rf", "y"]],
      hidden: ["${x@P} evaluates $x as a prompt, and the command sets x"],
    },
  },
  {
    name: "review 2: ${x@P} of an assignment is hidden",
    input: "x='$(rm -rf y)'; echo ${x@P}",
    expected: {
      candidates: [["x=$(rm -rf y)"], ["echo", null]],
      hidden: ["${x@P} evaluates $x as a prompt"],
    },
  },
  {
    name: "review 2: ${!x} of a subscript is hidden",
    input: "x='a[$(rm y)]'; echo ${!x}",
    expected: {
      candidates: [["x=a[$(rm y)]"], ["echo", null]],
      hidden: ["${!x} evaluates $x as a variable name"],
    },
  },
  {
    name: "review 2: $((x)) of a subscript is hidden",
    input: "x='a[$(rm y)]'; echo $((x))",
    expected: { candidates: [["x=a[$(rm y)]"], ["echo", null]], hidden: ["$((x)) evaluates $x"] },
  },
  {
    name: "review 2: arithmetic follows a plain value to the name it holds",
    input: "z=y; y='a[$(rm x)]'; echo $((z))",
    expected: {
      candidates: [["z=y"], ["y=a[$(rm x)]"], ["echo", null]],
      hidden: ["$((z)) evaluates $y as arithmetic"],
    },
  },
  {
    name: "review 2: a value read at run time, evaluated, is hidden",
    input: "read n; echo $((n))",
    expected: { candidates: [["read", "n"], ["echo", null]], hidden: ["$((n)) evaluates $n"] },
  },
  {
    name: "review 2: a loop over a command's output, evaluated, is hidden",
    input: "for i in $(seq 3); do echo $((i * 2)); done",
    expected: { some: [["seq", "3"]], hidden: ["$((i * 2)) evaluates $i as arithmetic"] },
  },
  {
    name: "review 2: a command's output in arithmetic is hidden",
    input: "echo $(( $(wc -l < f) + 1 ))",
    expected: {
      candidates: [["echo", null], ["wc", "-l"]],
      hidden: ["evaluates the output of a command as arithmetic"],
    },
  },
  {
    name: "review 2: $1 in arithmetic is hidden (set by any word)",
    input: "echo $(($1 + 1))",
    expected: { candidates: [["echo", null]], hidden: ["$(($1 + 1)) evaluates $1 as arithmetic"] },
  },
  {
    name: "review 2: [[ -gt ]] evaluates its operands",
    input: "n=$(date +%s); [[ $n -gt 0 ]]",
    expected: { some: [["date", "+%s"]], hidden: ["$n evaluates $n as arithmetic"] },
  },
  {
    name: "review 2: PS4 set to a substitution is hidden",
    input: "PS4='$(rm -rf x)'; set -x",
    expected: {
      candidates: [["PS4=$(rm -rf x)"], ["set", "-x"]],
      hidden: ["evaluates $PS4 as a prompt"],
    },
  },
  {
    name: "review 2: plain values, counters and the environment hide nothing",
    input:
      "PS4='+ '; i=0; i=$((i + 1)); for j in 1 2 {3..5}; do echo $((i * j)) ${HOME@P} ${!HOME}; done",
    expected: {
      some: [["echo", null, null, null]],
      hidden: [],
    },
  },
  {
    name: "review 2: [[ $n -eq 0 ]] of the environment hides nothing",
    input: "[[ $n -eq 0 ]]",
    expected: { candidates: [["[[", null, "-eq", "0", "]]"]], hidden: [] },
  },
  // Review finding 3: builtins that evaluate a subscript in a name, or arithmetic.
  {
    name: "review 3: printf -v 'a[$(...)]'",
    input: "printf -v 'a[$(rm -rf x)]' x",
    expected: {
      candidates: [["printf", "-v", "a[$(rm -rf x)]", "x"], ["rm", "-rf", "x"]],
      // The subscript is arithmetic: the output of the substitution is evaluated in turn.
      hidden: ["evaluates the output of a command as arithmetic"],
    },
  },
  {
    name: "review 3: printf -v with a plain name",
    input: "printf -v name '%s' '$(rm x)'",
    expected: { candidates: [["printf", "-v", "name", "%s", "$(rm x)"]], hidden: [] },
  },
  {
    name: "review 3: read 'a[$(...)]'",
    input: "read 'a[$(rm -rf x)]' < /dev/null",
    expected: {
      candidates: [["read", "a[$(rm -rf x)]"], ["rm", "-rf", "x"]],
      hidden: ["evaluates the output of a command as arithmetic"],
    },
  },
  {
    name: "review 3: read -r line",
    input: "read -r line < /dev/null",
    expected: { candidates: [["read", "-r", "line"]], hidden: [] },
  },
  {
    name: "review 3: (( 'a[$(...)]' ))",
    input: "(( 'a[$(rm -rf x)]' ))",
    expected: {
      candidates: [["(( 'a[$(rm -rf x)]' ))"], ["a[$(rm -rf x)]"], ["rm", "-rf", "x"]],
      hidden: ["evaluates the output of a command"],
    },
  },
  {
    name: "review 3: [[ 'a[$(...)]' -eq 0 ]]",
    input: "[[ 'a[$(rm -rf x)]' -eq 0 ]]",
    expected: {
      candidates: [["[[", "a[$(rm -rf x)]", "-eq", "0", "]]"], ["rm", "-rf", "x"]],
      hidden: ["evaluates the output of a command"],
    },
  },
  {
    name: "review 3: [[ ... ]] after && is still a condition",
    input: "[[ 1 && 'a[$(rm -rf x)]' -eq 0 ]]",
    expected: { some: [["rm", "-rf", "x"]], hidden: ["evaluates the output of a command"] },
  },
  {
    name: "review 3: test -v, unset, declare, local, let, builtin read",
    input: "test -v 'a[$(rm a)]'; unset 'a[$(rm b)]'; declare 'a[$(rm c)]=1'; " +
      "f() { local 'a[$(rm d)]=1'; }; let 'a[$(rm e)]'; builtin read 'a[$(rm f)]'",
    expected: {
      some: [["rm", "a"], ["rm", "b"], ["rm", "c"], ["rm", "d"], ["rm", "e"], ["rm", "f"]],
      // `let` evaluates `a`, which `read` sets at run time, and a substitution's output.
      hidden: ["evaluates $a as arithmetic", "evaluates the output of a command"],
    },
  },
  {
    name: "review 3: declare x='$(...)' assigns text, evaluates nothing",
    input: "declare x='$(rm x)'",
    expected: { candidates: [["declare", "x=$(rm x)"]], hidden: [] },
  },
  {
    name: "review 3: declare -n to a subscript",
    input: "declare -n r='a[$(rm x)]'",
    expected: {
      candidates: [["declare", "-n", "r=a[$(rm x)]"], ["rm", "x"]],
      hidden: ["evaluates the output of a command", "evaluates $r as a variable name"],
    },
  },
  {
    name: "review 3: a name's subscript evaluates the parameters it names",
    input: "x='b[$(rm y)]'; read 'a[x]' <<< 1",
    expected: {
      candidates: [["x=b[$(rm y)]"], ["read", "a[x]"]],
      hidden: ["'a[x]' evaluates $x as arithmetic"],
    },
  },
  // Review finding 4: builtins that run a script.
  {
    name: "review 4: trap ACTION SIG",
    input: "trap 'rm -rf x' EXIT",
    expected: { candidates: [["trap", "rm -rf x", "EXIT"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "review 4: trap -- ACTION SIG",
    input: "trap -- 'rm -rf x' INT",
    expected: { candidates: [["trap", "--", "rm -rf x", "INT"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "review 4: trap - SIG and trap -p run nothing",
    input: "trap - EXIT; trap -p EXIT",
    expected: { candidates: [["trap", "-", "EXIT"], ["trap", "-p", "EXIT"]], hidden: [] },
  },
  {
    name: 'review 4: trap "$cmd" is hidden',
    input: 'trap "$cmd" EXIT',
    expected: {
      candidates: [["trap", null, "EXIT"]],
      hidden: ['the script of trap holds "$cmd"'],
    },
  },
  {
    name: "review 4: alias, mapfile -C, compgen -C",
    input: "alias x='rm a'; mapfile -t -C 'rm b' -c 1 lines; compgen -C 'rm c' w",
    expected: { some: [["rm", "a"], ["rm", "b"], ["rm", "c"]], hidden: [] },
  },
  {
    name: "review 4: PROMPT_COMMAND, assigned or exported",
    input: "PROMPT_COMMAND='rm a' bash -i; export PROMPT_COMMAND='rm b'",
    expected: { some: [["rm", "a"], ["rm", "b"], ["bash", "-i"]], hidden: [] },
  },
  // Review finding 5: runners.
  {
    name: "review 5: uv run",
    input: "uv run rm -rf x",
    expected: {
      candidates: [["uv", "run", "rm", "-rf", "x"], ["rm", "-rf", "x"], ["x"]],
      hidden: [],
    },
  },
  {
    name: "review 5: pkexec, run0, setpriv",
    input: "pkexec rm a; run0 rm b; setpriv --reuid=1000 rm c",
    expected: { some: [["rm", "a"], ["rm", "b"], ["rm", "c"]], hidden: [] },
  },
  {
    name: "review 5: bundle exec, poetry run, npm exec --, pnpm exec, yarn exec, pipx run",
    input: "bundle exec rm a; poetry run rm b; npm exec -- rm c; pnpm exec rm d; " +
      "yarn exec rm e; pipx run rm f",
    expected: {
      some: [["rm", "a"], ["rm", "b"], ["rm", "c"], ["rm", "d"], ["rm", "e"], ["rm", "f"]],
      hidden: [],
    },
  },
  {
    name: "review 5: tmux new-session 'cmd' and docker exec",
    input: "tmux new-session -d 'rm -rf x'; docker exec c rm y",
    expected: { some: [["rm", "-rf", "x"], ["rm", "y"]], hidden: [] },
  },
  {
    name: "review 5: a runner's other subcommands run nothing",
    input: "uv sync; npm test; bundle install",
    expected: { candidates: [["uv", "sync"], ["npm", "test"], ["bundle", "install"]], hidden: [] },
  },
  // Review finding 6: coproc.
  {
    name: "review 6: coproc NAME { ...; }",
    input: "coproc X { rm -rf y; }",
    expected: {
      candidates: [["coproc", "X", "{", "rm", "-rf", "y"], ["{", "rm", "-rf", "y"], [
        "rm",
        "-rf",
        "y",
      ], ["}"]],
      hidden: [],
    },
  },
  {
    name: "review 6: coproc NAME if ...; and coproc CMD",
    input: "coproc X if rm a; then :; fi; coproc rm b",
    expected: { some: [["rm", "a"], ["rm", "b"]], hidden: [] },
  },
  // Review finding 7: su.
  {
    name: "review 7: su -lc SCRIPT",
    input: "su -lc 'rm -rf x'",
    expected: { candidates: [["su", "-lc", "rm -rf x"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "review 7: su -l root -c SCRIPT",
    input: "su -l root -c 'rm x'",
    expected: { candidates: [["su", "-l", "root", "-c", "rm x"], ["rm", "x"]], hidden: [] },
  },
  // Review finding 8: stdin in any spelling, and shells by any name.
  {
    name: "review 8: bash /dev/fd//0 <<<",
    input: "bash /dev/fd//0 <<< 'rm -rf x'",
    expected: { candidates: [["bash", "/dev/fd//0"], ["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "review 8: bash /dev/./stdin on a pipe is hidden",
    input: "echo 'rm -rf x' | bash /dev/./stdin",
    expected: {
      candidates: [["echo", "rm -rf x"], ["bash", "/dev/./stdin"]],
      hidden: ["bash reads its script from a pipe"],
    },
  },
  {
    name: "review 8: another descriptor, stdin in /dev, source /dev/stdin",
    input: "bash /dev/fd/3 3<<< 'rm a'; cd /dev && bash stdin <<< 'rm b'; . /dev/stdin <<< 'rm c'",
    expected: { some: [["rm", "a"], ["rm", "b"], ["rm", "c"]], hidden: [] },
  },
  {
    name: "review 8: a script file on a pipe may be a link to stdin: hidden",
    input: "echo y | bash install.sh",
    expected: {
      candidates: [["echo", "y"], ["bash", "install.sh"]],
      hidden: ["bash reads its script from a pipe, which install.sh may be"],
    },
  },
  {
    name: "review 8: ksh93, bash-5.2 and at",
    input: "ksh93 -c 'rm a'; bash-5.2 -c 'rm b'; at now <<< 'rm c'",
    expected: { some: [["rm", "a"], ["rm", "b"], ["rm", "c"]], hidden: [] },
  },
  {
    name: "review 8: stdin fed from afar: exec, a compound command's redirection",
    input: "exec <<< 'rm a'; bash; { bash; } <<< 'rm b'; (sh) <<EOF\nrm c\nEOF",
    expected: { some: [["rm", "a"], ["rm", "b"], ["rm", "c"]], hidden: [] },
  },
  {
    name: "review 8: a pipe into a subshell, a group or a loop is read by the shell in it",
    input: "x | (bash); x | { true; sh; }; x | while read l; do zsh; done",
    expected: {
      some: [["bash"], ["sh"], ["zsh"]],
      hidden: [
        "bash reads its script from a pipe",
        "sh reads its script from a pipe",
        "zsh reads its script from a pipe",
      ],
    },
  },
  {
    name: "review 8: bash < <(curl ...) is hidden",
    input: "bash < <(curl -s example.com)",
    expected: {
      candidates: [["bash"], ["curl", "-s", "example.com"]],
      hidden: ["bash reads its script from <(curl -s example.com)"],
    },
  },
  {
    name: "review 8: a pipe that ends before the shell feeds it nothing",
    input: "x | cat; (y | z); bash < /dev/null",
    expected: { candidates: [["x"], ["cat"], ["y"], ["z"], ["bash"]], hidden: [] },
  },
  {
    name: "review 8: a name that only starts like a shell is none",
    input: "bashful -c 'rm x'",
    expected: { candidates: [["bashful", "-c", "rm x"]], hidden: [] },
  },
];

const has = (all: Tokens[], t: Tokens) => all.some((c) => JSON.stringify(c) === JSON.stringify(t));

for (const c of VIEW) {
  Deno.test(`deny view: ${c.name}`, () => {
    const view = denyView(parseShell(c.input));
    const got = view.candidates.map((x) => x.tokens);
    if (c.expected.candidates) assert.deepEqual(got, c.expected.candidates);
    for (const t of c.expected.some ?? []) assert.ok(has(got, t), `missing ${JSON.stringify(t)}`);
    for (const t of c.expected.none ?? []) {
      assert.ok(!has(got, t), `unexpected ${JSON.stringify(t)}`);
    }
    assert.equal(view.hidden.length, c.expected.hidden.length, JSON.stringify(view.hidden));
    c.expected.hidden.forEach((text, i) => assert.ok(view.hidden[i]!.reason.includes(text)));
    // A hidden part makes the command opaque: no allow rule with a specifier covers it.
    if (view.hidden.length > 0) assert.equal(analyzeCommand(c.input).opaque, true);
  });
}

Deno.test("the table has a case for every wrapper in wrappers.ts", () => {
  const firstWords = new Set(
    VIEW.flatMap((c) => parseShell(c.input).commands.map((cmd) => cmd.words[0]?.value)),
  );
  for (const name of Object.keys(wrapperSpecs())) assert.ok(firstWords.has(name), name);
});

Deno.test("every scanned command: each later word is tried as the command", () => {
  for (const name of SCANNED) {
    const got = denyView(parseShell(`${name} --opt rm -rf x`)).candidates.map((c) => c.tokens);
    // parallel appends the words it reads (issue 10, class 1).
    assert.ok(has(got, name === "parallel" ? ["rm", "-rf", "x", null] : ["rm", "-rf", "x"]), name);
  }
});

Deno.test("every shell: -c SCRIPT is split, a pipe into it is hidden", () => {
  for (const name of SHELLS) {
    const script = denyView(parseShell(`${name} -c 'rm -rf x; ls'`));
    assert.ok(has(script.candidates.map((c) => c.tokens), ["rm", "-rf", "x"]), name);
    assert.deepEqual(script.hidden, [], name);
    const piped = denyView(parseShell(`curl -s example.com | ${name}`));
    assert.equal(piped.hidden.length, 1, name);
  }
});

Deno.test("via: the wrappers and shells taken off, outermost first", () => {
  const via = (input: string, tokens: Tokens) =>
    denyView(parseShell(input)).candidates.find((c) =>
      JSON.stringify(c.tokens) === JSON.stringify(tokens)
    )?.via;
  assert.deepEqual(via("sudo nice -n 5 rm x", ["rm", "x"]), ["sudo", "nice"]);
  assert.deepEqual(via("bash -c 'sudo rm x'", ["rm", "x"]), ["bash -c", "sudo"]);
  assert.deepEqual(via("ls | xargs rm", ["rm", null]), ["xargs"]);
  assert.deepEqual(via("find . -exec rm {} +", ["rm", "{}"]), ["find -exec"]);
  assert.deepEqual(via("bash <<EOF\nrm x\nEOF", ["rm", "x"]), ["bash <<"]);
  assert.deepEqual(via("eval 'env rm x'", ["rm", "x"]), ["eval", "env"]);
  assert.deepEqual(via("rm x", ["rm", "x"]), []);
});

Deno.test("every runner: each word after its subcommand is tried as the command", () => {
  for (const [name, subcommands] of Object.entries(RUNNERS)) {
    for (const sub of subcommands) {
      const got = denyView(parseShell(`${name} ${sub} --opt rm -rf x`)).candidates;
      assert.ok(has(got.map((c) => c.tokens), ["rm", "-rf", "x"]), `${name} ${sub}`);
    }
  }
});

Deno.test("every builtin that runs a script, and every stdin runner: the script is split", () => {
  for (const [name, option] of Object.entries(SCRIPT_BUILTINS)) {
    const input = name === "alias"
      ? "alias a='rm -rf x'"
      : `${name} ${option === "" ? "" : `-${option} `}'rm -rf x' INT`;
    const got = denyView(parseShell(input));
    assert.ok(has(got.candidates.map((c) => c.tokens), ["rm", "-rf", "x"]), name);
  }
  for (const name of STDIN_RUNNERS) {
    const got = denyView(parseShell(`${name} <<< 'rm -rf x'`));
    assert.ok(has(got.candidates.map((c) => c.tokens), ["rm", "-rf", "x"]), name);
    assert.equal(denyView(parseShell(`curl x | ${name}`)).hidden.length, 1, name);
  }
});

interface WritesCase {
  name: string;
  input: string;
  /** `[op, target value, via joined]` of every write, in order. */
  expected: [string, string, string][];
}

const WRITES: WritesCase[] = [
  {
    name: "the operators that write, with their descriptor",
    input: "a > f1 2>> f2 >| f3 &> f4 &>> f5 3<> f6 >& f7 {fd}> f8",
    expected: [
      [">", "f1", ""],
      ["2>>", "f2", ""],
      [">|", "f3", ""],
      ["&>", "f4", ""],
      ["&>>", "f5", ""],
      ["3<>", "f6", ""],
      [">&", "f7", ""],
      ["{fd}>", "f8", ""],
    ],
  },
  {
    name: "duplications, inputs and here-strings write nothing; /dev/null is listed",
    input: "a 2>&1 >&2 3>&- < in <<< s <&0 > /dev/null",
    expected: [[">", "/dev/null", ""]],
  },
  {
    name: "a target that expands is listed, dynamic",
    input: "a > $f",
    expected: [[">", "$f", ""]],
  },
  {
    name: "nested commands and every script parsed again",
    input: "echo $(cat x > .git/a); sh -c 'echo x > .bashrc'; eval 'date >> log'; " +
      "bash <<EOF\necho > .profile\nEOF\nsudo bash -c 'echo > .zshrc'",
    expected: [
      [">", ".git/a", ""],
      [">", ".bashrc", "sh -c"],
      [">>", "log", "eval"],
      [">", ".profile", "bash <<"],
      [">", ".zshrc", "sudo,bash -c"],
    ],
  },
  {
    name: "each write once",
    input: "echo a > f; echo b > f",
    expected: [[">", "f", ""]],
  },
];

for (const c of WRITES) {
  Deno.test(`deny view writes: ${c.name}`, () => {
    const got = denyView(parseShell(c.input)).writes.map((
      w,
    ): [string, string, string] => [w.op, w.target.value, w.via.join(",")]);
    assert.deepEqual(got, c.expected);
  });
}

Deno.test("deny view writes: a target that expands is marked dynamic", () => {
  const [w] = denyView(parseShell("a > $f")).writes;
  assert.equal(w?.target.dynamic, true);
});
