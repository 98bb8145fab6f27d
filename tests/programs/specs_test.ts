/**
 * The program specs (`lib/programs/`): every table parses, every name is found (with its other
 * names and versioned ones), a malformed line says what is wrong, and each spec of a program
 * this machine has is held against the program's own `--help`: every long option it lists is in
 * the spec, taking a value (required, optional, none) as the help says, and every long option of
 * the spec is the program's (the exceptions each name the source that shows them).
 */

import assert from "node:assert/strict";
import { programNames, programSpec } from "../../lib/programs/lookup.ts";
import { blocks, optionLine, parseBlock } from "../../lib/programs/_notation.ts";

Deno.test("specs: every program's table parses, each name once", () => {
  const names = programNames();
  assert.ok(names.length >= 70, `${names.length} programs`);
  for (const n of names) {
    const spec = programSpec(n)!;
    assert.equal(spec.name, n);
    assert.ok(spec.sources.length > 0, `${n} cites no source`);
    const seen = new Set<string>();
    for (const o of spec.options) {
      for (const name of o.names) {
        assert.ok(!seen.has(name), `${n}: ${name} twice`);
        seen.add(name);
      }
    }
  }
});

Deno.test("specs: a program by its other names and versioned names; a path's last part", () => {
  const cases: [string, string | undefined][] = [
    ["gsed", "sed"],
    ["gtar", "tar"],
    ["bsdtar", "tar"],
    ["/usr/bin/tar", "tar"],
    ["perl5.36", "perl"],
    ["perl5", "perl"],
    ["perldoc", undefined],
    ["ruby3.1", "ruby"],
    ["awk", "gawk"],
    ["egrep", "grep"],
    ["zgrep", "grep"],
    ["gcc-12", "gcc"],
    ["gunzip", "gzip"],
    ["ack-grep", "ack"],
    ["pushd", "cd"],
    ["no-such-program", undefined],
  ];
  for (const [word, name] of cases) assert.equal(programSpec(word)?.name, name, word);
});

Deno.test("specs: a malformed line says what is wrong", () => {
  assert.throws(() => optionLine("-o --output=FILE : writez", "x"), /"writez" is no use or trait/);
  assert.throws(() => optionLine("output=FILE", "x"), /an option without a name/);
  assert.throws(() => optionLine("-o --out=file", "x"), /"--out=file" is no spelling/);
  const [block] = blocks("x: getopt\n  operands: reads frob\n");
  assert.throws(() => parseBlock(block!), /"frob" is no operand role/);
  assert.throws(() => parseBlock(blocks("x: getup\n")[0]!), /"getup" is no syntax or trait/);
});

Deno.test("specs: the notation's forms", () => {
  const o = (line: string) => optionLine(line, "test");
  assert.deepEqual(o("-o --output=FILE : writes").arity, { kind: "required", count: 1 });
  assert.deepEqual(o("--backup[=CONTROL]").arity, { kind: "optional", digits: false });
  assert.deepEqual(o("-l[DIGITS]").arity, { kind: "optional", digits: true });
  assert.deepEqual(o("-fprintf FILE FORMAT : writes").arity, { kind: "required", count: 2 });
  assert.deepEqual(o("-exec COMMAND...;+ : runs").arity, { kind: "until", ends: [";", "+"] });
  assert.deepEqual(o("-d --directories=ACTION : recursive=recurse").traits, [
    { trait: "recursive", when: "recurse" },
  ]);
  assert.deepEqual(o("-F --form=X : reads-field").uses, [{ kind: "reads", form: "field" }]);
  assert.equal(o("-x --exclude=PAT : text").id, "--exclude");
  assert.equal(o("-name PATTERN : text").id, "-name");
});

/** The help each program prints (curl's whole one). */
function help(program: string): string | undefined {
  try {
    const out = new Deno.Command(program, {
      args: program === "curl" ? ["--help", "all"] : ["--help"],
      stdout: "piped",
      stderr: "piped",
      env: { LC_ALL: "C" },
    }).outputSync();
    return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  } catch {
    return undefined;
  }
}

/**
 * The long options a help lists in its first column (`  -o, --output=FILE   ...`,
 * `      --backup[=CONTROL]`; curl's `-o, --output <file> Write ...`), each with how it takes a
 * value; two lines for one option (`--time` and `--time=WORD`) are an optional value.
 */
function helpLongs(text: string, curl: boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (!/^\s+-/.test(line)) continue;
    const column = curl
      ? /^\s*(?:-\S, )?--[\w.-]+(?: <[^>]+>)?/.exec(line)?.[0] ?? ""
      : line.trim().split(/\s{2,}/).filter((_, i, all) =>
        all.slice(0, i + 1).every((y) => y.startsWith("-"))
      )
        .join(" ");
    for (const m of column.matchAll(/(?:^|[\s,])(--[A-Za-z0-9][\w.-]*)(\[=|\[|=| <| [A-Z])?/g)) {
      const kind = m[2] === "[=" || m[2] === "["
        ? "optional"
        : m[2] === undefined
        ? "none"
        : "required";
      const seen = out.get(m[1]!);
      out.set(m[1]!, seen !== undefined && seen !== kind ? "optional" : kind);
    }
  }
  return out;
}

/**
 * The programs held against their help, and what differs on purpose (each checked against the
 * program: run, or its source).
 */
const JUDGED: Record<string, string[]> = {
  cp: [],
  mv: [],
  ln: [],
  install: [],
  rm: [],
  rmdir: [],
  shred: [],
  touch: [],
  mkdir: [],
  mkfifo: [],
  mknod: [],
  truncate: [],
  chmod: [],
  chown: [],
  chgrp: [],
  tee: [],
  mktemp: [],
  du: [],
  wc: [],
  shuf: [],
  uniq: [],
  split: [],
  csplit: [],
  grep: [],
  hexdump: [],
  iconv: [],
  sdiff: [],
  diff3: [],
  timeout: [],
  nice: [],
  nohup: [],
  stdbuf: [],
  chroot: [],
  // xargs.c takes --max-lines with an optional value (it is -l; run: `xargs --max-lines echo`
  // works), though its help writes it beside -L.
  xargs: ["--max-lines"],
  // file's help writes -P, --parameter without its value (run: `file --parameter F` is "Unknown
  // param").
  file: ["--parameter"],
  script: [],
  su: [],
  setsid: [],
  ionice: [],
  taskset: [],
  chrt: [],
  setarch: [],
  watch: [],
  env: [],
  // sort's help lists --check, --check=diagnose-first, --check=quiet: one optional value.
  sort: ["--check"],
  // sed.c also takes --zero-terminated for -z (run: sed --zero-terminated works).
  sed: ["--zero-terminated"],
  // tar --help names --mtime=DATE-OR-FILE and --newer=DATE-OR-FILE on lines it wraps.
  tar: [],
  // diff --help names the group and line formats as --GTYPE-group-format, --LTYPE-line-format.
  diff: [
    "--GTYPE-group-format",
    "--LTYPE-line-format",
    "--old-group-format",
    "--new-group-format",
    "--changed-group-format",
    "--unchanged-group-format",
    "--old-line-format",
    "--new-line-format",
    "--unchanged-line-format",
  ],
  // patch's --merge takes an optional style (man patch); --fuzz LINES is written with a blank.
  patch: ["--merge"],
  // gzip.c also takes --to-stdout and --uncompress (run: gzip --uncompress --to-stdout works).
  gzip: ["--to-stdout", "--uncompress"],
  // wget --help writes --max-redirect and --hsts-file without their value (wget takes one).
  wget: ["--max-redirect", "--hsts-file", "--secure-protocol."],
  // flock.c also takes --nb and --wait (run: both work).
  flock: ["--nb", "--wait"],
  // curl --help writes -x, --proxy [protocol://]host[:port] and --preproxy the same way.
  curl: ["--proxy", "--preproxy"],
};

for (const [program, exceptions] of Object.entries(JUDGED)) {
  const text = help(program);
  Deno.test({
    name: `specs: ${program}'s long options are those of its --help`,
    ignore: text === undefined,
    fn: () => {
      const listed = helpLongs(text!, program === "curl");
      const spec = programSpec(program)!;
      const mine = new Map<string, string>();
      for (const o of spec.options) {
        for (const n of o.names) {
          if (n.startsWith("--")) mine.set(n, o.arity.kind === "until" ? "required" : o.arity.kind);
        }
      }
      const wrong: string[] = [];
      for (const [n, kind] of listed) {
        if (["--help", "--version", "--usage"].includes(n) || exceptions.includes(n)) continue;
        if (!mine.has(n)) wrong.push(`${n} (${kind}) is not in the spec`);
        else if (mine.get(n) !== kind) {
          wrong.push(`${n}: the help says ${kind}, the spec ${mine.get(n)}`);
        }
      }
      for (const n of mine.keys()) {
        if (["--help", "--version"].includes(n)) continue;
        if (!listed.has(n) && !exceptions.includes(n)) wrong.push(`${n} is not in the help`);
      }
      assert.deepEqual(wrong, []);
    },
  });
}
