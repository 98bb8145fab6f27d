/**
 * Bad input never crashes and never hangs (style point 10): each case has an exact expected
 * result and a blow-up guard in CPU time (`../_cpu.ts`: 10 times the cost measured on the
 * 2-core machine). Limits that make a command opaque (nesting deeper than
 * `MAX_DEPTH`, more than `MAX_PARTS` parts, a walk that runs out of budget) turn into hidden
 * parts, which every deny or ask rule for Bash matches.
 */

import assert from "node:assert/strict";
import { type OpaqueKind, parseShell } from "../../lib/shell/parse.ts";
import { analyzeCommand } from "../../lib/shell/split.ts";
import { withinCpu } from "../_cpu.ts";

type Tokens = (string | null)[];

/** Small inputs: everything, exactly. */
interface Exact {
  parts: string[];
  kinds: OpaqueKind[];
  opaque: boolean;
  candidates: Tokens[];
  /** The hidden parts' reasons. */
  hidden: string[];
}

/** Big inputs: the counts, and a text the first hidden reason starts with. */
interface Counted {
  partCount: number;
  kinds: OpaqueKind[];
  opaque: boolean;
  candidateCount: number;
  hidden: number;
  reason?: string;
}

interface AdversarialCase {
  name: string;
  /** Its cost as measured (CPU ms, rounded up), when over {@link EXPECT_MS}. */
  expectMs?: number;
  /** Built when the test runs, so that the big inputs cost nothing at load. */
  input: () => string;
  expected: Exact | Counted;
}

/**
 * What a case costs at most, parse and deny view together, unless it says (CPU ms, as measured
 * on the 2-core machine; the guard, `../_cpu.ts`, allows 10 times).
 */
const EXPECT_MS = 20;

/** `echo \`echo \\\`...rm x...\\\`\``: backticks nested by escaping, `depth` deep. */
function nestedBackticks(depth: number): string {
  let s = "rm x";
  for (let i = 0; i < depth; i++) {
    s = "echo `" + s.replaceAll("\\", "\\\\").replaceAll("`", "\\`") + "`";
  }
  return s;
}

const CASES: AdversarialCase[] = [
  {
    name: "1 MB command line: one long word",
    expectMs: 100,
    input: () => "echo " + "a".repeat(2 ** 20),
    expected: { partCount: 1, kinds: [], opaque: false, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB command line: 500,000 words",
    expectMs: 400,
    input: () => "a ".repeat(2 ** 19),
    expected: { partCount: 1, kinds: [], opaque: false, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB quoted string full of separators is one part",
    input: () => "echo '" + "x && y; ".repeat(2 ** 17) + "'",
    expected: { partCount: 1, kinds: [], opaque: false, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB of ( is one unclosed arithmetic command",
    expectMs: 150,
    input: () => "(".repeat(2 ** 20),
    expected: { partCount: 1, kinds: ["unbalanced"], opaque: true, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB of ) is no part",
    expectMs: 150,
    input: () => ")".repeat(2 ** 20),
    expected: { parts: [], kinds: [], opaque: false, candidates: [], hidden: [] },
  },
  {
    name: "1 MB of [ is one static word",
    expectMs: 100,
    input: () => "[".repeat(2 ** 20),
    expected: { partCount: 1, kinds: [], opaque: false, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB of { is one static word",
    expectMs: 100,
    input: () => "{".repeat(2 ** 20),
    expected: { partCount: 1, kinds: [], opaque: false, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB of $ is one word",
    expectMs: 150,
    input: () => "$".repeat(2 ** 20),
    expected: {
      partCount: 1,
      kinds: [],
      opaque: true,
      candidateCount: 1,
      hidden: 1,
      reason: "the command $$$$$$$$$$$$$$$$$$$$$$$$$$$$",
    },
  },
  {
    name: "1 MB of backslashes is one word",
    expectMs: 80,
    input: () => "\\".repeat(2 ** 20),
    expected: { partCount: 1, kinds: [], opaque: false, candidateCount: 1, hidden: 0 },
  },
  {
    name: "1 MB of newlines is no part",
    expectMs: 80,
    input: () => "\n".repeat(2 ** 20),
    expected: { parts: [], kinds: [], opaque: false, candidates: [], hidden: [] },
  },
  {
    name: "NUL inside a command word: dropped, r\\0m is rm",
    input: () => "r\0m -rf x",
    expected: {
      parts: ["rm -rf x"],
      kinds: ["nul"],
      opaque: true,
      candidates: [["rm", "-rf", "x"]],
      hidden: [],
    },
  },
  {
    name: "NUL before a separator",
    input: () => "ls\0; rm x",
    expected: {
      parts: ["ls", "rm x"],
      kinds: ["nul"],
      opaque: true,
      candidates: [["ls"], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "1,000 NUL bytes",
    input: () => "\0".repeat(1000) + "ls",
    expected: { parts: ["ls"], kinds: ["nul"], opaque: true, candidates: [["ls"]], hidden: [] },
  },
  {
    name: "10,000 nested $( closed",
    input: () => "echo " + "$(".repeat(10000) + "rm x" + ")".repeat(10000),
    expected: {
      partCount: 51,
      kinds: ["substitution", "too-deep"],
      opaque: true,
      candidateCount: 2,
      hidden: 51,
      reason: "the command is too complex to read (subs",
    },
  },
  {
    name: "10,000 nested $( unclosed",
    input: () => "$(".repeat(10000),
    expected: {
      partCount: 51,
      kinds: ["substitution", "too-deep"],
      opaque: true,
      candidateCount: 1,
      hidden: 52,
      reason: "the command is too complex to read (subs",
    },
  },
  {
    name: '10,000 nested "$( (quotes and substitutions)',
    input: () => "echo " + '"$('.repeat(10000),
    expected: {
      partCount: 51,
      kinds: ["substitution", "too-deep"],
      opaque: true,
      candidateCount: 2,
      hidden: 51,
      reason: "the command is too complex to read (subs",
    },
  },
  {
    name: '10,000 nested ${x:-"',
    input: () => "echo " + '${x:-"'.repeat(10000),
    expected: {
      partCount: 1,
      kinds: ["too-deep"],
      opaque: true,
      candidateCount: 1,
      hidden: 1,
      reason: "the command is too complex to read (expa",
    },
  },
  {
    name: "10,000 nested $((",
    input: () => "echo " + "$((".repeat(10000),
    expected: {
      partCount: 1,
      kinds: ["substitution", "too-deep"],
      opaque: true,
      candidateCount: 1,
      hidden: 1,
      reason: "the command is too complex to read (expa",
    },
  },
  {
    name: "10,000 nested ${ cmd (bash 5.3 command substitutions)",
    input: () => "echo " + "${ ".repeat(10000),
    expected: {
      partCount: 51,
      kinds: ["too-deep"],
      opaque: true,
      candidateCount: 2,
      hidden: 51,
      reason: "the command is too complex to read (expa",
    },
  },
  {
    name: "a chain of 5,000 assignments that arithmetic follows to code",
    expectMs: 80,
    input: () =>
      Array.from({ length: 5000 }, (_, i) => `v${i}=v${i + 1}`).join("; ") +
      "; v5000='a[$(x)]'; echo $((v0))",
    expected: {
      partCount: 5002,
      kinds: ["substitution"],
      opaque: true,
      candidateCount: 5002,
      hidden: 1,
      reason: "$((v0)) evaluates $v5000 as arithmetic",
    },
  },
  {
    name: "arithmetic that names 100,000 parameters",
    expectMs: 30,
    input: () => "echo $((" + "a+".repeat(100000) + "1))",
    expected: { partCount: 1, kinds: ["substitution"], opaque: true, candidateCount: 1, hidden: 0 },
  },
  {
    name: "20,000 quoted substitutions in one arithmetic text",
    expectMs: 150,
    input: () => "echo $(( " + "'$(x)' + ".repeat(20000) + "1 ))",
    expected: {
      partCount: 20000,
      kinds: ["substitution", "too-many-parts"],
      opaque: true,
      candidateCount: 1,
      hidden: 3,
      reason: "the command is too complex to read (more",
    },
  },
  {
    name: "10,000 nested <(",
    input: () => "cat " + "<(".repeat(10000),
    expected: {
      partCount: 51,
      kinds: ["process-substitution", "too-deep"],
      opaque: true,
      candidateCount: 2,
      hidden: 51,
      reason: "the command is too complex to read (subs",
    },
  },
  {
    name: "10,000 nested (( $( (arithmetic commands in substitutions)",
    input: () => "(( $(a; ".repeat(10000),
    expected: {
      partCount: 101,
      kinds: ["substitution", "too-deep"],
      opaque: true,
      candidateCount: 52,
      hidden: 1,
      reason: "the command is too complex to read (expa",
    },
  },
  {
    name: "10,000 nested a[ subscripts",
    input: () => "a[".repeat(10000),
    expected: {
      partCount: 1,
      kinds: ["unbalanced"],
      opaque: true,
      candidateCount: 1,
      hidden: 1,
      reason: "the command a[a[a[a[a[a[a[a[a[a[a[a[a[a[",
    },
  },
  {
    name: "10,000 backticks are 5,000 empty substitutions",
    input: () => "echo " + "`".repeat(10000),
    expected: { partCount: 1, kinds: ["substitution"], opaque: true, candidateCount: 1, hidden: 0 },
  },
  {
    name: "backticks nested 15 deep by escaping",
    input: () => nestedBackticks(15),
    expected: {
      partCount: 16,
      kinds: ["substitution"],
      opaque: true,
      candidateCount: 2,
      hidden: 0,
    },
  },
  {
    name: "10,000 nested single and double quotes",
    input: () => "echo " + "\"'".repeat(10000),
    expected: { partCount: 1, kinds: ["unbalanced"], opaque: true, candidateCount: 1, hidden: 0 },
  },
  {
    name: "16,000 subshells that each fail as arithmetic",
    input: () => "((" + "(".repeat(16000) + "a" + ") y".repeat(16001),
    expected: {
      partCount: 1,
      kinds: ["too-deep"],
      opaque: true,
      candidateCount: 1,
      hidden: 1,
      reason: "the command is too complex to read (arit",
    },
  },
  {
    name: "100,000 ;-separated parts",
    expectMs: 150,
    input: () => "ls;".repeat(100000),
    expected: {
      partCount: 20000,
      kinds: ["too-many-parts"],
      opaque: true,
      candidateCount: 1,
      hidden: 2,
      reason: "the command is too complex to read (more",
    },
  },
  {
    name: "100,000 |-separated parts",
    expectMs: 80,
    input: () => "a|".repeat(100000) + "a",
    expected: {
      partCount: 20000,
      kinds: ["too-many-parts"],
      opaque: true,
      candidateCount: 1,
      hidden: 2,
      reason: "the command is too complex to read (more",
    },
  },
  {
    name: "100,000 $(...) parts",
    expectMs: 60,
    input: () => "$(a)".repeat(100000),
    expected: {
      partCount: 20000,
      kinds: ["substitution", "too-many-parts"],
      opaque: true,
      candidateCount: 1,
      hidden: 2,
      reason: "the command is too complex to read (more",
    },
  },
  {
    name: "50,000 heredocs on one line",
    expectMs: 200,
    input: () => "cat <<EOF ".repeat(50000) + "\nx\nEOF",
    expected: { partCount: 1, kinds: ["heredoc"], opaque: true, candidateCount: 1, hidden: 0 },
  },
  {
    name: "parallel 100,000 times",
    expectMs: 400,
    input: () => "parallel ".repeat(100000) + "rm",
    expected: {
      partCount: 1,
      kinds: [],
      opaque: true,
      candidateCount: 7,
      hidden: 1,
      reason: "the command is too complex to read (too ",
    },
  },
  {
    name: "sudo 200,000 times",
    expectMs: 400,
    input: () => "sudo ".repeat(200000) + "rm -rf x",
    expected: {
      partCount: 1,
      kinds: [],
      opaque: true,
      candidateCount: 4,
      hidden: 1,
      reason: "the command is too complex to read (too ",
    },
  },
  {
    name: "eval 200,000 times",
    expectMs: 800,
    input: () => "eval ".repeat(200000) + "rm",
    expected: {
      partCount: 1,
      kinds: [],
      opaque: true,
      candidateCount: 4,
      hidden: 1,
      reason: "the command is too complex to read (too ",
    },
  },
  {
    name: "find -exec 100,000 times",
    expectMs: 400,
    input: () => "find -exec ".repeat(100000),
    expected: {
      partCount: 1,
      kinds: [],
      opaque: true,
      candidateCount: 4,
      hidden: 1,
      reason: "the command is too complex to read (too ",
    },
  },
  {
    name: "unbalanced '",
    input: () => "rm 'x",
    expected: {
      parts: ["rm 'x"],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: 'unbalanced "',
    input: () => 'rm "x',
    expected: {
      parts: ['rm "x'],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced backtick",
    input: () => "echo `rm x",
    expected: {
      parts: ["echo `rm x", "rm x"],
      kinds: ["substitution", "unbalanced"],
      opaque: true,
      candidates: [["echo", null], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced $'",
    input: () => "echo $'x",
    expected: {
      parts: ["echo $'x"],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [["echo", "x"]],
      hidden: [],
    },
  },
  {
    name: 'unbalanced $"',
    input: () => 'echo $"x',
    expected: {
      parts: ['echo $"x'],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [["echo", "x"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced $(",
    input: () => "echo $(rm x",
    expected: {
      parts: ["echo $(rm x", "rm x"],
      kinds: ["substitution", "unbalanced"],
      opaque: true,
      candidates: [["echo", null], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced ${",
    input: () => "echo ${x",
    expected: {
      parts: ["echo ${x"],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [["echo", null]],
      hidden: [],
    },
  },
  {
    name: "unbalanced $((",
    input: () => "echo $((1 + 2",
    expected: {
      parts: ["echo $((1 + 2"],
      kinds: ["substitution", "unbalanced"],
      opaque: true,
      candidates: [["echo", null]],
      hidden: [],
    },
  },
  {
    name: "unbalanced $[",
    input: () => "echo $[1",
    expected: {
      parts: ["echo $[1"],
      kinds: ["substitution", "unbalanced"],
      opaque: true,
      candidates: [["echo", null]],
      hidden: [],
    },
  },
  {
    name: "unbalanced <(",
    input: () => "cat <(rm x",
    expected: {
      parts: ["cat <(rm x", "rm x"],
      kinds: ["process-substitution", "unbalanced"],
      opaque: true,
      candidates: [["cat", null], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced >(",
    input: () => "tee >(rm x",
    expected: {
      parts: ["tee >(rm x", "rm x"],
      kinds: ["process-substitution", "unbalanced"],
      opaque: true,
      candidates: [["tee", null], ["rm", "x"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced a[ where a command starts",
    input: () => "a[ x; rm y",
    expected: {
      parts: ["a[ x; rm y"],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [[null]],
      hidden: ["the command a[ x; rm y is only known when it runs"],
    },
  },
  {
    name: "unbalanced a=(",
    input: () => "a=(x; rm y",
    expected: {
      parts: ["a=(x", "rm y"],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [[null], ["rm", "y"]],
      hidden: [],
    },
  },
  {
    name: "unbalanced ((",
    input: () => "(( 1 + 2",
    expected: {
      parts: ["(( 1 + 2"],
      kinds: ["unbalanced"],
      opaque: true,
      candidates: [["(( 1 + 2"]],
      hidden: [],
    },
  },
  {
    name: "heredoc without its terminator: body to the end",
    input: () => "cat <<EOF\nrm -rf x",
    expected: {
      parts: ["cat <<EOF"],
      kinds: ["heredoc"],
      opaque: true,
      candidates: [["cat"]],
      hidden: [],
    },
  },
  {
    name: "bash reads a heredoc without terminator to the end",
    input: () => "bash <<EOF\nrm -rf x",
    expected: {
      parts: ["bash <<EOF"],
      kinds: ["heredoc"],
      opaque: true,
      candidates: [["bash"], ["rm", "-rf", "x"]],
      hidden: [],
    },
  },
  {
    name: "heredoc without a newline",
    input: () => "cat <<EOF",
    expected: {
      parts: ["cat <<EOF"],
      kinds: ["heredoc"],
      opaque: true,
      candidates: [["cat"]],
      hidden: [],
    },
  },
  {
    name: "__proto__ and constructor as command words",
    input: () => "__proto__ rm x; constructor rm; toString; hasOwnProperty rm",
    expected: {
      parts: ["__proto__ rm x", "constructor rm", "toString", "hasOwnProperty rm"],
      kinds: [],
      opaque: false,
      candidates: [["__proto__", "rm", "x"], ["constructor", "rm"], ["toString"], [
        "hasOwnProperty",
        "rm",
      ]],
      hidden: [],
    },
  },
  {
    name: "__proto__ as an assignment and a wrapper option",
    input: () => "__proto__=1 sudo --__proto__ rm",
    expected: {
      parts: ["__proto__=1 sudo --__proto__ rm"],
      kinds: [],
      opaque: false,
      candidates: [["__proto__=1", "sudo", "--__proto__", "rm"], ["sudo", "--__proto__", "rm"], [
        "rm",
      ]],
      hidden: [],
    },
  },
  {
    name: "CRLF line endings: the CR stays in the last word, as in bash",
    input: () => "ls\r\nrm -rf x\r\n",
    expected: {
      parts: ["ls\r", "rm -rf x\r"],
      kinds: [],
      opaque: false,
      candidates: [["ls\r"], ["rm", "-rf", "x\r"]],
      hidden: [],
    },
  },
  {
    name: "lone backslash at the end is a backslash",
    input: () => "rm x\\",
    expected: {
      parts: ["rm x\\"],
      kinds: [],
      opaque: false,
      candidates: [["rm", "x\\"]],
      hidden: [],
    },
  },
  {
    name: "lone backslash alone",
    input: () => "\\",
    expected: { parts: ["\\"], kinds: [], opaque: false, candidates: [["\\"]], hidden: [] },
  },
  {
    name: "invalid UTF-16 surrogates are kept",
    input: () => "rm \uD800 x\uDC00; echo $'\\udc00'",
    expected: {
      parts: ["rm \ud800 x\udc00", "echo $'\\udc00'"],
      kinds: [],
      opaque: false,
      candidates: [["rm", "\ud800", "x\udc00"], ["echo", "\udc00"]],
      hidden: [],
    },
  },
  {
    name: "BOM is part of the command word, as in bash",
    input: () => "\uFEFFrm x",
    expected: { parts: ["﻿rm x"], kinds: [], opaque: false, candidates: [["﻿rm", "x"]], hidden: [] },
  },
];

for (const c of CASES) {
  Deno.test(`adversarial: ${c.name}`, () => {
    const input = c.input();
    const a = withinCpu(c.expectMs ?? EXPECT_MS, () => analyzeCommand(input), c.name);
    const kinds = [...new Set(a.parse.opaque.map((r) => r.kind))].sort();
    if ("parts" in c.expected) {
      assert.deepEqual({
        parts: a.parts,
        kinds,
        opaque: a.opaque,
        candidates: a.view.candidates.map((x) => x.tokens),
        hidden: a.view.hidden.map((h) => h.reason),
      }, c.expected);
    } else {
      const reason = c.expected.reason;
      assert.deepEqual({
        partCount: a.parts.length,
        kinds,
        opaque: a.opaque,
        candidateCount: a.view.candidates.length,
        hidden: a.view.hidden.length,
        ...(reason === undefined
          ? {}
          : { reason: a.view.hidden[0]?.reason.slice(0, reason.length) }),
      }, c.expected);
    }
  });
}

Deno.test("adversarial: 3,000 random commands of shell punctuation never throw, and keep the splitter's promises", () => {
  const alphabet = [..."ab \t\n;&|()<>'\"`$\\{}[]#=*?!-,.\r\0"];
  const extra = ["$(", "${", "$((", "$[", "<(", "<<", "<<-", "<<<", "&&", "||", "\\\n", "a["];
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff);
  withinCpu(300, () => {
    for (let i = 0; i < 3000; i++) {
      let s = "";
      const n = next() % 40;
      for (let k = 0; k < n; k++) {
        s += next() % 4 === 0 ? extra[next() % extra.length] : alphabet[next() % alphabet.length];
      }
      const a = analyzeCommand(s);
      assert.equal(typeof a.opaque, "boolean");
      assertPromises(s, a);
    }
  }, "3,000 commands");
});

/**
 * What every analysis keeps, whatever the input: the parts in the order they start, each
 * top-level part as written (NUL bytes dropped), a nested part only with a substitution that
 * makes the command opaque, a NUL byte always reported, and every part's words held against
 * the deny rules unless the walk ran out of budget (which hides the rest).
 */
function assertPromises(input: string, a: ReturnType<typeof analyzeCommand>): void {
  const src = input.replaceAll("\0", "");
  const at = JSON.stringify(input);
  const kinds = new Set(a.parse.opaque.map((r) => r.kind));
  const starts = a.parse.commands.map((c) => c.start);
  assert.deepEqual(starts, [...starts].sort((x, y) => x - y), `order: ${at}`);
  for (const c of a.parse.commands) {
    if (c.depth === 0) {
      assert.equal(src.slice(c.start, c.start + c.text.length), c.text, `text: ${at}`);
    } else {
      assert.ok(kinds.has("substitution") || kinds.has("process-substitution"), `nested: ${at}`);
      assert.equal(a.opaque, true, `nested: ${at}`);
    }
  }
  assert.equal(kinds.has("nul"), input.includes("\0"), `NUL: ${at}`);
  if (a.view.hidden.some((h) => h.reason.startsWith("the command is too complex"))) return;
  const candidates = new Set(a.view.candidates.map((c) => JSON.stringify(c.tokens)));
  for (const c of a.parse.commands) {
    if (c.words.length === 0) continue;
    const tokens = c.words.map((w) => w.dynamic ? null : w.value);
    assert.ok(candidates.has(JSON.stringify(tokens)), `part ${JSON.stringify(c.text)} of ${at}`);
  }
}

Deno.test("adversarial: a backtick body past the part limit gives one reason, its own", () => {
  // It was also labelled "too-deep: inside backticks", a second, wrong reason.
  const kinds = parseShell("echo `" + "a;".repeat(25_000) + "`").opaque.map((o) => o.kind);
  assert.deepEqual(kinds, ["substitution", "too-many-parts"]);
});
