/**
 * The splitter's parts and opaque reasons, one table per concept (style point 8). Each name
 * cites the sentence of the spec ("shell_parts" in /work/shared/spec/permission-rule.txt) or
 * the rule of bash it pins. What bash itself makes of these words is checked in
 * bash_differential_test.ts.
 */

import assert from "node:assert/strict";
import { type OpaqueKind, parseShell } from "../../lib/shell/parse.ts";
import { shellParts } from "../../lib/shell/split.ts";

interface PartsCase {
  name: string;
  input: string;
  expected: {
    /** `shellParts(input).parts`: every simple command as written, nested ones included. */
    parts: string[];
    /** `shellParts(input).opaque`. */
    opaque: boolean;
    /** The kinds of `parseShell(input).opaque`, sorted, without repeats. */
    kinds: OpaqueKind[];
  };
}

/** A static word is its value; a dynamic one its value and where its static tail starts. */
type WordExpectation = string | { value: string; staticFrom: number };

interface WordsCase {
  name: string;
  input: string;
  /** Per simple command, its words. */
  expected: WordExpectation[][];
}

const PARTS: PartsCase[] = [
  {
    name: "spec: split at && outside quotes",
    input: "npm test && git push",
    expected: { parts: ["npm test", "git push"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at ||",
    input: "make || echo failed",
    expected: { parts: ["make", "echo failed"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at ;",
    input: "cd src; ls",
    expected: { parts: ["cd src", "ls"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at |",
    input: "cat f | grep x",
    expected: { parts: ["cat f", "grep x"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at |& (a pipe)",
    input: "make |& tee log",
    expected: { parts: ["make", "tee log"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at &",
    input: "sleep 1 & echo done",
    expected: { parts: ["sleep 1", "echo done"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at a trailing &",
    input: "server &",
    expected: { parts: ["server"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at newlines",
    input: "ls\npwd\n\nwhoami",
    expected: { parts: ["ls", "pwd", "whoami"], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at ;; and ;& of case arms; patterns are no parts",
    input: "case $x in a) echo a;; b) echo b;& c) echo c;;& esac",
    expected: {
      parts: ["case $x in", "echo a", "echo b", "echo c", "esac"],
      opaque: false,
      kinds: [],
    },
  },
  {
    name: "case: | in a pattern is no pipe, (pattern) and * are patterns",
    input: "case $x in a|b) rm a;; (c) rm c;; *) ls;; esac",
    expected: { parts: ["case $x in", "rm a", "rm c", "ls", "esac"], opaque: false, kinds: [] },
  },
  {
    name: "case: the ) of a pattern closes no $(...)",
    input: 'echo "$(case x in x) rm -rf / ;; esac)" y',
    expected: {
      parts: [
        'echo "$(case x in x) rm -rf / ;; esac)" y',
        "case x in",
        "rm -rf /",
        "esac",
      ],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "case: in on the next line, nested case",
    input: "case x\nin x) case y in y) rm;; esac;; esac",
    expected: {
      parts: ["case x\nin", "case y in", "rm", "esac", "esac"],
      opaque: false,
      kinds: [],
    },
  },
  {
    name: "operators need no spaces",
    input: "a&&b||c;d|e&f",
    expected: { parts: ["a", "b", "c", "d", "e", "f"], opaque: false, kinds: [] },
  },
  {
    name: "empty command",
    input: "",
    expected: { parts: [], opaque: false, kinds: [] },
  },
  {
    name: "only blanks and separators",
    input: " ; ;\n & ",
    expected: { parts: [], opaque: false, kinds: [] },
  },
  {
    name: "spec: split at parentheses",
    input: "(cd x && make) && ls",
    expected: { parts: ["cd x", "make", "ls"], opaque: false, kinds: [] },
  },
  {
    name: "nested parentheses",
    input: "((a; b) | (c))",
    expected: { parts: ["a", "b", "c"], opaque: false, kinds: [] },
  },
  {
    name: "braces are words, not separators",
    input: "{ ls; pwd; }",
    expected: { parts: ["{ ls", "pwd", "}"], opaque: false, kinds: [] },
  },
  {
    name: "unbalanced ( is not opaque (bash refuses it)",
    input: "(ls",
    expected: { parts: ["ls"], opaque: false, kinds: [] },
  },
  {
    name: "spec: $(...) searched as a command of its own",
    input: "echo $(whoami)",
    expected: { parts: ["echo $(whoami)", "whoami"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "$(...) parts nested",
    input: "echo $(ls $(pwd) | wc -l)",
    expected: {
      parts: ["echo $(ls $(pwd) | wc -l)", "ls $(pwd)", "pwd", "wc -l"],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "spec: backticks searched as commands",
    input: "echo `date`",
    expected: { parts: ["echo `date`", "date"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "backticks nested with \\`",
    input: "echo `a \\`b\\``",
    expected: { parts: ["echo `a \\`b\\``", "a `b`", "b"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "spec: <(...) searched as commands",
    input: "diff <(ls a) <(ls b)",
    expected: {
      parts: ["diff <(ls a) <(ls b)", "ls a", "ls b"],
      opaque: true,
      kinds: ["process-substitution"],
    },
  },
  {
    name: "spec: >(...) searched as commands",
    input: "tee >(gzip > f.gz)",
    expected: {
      parts: ["tee >(gzip > f.gz)", "gzip > f.gz"],
      opaque: true,
      kinds: ["process-substitution", "redirection"],
    },
  },
  {
    name: "$(...) in double quotes",
    input: 'echo "now: $(date) ok"',
    expected: { parts: ['echo "now: $(date) ok"', "date"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "$(...) in an assignment",
    input: "x=$(id -u) make",
    expected: { parts: ["x=$(id -u) make", "id -u"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "${...} with a substitution inside",
    input: "echo ${x:-$(whoami)}",
    expected: { parts: ["echo ${x:-$(whoami)}", "whoami"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "${...} alone is not opaque",
    input: "echo ${HOME} $USER",
    expected: { parts: ["echo ${HOME} $USER"], opaque: false, kinds: [] },
  },
  {
    name: "$((...)) arithmetic is a substitution, its << no heredoc",
    input: "echo $((1 << 2))\nrm -rf x",
    expected: { parts: ["echo $((1 << 2))", "rm -rf x"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "$((a) | b) is $( with a subshell",
    input: "echo $((a) | b)",
    expected: { parts: ["echo $((a) | b)", "a", "b"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "$[...] old arithmetic",
    input: "echo $[1 + 2]; ls",
    expected: { parts: ["echo $[1 + 2]", "ls"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "((...)) arithmetic command: # and << are no comment or heredoc",
    input: "(( x = 1 << 2 )) # c\n(( y #)); rm -rf x",
    expected: { parts: ["(( x = 1 << 2 ))", "(( y #))", "rm -rf x"], opaque: false, kinds: [] },
  },
  {
    name: "for ((...)) header is one part",
    input: "for ((i = 0; i < 3; i++)); do echo $i; done",
    expected: {
      parts: ["for ((i = 0; i < 3; i++))", "do echo $i", "done"],
      opaque: false,
      kinds: [],
    },
  },
  {
    name: "((a) ; (b)) is two subshells",
    input: "((a) ; (b))",
    expected: { parts: ["a", "b"], opaque: false, kinds: [] },
  },
  {
    name: "single quotes hide $(...)",
    input: "echo '$(whoami)' '`id`'",
    expected: { parts: ["echo '$(whoami)' '`id`'"], opaque: false, kinds: [] },
  },
  {
    name: "escaped $ and backtick hide substitutions",
    input: 'echo "\\$(whoami)" \\`id\\`',
    expected: { parts: ['echo "\\$(whoami)" \\`id\\`'], opaque: false, kinds: [] },
  },
  {
    name: "unclosed $( is unbalanced",
    input: "echo $(ls",
    expected: { parts: ["echo $(ls", "ls"], opaque: true, kinds: ["substitution", "unbalanced"] },
  },
  {
    name: "unclosed backtick is unbalanced",
    input: "echo `ls",
    expected: { parts: ["echo `ls", "ls"], opaque: true, kinds: ["substitution", "unbalanced"] },
  },
  {
    name: "spec: heredoc is opaque, body no command",
    input: "cat <<EOF\nrm -rf /\nEOF\nls",
    expected: { parts: ["cat <<EOF", "ls"], opaque: true, kinds: ["heredoc"] },
  },
  {
    name: "quoted heredoc: body not expanded",
    input: "cat <<'EOF'\n$(rm -rf /)\nEOF",
    expected: { parts: ["cat <<'EOF'"], opaque: true, kinds: ["heredoc"] },
  },
  {
    name: "unquoted heredoc: $(...) in the body found",
    input: "cat <<EOF\nhello $(whoami) `id`\nEOF",
    expected: {
      parts: ["cat <<EOF", "whoami", "id"],
      opaque: true,
      kinds: ["heredoc", "substitution"],
    },
  },
  {
    name: "<<- strips tabs before the delimiter",
    input: "cat <<-EOF\n\trm x\n\tEOF\nls",
    expected: { parts: ["cat <<-EOF", "ls"], opaque: true, kinds: ["heredoc"] },
  },
  {
    name: "heredoc on a pipe",
    input: "cat <<EOF | grep a\nx\nEOF",
    expected: { parts: ["cat <<EOF", "grep a"], opaque: true, kinds: ["heredoc"] },
  },
  {
    name: "two heredocs on one line",
    input: "cat <<A; cat <<B\na\nA\nb\nB\necho after",
    expected: { parts: ["cat <<A", "cat <<B", "echo after"], opaque: true, kinds: ["heredoc"] },
  },
  {
    name: "heredoc inside $(...)",
    input: "x=$(cat <<EOF\n)\nEOF\n)",
    expected: {
      parts: ["x=$(cat <<EOF\n)\nEOF\n)", "cat <<EOF"],
      opaque: true,
      kinds: ["heredoc", "substitution"],
    },
  },
  {
    name: "here-string is not a heredoc",
    input: "grep x <<< 'a b'",
    expected: { parts: ["grep x <<< 'a b'"], opaque: false, kinds: [] },
  },
  {
    name: "here-string with a substitution",
    input: 'cat <<< "$(ls)"',
    expected: { parts: ['cat <<< "$(ls)"', "ls"], opaque: true, kinds: ["substitution"] },
  },
  {
    name: "spec: > /dev/null is not opaque",
    input: "make > /dev/null",
    expected: { parts: ["make > /dev/null"], opaque: false, kinds: [] },
  },
  {
    name: "spec: 2>&1 is not opaque",
    input: "make 2>&1 | tee log",
    expected: { parts: ["make 2>&1", "tee log"], opaque: false, kinds: [] },
  },
  {
    name: "spec: >&2 is not opaque",
    input: "echo err >&2",
    expected: { parts: ["echo err >&2"], opaque: false, kinds: [] },
  },
  {
    name: "1>&2 and >&- are not opaque",
    input: "echo a 1>&2 3>&-",
    expected: { parts: ["echo a 1>&2 3>&-"], opaque: false, kinds: [] },
  },
  {
    name: "&> /dev/null is not opaque",
    input: "make &>/dev/null",
    expected: { parts: ["make &>/dev/null"], opaque: false, kinds: [] },
  },
  {
    name: "< file is not opaque",
    input: "wc -l < file.txt",
    expected: { parts: ["wc -l < file.txt"], opaque: false, kinds: [] },
  },
  {
    name: "<&0 is not opaque",
    input: "cat <&0",
    expected: { parts: ["cat <&0"], opaque: false, kinds: [] },
  },
  {
    name: "spec: > f is a redirection into a file",
    input: "ls > out.txt",
    expected: { parts: ["ls > out.txt"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "spec: >> f is a redirection into a file",
    input: "echo x >> log",
    expected: { parts: ["echo x >> log"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "spec: &> f is a redirection into a file",
    input: "make &> log",
    expected: { parts: ["make &> log"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "&>> f is a redirection into a file",
    input: "make &>> log",
    expected: { parts: ["make &>> log"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "spec: >| f is a redirection into a file",
    input: "ls >| out",
    expected: { parts: ["ls >| out"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "spec: <> f is a redirection into a file",
    input: "exec 3<> f",
    expected: { parts: ["exec 3<> f"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "spec: > $x is a redirection into a file",
    input: "ls > $x",
    expected: { parts: ["ls > $x"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "2> f is a redirection into a file",
    input: "make 2> err",
    expected: { parts: ["make 2> err"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: ">& f (not a descriptor) is a redirection into a file",
    input: "make >& log",
    expected: { parts: ["make >& log"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "{fd}> f names a descriptor",
    input: "exec {fd}> f",
    expected: { parts: ["exec {fd}> f"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "redirection before the command",
    input: "> out ls",
    expected: { parts: ["> out ls"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "redirection without a target",
    input: "ls >",
    expected: { parts: ["ls >"], opaque: true, kinds: ["redirection"] },
  },
  {
    name: "quoted && is one part",
    input: "mytool 'a && b'",
    expected: { parts: ["mytool 'a && b'"], opaque: false, kinds: [] },
  },
  {
    name: "quoted ; | & in double quotes are one part",
    input: 'echo "a; b | c & d"',
    expected: { parts: ['echo "a; b | c & d"'], opaque: false, kinds: [] },
  },
  {
    name: "$'...' quoted separators are one part",
    input: "echo $'a;b\\n&&c'",
    expected: { parts: ["echo $'a;b\\n&&c'"], opaque: false, kinds: [] },
  },
  {
    name: '$"..." is quoted',
    input: 'echo $"a && b"',
    expected: { parts: ['echo $"a && b"'], opaque: false, kinds: [] },
  },
  {
    name: "escaped separators are one part",
    input: "echo a\\;b \\&\\& c\\|d",
    expected: { parts: ["echo a\\;b \\&\\& c\\|d"], opaque: false, kinds: [] },
  },
  {
    name: "quoted newline is one part",
    input: "echo 'a\nb'; ls",
    expected: { parts: ["echo 'a\nb'", "ls"], opaque: false, kinds: [] },
  },
  {
    name: "quoted parentheses are one part",
    input: "echo '(' \")\"",
    expected: { parts: ["echo '(' \")\""], opaque: false, kinds: [] },
  },
  {
    name: "spec: unbalanced single quote is opaque",
    input: "echo 'abc",
    expected: { parts: ["echo 'abc"], opaque: true, kinds: ["unbalanced"] },
  },
  {
    name: "spec: unbalanced double quote is opaque",
    input: 'echo "abc',
    expected: { parts: ['echo "abc'], opaque: true, kinds: ["unbalanced"] },
  },
  {
    name: "spec: unbalanced $' is opaque",
    input: "echo $'abc",
    expected: { parts: ["echo $'abc"], opaque: true, kinds: ["unbalanced"] },
  },
  {
    name: "unbalanced ${ is opaque",
    input: "echo ${x",
    expected: { parts: ["echo ${x"], opaque: true, kinds: ["unbalanced"] },
  },
  {
    name: "comment ends the line",
    input: "ls # && rm -rf /\npwd",
    expected: { parts: ["ls", "pwd"], opaque: false, kinds: [] },
  },
  {
    name: "# inside a word is no comment",
    input: "echo a#b && ls",
    expected: { parts: ["echo a#b", "ls"], opaque: false, kinds: [] },
  },
  {
    name: "quoted # is no comment",
    input: "echo '#' \"#\" \\# && ls",
    expected: { parts: ["echo '#' \"#\" \\#", "ls"], opaque: false, kinds: [] },
  },
  {
    name: "comment after a separator",
    input: "ls;# rm -rf /",
    expected: { parts: ["ls"], opaque: false, kinds: [] },
  },
  {
    name: "line continuation joins a part",
    input: "ls \\\n  -la",
    expected: { parts: ["ls \\\n  -la"], opaque: false, kinds: [] },
  },
  {
    name: "line continuation inside a word",
    input: "r\\\nm -rf x",
    expected: { parts: ["r\\\nm -rf x"], opaque: false, kinds: [] },
  },
  {
    name: "line continuation after &&",
    input: "make && \\\nmake install",
    expected: { parts: ["make", "make install"], opaque: false, kinds: [] },
  },
  {
    name: "a[...] where a command starts is one word to its ]",
    input: "a[ #]; rm -rf x",
    expected: { parts: ["a[ #]", "rm -rf x"], opaque: true, kinds: [] },
  },
  {
    name: "compound assignment is one word",
    input: "declare -A a=([ #]=1 [b]=2); rm -rf x",
    expected: { parts: ["declare -A a=([ #]=1 [b]=2)", "rm -rf x"], opaque: false, kinds: [] },
  },
  {
    name: "a=(x)y goes on after )",
    input: "a=(x)#y; ls",
    expected: { parts: ["a=(x)#y", "ls"], opaque: false, kinds: [] },
  },
  // Text bash evaluates again: arithmetic and subscripts are expanded as if double-quoted, so
  // single quotes in them quote nothing (review finding 1; checked in evaluated_bash_test.ts).
  {
    name: "review 1: $(...) in single quotes in ${a[...]} is a part",
    input: "echo ${a['$(rm -rf x)']}",
    expected: {
      parts: ["echo ${a['$(rm -rf x)']}", "rm -rf x"],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 1: the same in double quotes, and in ${x:-'...'}",
    input: "echo \"${a['$(rm a)']}\" \"${x:-'$(rm b)'}\"",
    expected: {
      parts: ["echo \"${a['$(rm a)']}\" \"${x:-'$(rm b)'}\"", "rm a", "rm b"],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 1: $(( '...' )), $[ '...' ], (( '...' )) and an offset",
    input: "echo $(( '$(rm a)' )) $[ '$(rm b)' ] ${x:0:'$(rm c)'}; (( '$(rm d)' ))",
    expected: {
      parts: [
        "echo $(( '$(rm a)' )) $[ '$(rm b)' ] ${x:0:'$(rm c)'}",
        "rm a",
        "rm b",
        "rm c",
        "(( '$(rm d)' ))",
        "rm d",
      ],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 1: an assignment's subscript and an array's keys",
    input: "a['$(rm a)']=1 b=(['$(rm b)']=2)",
    expected: {
      parts: ["a['$(rm a)']=1 b=(['$(rm b)']=2)", "rm a", "rm b"],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 1: $'...' decoded in a subscript and in arithmetic",
    input: "echo ${a[$'\\x24(rm a)']} $(( $'\\x24(rm b)' ))",
    expected: {
      parts: ["echo ${a[$'\\x24(rm a)']} $(( $'\\x24(rm b)' ))", "rm a", "rm b"],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 1: plain subscripts and arithmetic are not opaque",
    input: "echo ${a[i+1]} ${x:1:2} ${x:-'a b'} ${#a[@]}; (( i++ ))",
    expected: {
      parts: ["echo ${a[i+1]} ${x:1:2} ${x:-'a b'} ${#a[@]}", "(( i++ ))"],
      opaque: false,
      kinds: [],
    },
  },
  {
    name: "${ cmd; } runs commands (bash 5.3), to the } outside its brace groups",
    input: "echo ${ rm a; } ${| rm b; } ${ { c; }; echo }; d; }",
    expected: {
      parts: [
        "echo ${ rm a; } ${| rm b; } ${ { c; }; echo }; d; }",
        "rm a",
        "rm b",
        "{ c",
        "}",
        "echo }",
        "d",
      ],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "unclosed ${ cmd is unbalanced",
    input: "echo ${ rm a",
    expected: {
      parts: ["echo ${ rm a", "rm a"],
      opaque: true,
      kinds: ["substitution", "unbalanced"],
    },
  },
  // Builtins that evaluate a subscript in a name, or arithmetic (review finding 3).
  {
    name: "review 3: printf -v, read, unset, test -v, declare, let",
    input: "printf -v 'a[$(rm a)]' x; read 'a[$(rm b)]'; unset 'a[$(rm c)]'; " +
      "[ -v 'a[$(rm d)]' ]; declare -i 'n=a[$(rm e)]'; let 'a[$(rm f)]'",
    expected: {
      parts: [
        "printf -v 'a[$(rm a)]' x",
        "rm a",
        "read 'a[$(rm b)]'",
        "rm b",
        "unset 'a[$(rm c)]'",
        "rm c",
        "[ -v 'a[$(rm d)]' ]",
        "rm d",
        "declare -i 'n=a[$(rm e)]'",
        "rm e",
        "let 'a[$(rm f)]'",
        "rm f",
      ],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 3: [[ ... ]] operands, also after && and after builtin/command",
    input:
      "[[ 1 && 'a[$(rm a)]' -eq 0 ]]; builtin read 'a[$(rm b)]'; command printf -v 'a[$(rm c)]' x",
    expected: {
      parts: [
        "[[ 1",
        "'a[$(rm a)]' -eq 0 ]]",
        "rm a",
        "builtin read 'a[$(rm b)]'",
        "rm b",
        "command printf -v 'a[$(rm c)]' x",
        "rm c",
      ],
      opaque: true,
      kinds: ["substitution"],
    },
  },
  {
    name: "review 3: plain names and quoted text the builtins do not evaluate",
    input: "printf -v name '%s' '$(a)'; read -r line; declare x='$(b)'; [[ $s == '$(c)' ]]",
    expected: {
      parts: [
        "printf -v name '%s' '$(a)'",
        "read -r line",
        "declare x='$(b)'",
        "[[ $s == '$(c)' ]]",
      ],
      opaque: false,
      kinds: [],
    },
  },
  {
    name: "review 6: coproc NAME { ...; }: the body's command words",
    input: "coproc X { a['$(rm a)']=1; }",
    expected: {
      parts: ["coproc X { a['$(rm a)']=1", "rm a", "}"],
      opaque: true,
      kinds: ["substitution"],
    },
  },
];

type Evaluation = [string, string | null];
type Assignment = [string, string | null];

interface EvaluationsCase {
  name: string;
  input: string;
  expected: { evaluations: Evaluation[]; assignments: Assignment[] };
}

/** What bash evaluates from a value (review finding 2), and what the command assigns. */
const EVALUATIONS: EvaluationsCase[] = [
  {
    name: "arithmetic names its parameters; a length and $((...)) are numbers",
    input: "echo $(( n + $m * ${#s} + $((1)) + $1 ))",
    expected: {
      evaluations: [["arithmetic", "n"], ["arithmetic", "m"], ["arithmetic", "1"]],
      assignments: [],
    },
  },
  {
    name: "a substitution's output in arithmetic",
    input: "echo $(( $(wc -l < f) ))",
    expected: {
      evaluations: [["arithmetic", "wc"], ["arithmetic", "l"], ["arithmetic", "f"], [
        "arithmetic",
        null,
      ]],
      assignments: [],
    },
  },
  {
    name: "subscripts and offsets; not the keys or the length",
    input: "echo ${a[i]} ${s:o:l} ${a[@]} ${!a[@]} ${#a[j]}",
    expected: {
      evaluations: [["arithmetic", "i"], ["arithmetic", "o"], ["arithmetic", "l"], [
        "arithmetic",
        "j",
      ]],
      assignments: [],
    },
  },
  {
    name: "${!r} and ${p@P}; not ${!pre@}",
    input: "echo ${!r} ${p@P} ${!pre@} ${!pre*}",
    expected: { evaluations: [["name", "r"], ["prompt", "p"]], assignments: [] },
  },
  {
    name: "let, [[ -eq ]], declare -i and -n",
    input: "let n+1; [[ $m -eq 0 && -n $s ]]; declare -i k=v; declare -n r=t",
    expected: {
      evaluations: [
        ["arithmetic", "n"],
        ["arithmetic", "m"],
        ["arithmetic", "k"],
        ["arithmetic", "v"],
        ["name", "r"],
      ],
      assignments: [["k", "v"], ["r", "t"]],
    },
  },
  {
    name: "a name given at run time to a builtin",
    input: 'read "$x"; printf -v "$y" z',
    expected: { evaluations: [["name", "x"], ["name", "y"]], assignments: [] },
  },
  {
    name: "assignments: plain values, numbers, values only known at run time",
    input:
      "a=1 b='x y' c=$((1+2)) d=$(date) e='$(x)' f=(1 2); read g; for h in 1 {2..3}; do :; done; " +
      "for k in {a,b}; do :; done; for l in {a..c}; do :; done",
    expected: {
      evaluations: [],
      assignments: [
        ["a", "1"],
        ["b", "x y"],
        ["c", "0"],
        ["d", null],
        ["e", null],
        ["f", "1 2"],
        ["g", null],
        ["h", "1 0"],
        ["k", "a b"],
        ["l", null],
      ],
    },
  },
  {
    name: "assignments: ${v:=...}, printf -v, mapfile, getopts, for without in",
    input: "echo ${v:=1} ${w:='$(x)'}; printf -v p x; mapfile -t m; getopts o q; for r; do :; done",
    expected: {
      evaluations: [],
      assignments: [["v", "1"], ["w", null], ["p", null], ["m", null], ["q", null], ["r", null]],
    },
  },
];

const WORDS: WordsCase[] = [
  {
    name: "single quotes removed",
    input: "echo 'a b' c",
    expected: [["echo", "a b", "c"]],
  },
  {
    name: "double quotes removed, escapes resolved",
    input: 'echo "a \\"b\\" \\$c \\\\ \\d"',
    expected: [["echo", 'a "b" $c \\ \\d']],
  },
  {
    name: "adjacent segments make one word",
    input: "echo a'b'\"c\"$'d'$\"e\"",
    expected: [["echo", "abcde"]],
  },
  {
    name: "backslash escapes outside quotes",
    input: "echo \\a\\ b \\\\",
    expected: [["echo", "a b", "\\"]],
  },
  {
    name: "$'...' decodes escapes",
    input: "printf $'\\x41\\101\\u00e9\\t\\cA'",
    expected: [["printf", "AAé\t\u0001"]],
  },
  {
    // Red team: bash writes `$'\xc3\xa9'` as the two bytes of é; read as two code points it
    // named `Ã©`, and a link named é was not followed (cat $'\xc3\xa9'/secret/k).
    name: "$'...' hex and octal escapes are bytes: a run of them is UTF-8",
    input: "cat $'\\xc3\\xa9' $'\\303\\251x' $'\\xff'",
    expected: [["cat", "é", "éx", "\ufffd"]],
  },
  {
    name: "$'\\0' ends the string",
    input: "echo $'ab\\0cd'ef",
    expected: [["echo", "abef"]],
  },
  {
    name: "empty quotes are a word",
    input: "echo '' \"\"",
    expected: [["echo", "", ""]],
  },
  {
    name: "$VAR kept as written, dynamic",
    input: "echo $HOME/x",
    expected: [["echo", { "value": "$HOME/x", "staticFrom": 5 }]],
  },
  {
    name: "${...} kept as written, dynamic",
    input: "echo ${a:-b}c",
    expected: [["echo", { "value": "${a:-b}c", "staticFrom": 7 }]],
  },
  {
    name: "glob is dynamic",
    input: "ls *.ts a?c [ab]x",
    expected: [["ls", { "value": "*.ts", "staticFrom": 1 }, { "value": "a?c", "staticFrom": 2 }, {
      "value": "[ab]x",
      "staticFrom": 4,
    }]],
  },
  {
    name: "brace expansion is dynamic",
    input: "echo {a,b} {1..3}",
    expected: [["echo", { "value": "{a,b}", "staticFrom": 5 }, {
      "value": "{1..3}",
      "staticFrom": 6,
    }]],
  },
  {
    name: "quoted glob is static",
    input: "echo '*' \\? \"[a]\"",
    expected: [["echo", "*", "?", "[a]"]],
  },
  {
    name: "assignment words are words",
    input: "A=1 B='x y' env",
    expected: [["A=1", "B=x y", "env"]],
  },
  {
    name: "redirections are not words",
    input: "cmd a 2>&1 > /dev/null b",
    expected: [["cmd", "a", "b"]],
  },
  {
    name: "heredoc delimiter is not a word",
    input: "cat <<EOF -n\nx\nEOF",
    expected: [["cat", "-n"]],
  },
  {
    name: "line continuation removed",
    input: "ec\\\nho a\\\nb",
    expected: [["echo", "ab"]],
  },
  {
    name: "CR stays in the word",
    input: "echo a\r\n",
    expected: [["echo", "a\r"]],
  },
  {
    name: "NUL bytes dropped",
    input: "r\u0000m -rf x",
    expected: [["rm", "-rf", "x"]],
  },
  {
    name: "__proto__ is a plain word",
    input: "__proto__ constructor",
    expected: [["__proto__", "constructor"]],
  },
];

for (const c of PARTS) {
  Deno.test(`parts: ${c.name}`, () => {
    const got = shellParts(c.input);
    const kinds = [...new Set(parseShell(c.input).opaque.map((r) => r.kind))].sort();
    assert.deepEqual({ parts: got.parts, opaque: got.opaque, kinds }, c.expected);
  });
}

for (const c of EVALUATIONS) {
  Deno.test(`evaluations: ${c.name}`, () => {
    const got = parseShell(c.input);
    assert.deepEqual({
      evaluations: got.evaluations.map((e): Evaluation => [e.kind, e.name]),
      assignments: got.assignments.map((a): Assignment => [a.name, a.value]),
    }, c.expected);
  });
}

for (const c of WORDS) {
  Deno.test(`words: ${c.name}`, () => {
    const got = parseShell(c.input).commands.map((cmd) =>
      cmd.words.map((w): WordExpectation =>
        w.dynamic ? { value: w.value, staticFrom: w.staticFrom } : w.value
      )
    );
    assert.deepEqual(got, c.expected);
  });
}

Deno.test("heredocs: delimiter, quoting and body, the body's lines not split", () => {
  const { commands } = parseShell(
    "cat <<'EOF' x; cat <<-END\nrm $(a)\nEOF\n\tb; c\n\tEND\nls",
  );
  assert.deepEqual(commands.map((c) => c.text), ["cat <<'EOF' x", "cat <<-END", "ls"]);
  assert.deepEqual(commands[0]!.heredocs, [{ delimiter: "EOF", quoted: true, body: "rm $(a)\n" }]);
  assert.deepEqual(commands[1]!.heredocs, [{
    delimiter: "END",
    quoted: false,
    body: "\tb; c\n",
  }]);
});

Deno.test("redirections: operator with its descriptor, and the target word", () => {
  const [cmd] = parseShell("cmd 2>&1 >out <in 3<>f &>>log <<<s").commands;
  assert.deepEqual(
    cmd!.redirects.map((r) => [r.op, r.target?.value]),
    [["2>&", "1"], [">", "out"], ["<", "in"], ["3<>", "f"], ["&>>", "log"], ["<<<", "s"]],
  );
  assert.deepEqual(cmd!.words.map((w) => w.value), ["cmd"]);
});

Deno.test("pipeIn: set on the commands that read a pipe", () => {
  const { commands } = parseShell("a | b |& c; d && e | f");
  assert.deepEqual(
    commands.map((c) => [c.text, c.pipeIn]),
    [["a", false], ["b", true], ["c", true], ["d", false], ["e", false], ["f", true]],
  );
});

Deno.test("pipeIn: every command in a compound command a pipe feeds, and none after it", () => {
  const { commands } = parseShell(
    "a | (b; c); d | { e; f; }; g | while h; do i; done; j; k | if l; then m; fi; n",
  );
  assert.deepEqual(
    commands.filter((c) => c.pipeIn).map((c) => c.text),
    ["b", "c", "{ e", "f", "}", "while h", "do i", "done", "if l", "then m", "fi"],
  );
});

Deno.test("depth and start: nested commands in the order they start", () => {
  const input = "a $(b `c` $(d)) && e <(f)";
  const { commands } = parseShell(input);
  assert.deepEqual(
    commands.map((c) => [c.text, c.depth, c.start]),
    [
      ["a $(b `c` $(d))", 0, 0],
      ["b `c` $(d)", 1, 4],
      ["c", 2, 7],
      ["d", 2, 12],
      ["e <(f)", 0, 19],
      ["f", 1, 23],
    ],
  );
  for (const c of commands) assert.equal(input.slice(c.start, c.start + c.text.length), c.text);
});
