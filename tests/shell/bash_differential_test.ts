/**
 * The splitter against the real thing (style point 9).
 *
 * Words: for every part of a plain command (no expansion whose value depends on the run: no
 * `$VAR`, no globs, no substitutions, no `~`), bash is asked for the words of that part
 * (`eval 'set -- PART'; printf '%s\0' "$@"`); they must equal `words[].value`.
 *
 * Parts: commands made of names no PATH holds are run whole; bash hands each simple command to
 * `command_not_found_handle`, which prints its words. They must be the parts' words, leading
 * keywords and assignments taken off (bash runs `if a` as `a`).
 *
 * Each table runs in one bash process, in an empty temporary directory, with `set -f` and an
 * empty PATH, so nothing a case names can run or write a file.
 */

import assert from "node:assert/strict";
import { parseShell, type SimpleCommand } from "../../lib/shell/parse.ts";
import { KEYWORDS } from "../../lib/shell/reserved.ts";

interface Case {
  name: string;
  input: string;
}

const CASES: Case[] = [
  // Separators and operators, with and without spaces.
  { name: "one word", input: "ls" },
  { name: "words and blanks", input: "ls  -la\t/tmp" },
  { name: "&& without spaces", input: "echo a&&echo b" },
  { name: "|| without spaces", input: "false||echo b" },
  { name: "| without spaces", input: "echo a|cat" },
  { name: "|& pipes stderr too", input: "echo a |& cat" },
  { name: "; without spaces", input: "echo a;echo b" },
  { name: "& without spaces", input: "echo a&echo b" },
  { name: "newline separates", input: "echo a\necho b" },
  { name: "parentheses group", input: "(echo a; echo b) && (echo c)" },
  { name: "braces group", input: "{ echo a; echo b; }" },
  { name: "! negation", input: "! echo a" },
  { name: "keywords stay words", input: "if true; then echo a; else echo b; fi" },
  { name: "for loop header", input: "for x in a b; do echo x; done" },
  { name: "case arms", input: "case a in a) echo x;; b) echo y;; esac" },
  { name: "assignments before a command", input: "A=1 B=two echo a" },
  // Single quotes.
  { name: "single quotes keep blanks", input: "echo 'a b'  'c'" },
  { name: "single quotes keep operators", input: "mytool 'a && b' 'c | d; e'" },
  { name: "single quotes keep backslashes", input: "echo 'a\\b' '\\n' '\\\\'" },
  { name: "single quotes keep $ and backticks", input: "echo '$x' '$(ls)' '`ls`'" },
  { name: "empty single quotes", input: "echo '' a ''" },
  { name: "single quote inside double quotes", input: 'echo "it\'s"' },
  { name: "quote closed and reopened", input: "echo 'it'\\''s'" },
  { name: "single quotes span a newline", input: "echo 'a\nb'" },
  { name: "backslash-newline in single quotes stays", input: "echo 'a\\\nb'" },
  // Double quotes.
  { name: "double quotes keep blanks", input: 'echo "a  b" "c"' },
  { name: "double quotes keep operators", input: 'echo "a && b; c | d"' },
  { name: "escaped characters in double quotes", input: 'echo "\\$x" "\\`" "\\"" "\\\\"' },
  { name: "other backslashes stay in double quotes", input: 'echo "\\a" "\\n" "a\\ b" "\\\'"' },
  { name: "empty double quotes", input: 'echo "" a ""' },
  { name: "lone $ in double quotes", input: 'echo "$" "a$" "$ b"' },
  { name: "double quotes span a newline", input: 'echo "a\nb"' },
  { name: "backslash-newline in double quotes is removed", input: 'echo "a\\\nb"' },
  { name: "$'...' is literal inside double quotes", input: "echo \"$'x'\"" },
  // $'...' and $"...".
  { name: "$'' \\n and \\t", input: "printf '%s' $'a\\nb' $'c\\td'" },
  { name: "$'' \\x hex", input: "echo $'\\x72m' $'\\x41\\x4a' $'\\x4g'" },
  { name: "$'' octal", input: "echo $'\\101' $'\\0101' $'\\7' $'\\1010'" },
  { name: "$'' \\u and \\U", input: "echo $'\\u00e9' $'\\u263a' $'\\U0001F600'" },
  { name: "$'' \\c control", input: "echo $'\\cA' $'\\ca' $'\\c[' $'\\c?' $'\\c1'" },
  { name: "$'' simple escapes", input: "echo $'\\a\\b\\e\\E\\f\\r\\v' $'\\?' $'\\\"'" },
  { name: "$'' quotes and backslashes", input: "echo $'\\'' $'a\\'b' $'\\\\' $'\\q'" },
  { name: "$'' without digits", input: "echo $'\\x' $'\\u' $'\\U' $'\\8' $'\\c'" },
  { name: "$'' NUL ends the string", input: "echo $'ab\\0cd'ef $'\\x00x' $'\\u0000y' $'\\c@z'" },
  { name: "$'' \\c\\\\ takes both backslashes", input: "echo $'\\c\\\\x'" },
  { name: '$"..." as double quotes', input: 'echo $"a b" $"c\\$"' },
  { name: "adjacent quoted segments", input: "echo a\"b\"'c'$'d'$\"e\"f" },
  // Backslashes outside quotes.
  { name: "escaped blank joins words", input: "echo a\\ b \\ c" },
  { name: "escaped letters", input: "echo \\a \\n \\\\ \\'" },
  { name: "escaped operators", input: "echo a\\;b a\\|b a\\&\\&b \\(x\\) \\<y\\>" },
  { name: "escaped quotes", input: "echo \\\"a\\\" \\'b\\'" },
  { name: "escaped $ and backtick", input: "echo \\$x \\`ls\\`" },
  { name: "backslash at the end", input: "echo a\\" },
  { name: "escaped command word", input: "\\echo a" },
  // Line continuations.
  { name: "continuation inside a word", input: "ec\\\nho a\\\nb" },
  { name: "continuation between words", input: "echo a \\\n  b" },
  { name: "continuation after an operator", input: "echo a && \\\necho b" },
  // Comments.
  { name: "# after a blank starts a comment", input: "echo a #b c" },
  { name: "# inside a word does not", input: "echo a#b a# #" },
  { name: "# quoted or escaped does not", input: "echo '#a' \"#b\" \\#c" },
  { name: "comment after ;", input: "echo a;#echo b" },
  { name: "comment line then a command", input: "# only a comment\necho b" },
  // Redirections that leave the words alone.
  { name: "2>&1 is not a word", input: "echo a 2>&1" },
  { name: ">&2 is not a word", input: "echo a >&2 b" },
  { name: "> /dev/null is not a word", input: "echo a > /dev/null b" },
  { name: "redirection without spaces", input: "echo a>/dev/null b 2>/dev/null" },
  { name: "digits glued to a word are a word", input: "echo a2>/dev/null" },
  { name: "a lone digit with a blank is a word", input: "echo 2 >/dev/null" },
  { name: "&> /dev/null", input: "echo a &>/dev/null b" },
  { name: "input redirection", input: "cat </dev/null x" },
  { name: "here-string", input: "cat <<< 'a b' x" },
  { name: "heredoc", input: "cat <<EOF x\nbody $x `y`\nEOF" },
  { name: "quoted heredoc", input: "cat <<'EOF' y\nbody $(z)\nEOF" },
  { name: "heredoc <<-", input: "cat <<-EOF z\n\tbody\n\tEOF" },
  // Other words.
  { name: "unicode", input: "echo héllo 日本 ☺" },
  { name: "lone braces and brackets", input: "echo { } {} a{b a}b [ ] a[b" },
  { name: "brace without a comma", input: "echo {a} x{y}z" },
  { name: "= and options", input: "echo a=b -- --c=d -e" },
  { name: "lone $", input: "echo $ a$ $% $/" },
  { name: "carriage return stays in the word", input: "echo a\rb" },
  { name: "! and ^ and %", input: "echo ! ^ % a!b" },
  { name: "tab separated", input: "echo\ta\t\tb" },
  { name: "command path", input: "/bin/echo a && ./x b" },
  { name: "quoted command word", input: "'echo' a; \"echo\" b; e'ch'o c" },
  { name: "printf format", input: 'printf "%s\\n" a' },
  { name: "escaped blank at the end of a word", input: "echo a\\  b\\ " },
  { name: "CRLF: the CR stays in the last word", input: "echo a\r\necho b\r\n" },
  { name: "$'' backslash-newline", input: "echo $'a\\\nb'" },
  { name: "# after a quoted segment is in the word", input: "echo \"a\"#b $'c'#d e'#'f" },
  { name: "escaped tab joins words", input: "echo a\\\tb" },
  { name: "quotes that make an empty word", input: "echo '''' \"\"\"\" a\"\" ''b" },
  { name: "continuation between quoted segments", input: "echo 'a'\\\n'b'" },
  { name: "fd redirections", input: "echo 10>/dev/null a 1a>/dev/null 2>&- b <&0 3<>/dev/null" },
  { name: ">& onto /dev/null and &>>", input: "echo a >& /dev/null b &>>/dev/null c >|/dev/null" },
  { name: "named fd redirection", input: "echo {fd}>/dev/null a" },
  { name: "heredoc with a partly quoted delimiter", input: 'cat <<E"O"F a\n$x\nEOF' },
  { name: "heredoc with an escaped delimiter", input: "cat <<\\EOF b\n`x`\nEOF" },
  { name: "two heredocs", input: "cat <<A <<-B c\nx\nA\n\ty\n\tB" },
];

const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The script that prints the words bash finds in each part. Each part goes through `eval`, so
 * that it is read on its own, as `bash -c` would read it (a backslash at its end stays a
 * backslash), with its heredoc bodies after it.
 */
function bashScript(commands: SimpleCommand[], caseIndex: number): string {
  const lines = [`printf 'CASE${caseIndex}\\0' >&3`];
  for (const c of commands) {
    const docs = c.heredocs.map((d) => "\n" + d.body + d.delimiter).join("");
    lines.push(
      `set --; eval ${shellQuote(`set -- ${c.text}${docs}`)}; ` +
        `printf 'PART\\0' >&3; printf '%s\\0' "$@" >&3`,
    );
  }
  return lines.join("\n");
}

/** Commands whose every part runs, once (`fail` fails, every other name succeeds). */
const SPLIT_CASES: Case[] = [
  { name: "&& splits", input: "a x&&b y" },
  { name: "|| splits", input: "fail x||b y" },
  { name: "| splits", input: "a x|b y" },
  { name: "|& splits", input: "a x|&b y" },
  { name: "; splits", input: "a x;b y" },
  { name: "& splits", input: "a x&b y" },
  { name: "newline splits", input: "a x\nb y\n\nc" },
  { name: "parentheses split", input: "(a x;b y)&&(c)" },
  { name: "braces are keywords", input: "{ a x; b y; }" },
  { name: "if/then/fi are keywords", input: "if a x; then b y; fi" },
  { name: "! is a keyword", input: "! a x" },
  { name: "assignments are not words of the command", input: "A=1 B='2 3' a x" },
  { name: "quoted operators do not split", input: "a 'x && y' \"z; w\" 'p|q'" },
  { name: "escaped operators do not split", input: "a x\\;y x\\&\\&y x\\|y" },
  { name: "a comment hides what follows on its line", input: "a x #; b y\nc z" },
  { name: "# in a word is no comment", input: "a x#y;b" },
  { name: "continuation joins lines", input: "a x \\\ny && \\\nb" },
  { name: "redirections stay in their part", input: "a x 2>&1|b y >/dev/null;c </dev/null" },
  { name: "here-string", input: "a <<<'x; y' z; b" },
  { name: "heredoc body is no command", input: "a <<EOF\nb; c\nEOF\nd" },
  { name: "quoted heredoc body is no command", input: "a <<'EOF' x\nb && c\nEOF\nd y" },
  { name: "<<- strips tabs before the delimiter", input: "a <<-EOF\n\tb\n\tEOF\nc" },
  { name: "two heredocs on one line", input: "a <<A; b <<B\nx\nA\ny\nB\nc" },
  { name: "$'...' newline is no separator", input: "a $'x\\ny';b" },
  { name: "a[...] where a command starts is one word to its ]", input: "x[ #] y; b" },
  { name: "a[ after an assignment and a redirection is not", input: "A=1 >/dev/null x[ y] z" },
  { name: "a[ after redirections only is one word", input: ">/dev/null x[ ; y]; b" },
  { name: "compound assignment goes on after )", input: "x=(a [k]=#v # c\n b)#c; b" },
  { name: "(( )): # and << are no comment or heredoc", input: "(( 1 #)); b\n(( x = 1 << 2 ))\nc" },
  { name: "double-quoted newline is no separator", input: 'a "x\ny";b' },
];

/** Runs every part of each command through `command_not_found_handle`. */
function wholeScript(input: string, caseIndex: number): string {
  return `printf '%s\\0' CASE${caseIndex} >&3\neval ${shellQuote(input)}\nwait`;
}

/** The parts' words as bash hands them to a command: keywords and assignments taken off. */
function commandWords(cmd: SimpleCommand): string[] {
  // An arithmetic command is no command bash hands to command_not_found_handle.
  if (cmd.words[0]?.raw.startsWith("((")) return [];
  let i = 0;
  while (i < cmd.words.length) {
    const w = cmd.words[i]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w.raw) || (w.raw === w.value && KEYWORDS.has(w.raw))) {
      i++;
    } else break;
  }
  return cmd.words.slice(i).map((w) => w.value);
}

const sorted = (parts: string[][]): string[][] =>
  [...parts].sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

/** No globbing, no PATH, the words on fd 3 and nothing else on stdout. */
const PRELUDE = "set -f\nPATH=/nonexistent\nexec 3>&1 1>/dev/null 2>/dev/null";

async function runBash(script: string): Promise<Map<number, string[][]>> {
  const dir = await Deno.makeTempDir({ prefix: "skald-bash-" });
  try {
    const file = `${dir}/cases.sh`;
    await Deno.writeTextFile(file, script);
    const out = await new Deno.Command("bash", {
      args: ["--norc", "--noprofile", file],
      cwd: dir,
      env: { LC_ALL: "C.UTF-8", PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    return splitRecords(out.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function splitRecords(bytes: Uint8Array): Map<number, string[][]> {
  const fields = new TextDecoder().decode(bytes).split("\0");
  fields.pop();
  const out = new Map<number, string[][]>();
  let current: string[][] | undefined;
  for (const f of fields) {
    const m = /^CASE(\d+)$/.exec(f);
    if (m) {
      current = [];
      out.set(Number(m[1]), current);
    } else if (f === "PART") current?.push([]);
    else current?.at(-1)?.push(f);
  }
  return out;
}

function compare(
  cases: Case[],
  got: Map<number, string[][]>,
  ours: (c: Case) => string[][],
  theirs: (parts: string[][] | undefined) => string[][] | undefined = (p) => p,
): string[] {
  const failures: string[] = [];
  cases.forEach((c, i) => {
    const mine = ours(c);
    const bash = theirs(got.get(i));
    try {
      assert.deepEqual(mine, bash);
    } catch {
      failures.push(
        `${c.name}: ${JSON.stringify(c.input)}\n  ours: ${JSON.stringify(mine)}\n  bash: ${
          JSON.stringify(bash)
        }`,
      );
    }
  });
  return failures;
}

Deno.test("bash finds the same words in every part of a plain command", async () => {
  const script = [
    PRELUDE,
    ...CASES.map((c, i) => bashScript(parseShell(c.input).commands, i)),
  ].join("\n") + "\n";
  const got = await runBash(script);
  const failures = compare(
    CASES,
    got,
    (c) => parseShell(c.input).commands.map((cmd) => cmd.words.map((w) => w.value)),
  );
  assert.equal(failures.length, 0, failures.join("\n"));
});

Deno.test("bash runs the same parts as the splitter finds", async () => {
  const script = [
    PRELUDE,
    `command_not_found_handle() { printf '%s\\0' PART "$@" >&3; [ "$1" != fail ]; }`,
    ...SPLIT_CASES.map((c, i) => wholeScript(c.input, i)),
  ].join("\n") + "\n";
  const got = await runBash(script);
  const failures = compare(
    SPLIT_CASES,
    got,
    (c) =>
      sorted(parseShell(c.input).commands.map(commandWords).filter((words) => words.length > 0)),
    (parts) => parts && sorted(parts),
  );
  assert.equal(failures.length, 0, failures.join("\n"));
});

/**
 * Commands nested in substitutions, heredoc bodies, arithmetic and subscripts (issue 10): every
 * simple command bash runs, at any depth, must be one the splitter finds. A command that
 * reaches `command_not_found_handle` prints `S` on its standard output, so that a
 * substitution's output is one word; a word of ours only known at run time (`$(...)`,
 * `<(...)`, `$x`) matches any word of bash's, and the two lists are compared as multisets.
 */
const NESTED_CASES: Case[] = [
  { name: "$(...) as an argument", input: "a x $(b y)" },
  { name: "$(...) nested twice", input: "a $(b $(c z))" },
  { name: "$(...) in double quotes", input: 'a "$(b y)"' },
  { name: "$(...) as the command word", input: "$(b y) x" },
  { name: "backticks", input: "a `b y`" },
  { name: "backticks inside double quotes", input: 'a "`b y`"' },
  { name: "backticks inside $(...)", input: "a $(b `c z`)" },
  { name: "escaped backtick inside backticks", input: "a `b \`c z\``" },
  { name: "<(...)", input: "a <(b y)" },
  { name: ">(...) as a redirection target", input: "a > >(b y)" },
  { name: "<(...) with a pipe inside", input: "a <(b y | c z)" },
  { name: "$(...) in an unquoted heredoc body", input: "a <<EOF\nline $(b y)\nEOF" },
  { name: "backticks in a heredoc body", input: "a <<EOF\n`b y`\nEOF" },
  { name: "a quoted heredoc body runs nothing", input: "a <<'EOF'\n$(b y)\nEOF" },
  { name: "$((...)) with a substitution", input: "a $(( $(b y) + 1 ))" },
  { name: "$[...] with a substitution", input: "a $[ $(b y) ]" },
  { name: "((...)) with a substitution", input: "(( $(b y) ))" },
  { name: "a subscript with a substitution", input: "a ${x[$(b y)]}" },
  { name: "an assignment subscript", input: "x[$(b y)]=1" },
  { name: "${...:-$(...)}", input: "a ${u:-$(b y)}" },
  { name: "${...:=$(...)} in double quotes", input: 'a "${u:=$(b y)}"' },
  { name: "an assignment's value", input: "x=$(b y) a" },
  { name: "a redirection target", input: "a > $(b y)" },
  { name: "a here-string", input: "a <<< $(b y)" },
  { name: "a case word", input: "case $(b y) in S) c z;; esac" },
  { name: "a for list", input: "for i in $(b y); do c z; done" },
  { name: "an if condition", input: "if $(b y); then c z; fi" },
  { name: "a subshell inside $(...)", input: "a $( (b y; c z) )" },
  { name: "a brace group inside $(...)", input: "a $( { b y; c z; } )" },
  { name: "a pipeline inside backticks", input: "a `b y | c z`" },
  { name: "a function body inside $(...)", input: "a $(f() { b y; }; f)" },
  // Bash evaluates the subscript as arithmetic, where `'S'` is an error that stops `:` itself.
  { name: "a substitution in a single-quoted subscript", input: ": ${x['$(b y)']}" },
];

/**
 * The reports of the nested cases regrouped by the case number each carries (its first word),
 * whatever case marker they came after.
 */
function byCase(records: Map<number, string[][]>): Map<number, string[][]> {
  const out = new Map<number, string[][]>();
  for (const parts of records.values()) {
    for (const [index, ...words] of parts) {
      const n = Number(index);
      if (!out.has(n)) out.set(n, []);
      out.get(n)!.push(words);
    }
  }
  return out;
}

/** Words bash hands a command, ours with `null` for a word only known at run time. */
function nestedWords(cmd: SimpleCommand): (string | null)[] {
  if (cmd.words[0]?.raw.startsWith("((")) return [];
  let i = 0;
  while (i < cmd.words.length) {
    const w = cmd.words[i]!;
    if (
      /^[A-Za-z_][A-Za-z0-9_]*(\[[^]*\])?=/.test(w.raw) ||
      (w.raw === w.value && KEYWORDS.has(w.raw))
    ) {
      i++;
    } else break;
  }
  // `case W in`, `for i in ...`, `f()`: headers and definitions, no commands bash runs; `:` is
  // a builtin.
  if (/^(case|for|select|function|:)$/.test(cmd.words[i]?.raw ?? "") || /\(\)$/.test(cmd.text)) {
    return [];
  }
  return cmd.words.slice(i).map((w) => w.dynamic ? null : w.value);
}

/** Our words match bash's: a `null` word (only known at run time) stands for any words. */
function fits(ours: (string | null)[], theirs: string[]): boolean {
  const [w, ...rest] = ours;
  if (w === undefined) return theirs.length === 0;
  if (w !== null) return theirs[0] === w && fits(rest, theirs.slice(1));
  for (let k = 0; k <= theirs.length; k++) if (fits(rest, theirs.slice(k))) return true;
  return false;
}

/** Matches our commands to bash's, one to one. */
function unmatched(ours: (string | null)[][], theirs: string[][]): string[] {
  const left = [...theirs];
  const missing: string[] = [];
  // The most specific first: `[null]` must not take the command `["b", "y"]` needs.
  const nulls = (w: (string | null)[]) => w.filter((x) => x === null).length;
  for (const words of [...ours].sort((a, b) => nulls(a) - nulls(b))) {
    const at = left.findIndex((t) => fits(words, t));
    if (at === -1) missing.push(`ours ${JSON.stringify(words)}`);
    else left.splice(at, 1);
  }
  return [...missing, ...left.map((t) => `bash ${JSON.stringify(t)}`)];
}

Deno.test("bash runs the same nested commands as the splitter finds", async () => {
  const script = [
    PRELUDE,
    // Each report names its case: a process substitution runs on its own and may report after
    // the next case began, but it keeps the case number it was started with.
    `command_not_found_handle() { printf '%s\\0' PART "$SKALD_CASE" "$@" >&3; printf S; }`,
    ...NESTED_CASES.map((c, i) =>
      `SKALD_CASE=${i}\n${wholeScript(c.input, i)}\nwait $! 2>/dev/null; wait`
    ),
  ].join("\n") + "\n";
  const got = byCase(await runBash(script));
  const failures: string[] = [];
  NESTED_CASES.forEach((c, i) => {
    // A function the case defines runs its body, not command_not_found_handle.
    const functions = [...c.input.matchAll(/(\w+)\(\)/g)].map((m) => m[1]);
    const ours = parseShell(c.input).commands.map(nestedWords)
      .filter((w) => w.length > 0 && !functions.includes(w[0] ?? undefined));
    const diff = unmatched(ours, got.get(i) ?? []);
    if (diff.length > 0) {
      failures.push(`${c.name}: ${JSON.stringify(c.input)}\n  ${diff.join("\n  ")}`);
    }
  });
  assert.equal(failures.length, 0, failures.join("\n"));
});

Deno.test("the tables hold enough plain and nested cases", () => {
  assert.ok(CASES.length + SPLIT_CASES.length >= 60);
  assert.ok(NESTED_CASES.length >= 30);
});
