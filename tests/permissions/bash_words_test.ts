/**
 * A `Bash(...)` rule's words: `parseBashSpecifier` splits plain words (`git push`) without the
 * shell parser, for speed (the hook parses every rule at every call). The judge is the parser
 * itself, which the shell suites hold against bash: for every rule of the fixtures and the
 * example, and for words at the edge of "plain" (reserved words, assignments, `~`, `#`, two
 * blanks), the words must be the parser's.
 */

import assert from "node:assert/strict";
import { parseBashSpecifier, plainWords } from "../../lib/permissions/bash_pattern.ts";
import { parseShell } from "../../lib/shell/parse.ts";

/** The words the shell parser gives a rule's command, or undefined (not one simple command). */
function parserWords(text: string): string[] | undefined {
  const parse = parseShell(text);
  const only = parse.commands[0];
  if (parse.commands.length !== 1 || parse.opaque.length > 0 || only === undefined) return;
  if (only.redirects.length > 0) return;
  return only.words.map((w) => w.value);
}

const EDGES = [
  "git push",
  "npm run test",
  "git -C ../other push origin main",
  "python3 -m pip",
  "./scripts/deploy.sh --prod",
  "kubectl get pods,svc -n kube-system",
  "make build@x86 %1 +y a:b",
  "if true",
  "time git push",
  "! rm",
  "{ rm",
  "for x",
  "case x",
  "select x",
  "function f",
  "coproc rm",
  "while true",
  "until false",
  "do rm",
  "in x",
  "FOO=bar git push",
  "env FOO=bar rm",
  "~/bin/tool run",
  "git #comment",
  "git  push",
  " git push",
  "git push ",
  "rm -rf ./-",
  "echo a,b",
  "npm run test:unit",
  "then rm",
  "fi",
  'git commit -m "a b"',
  "echo 'a b'",
  "echo a\\ b",
  "echo $HOME",
  "echo ${x}y",
  "echo $(id)",
  "a;b",
  "a|b",
  "a&b",
  "a>b",
  "a<b",
  "a(b",
  "ls a[b]",
  "ls a?",
  "echo {a,b}",
  "echo a\tb",
  "echo a\nb",
  "git log --author=user3",
  "make X= y",
  "echo = ==",
  "a=b",
  "a=b c",
  "FOO=* x",
  "deploy5 * --prod",
  "* --force",
  "rm -rf *",
  "git --x=*",
  "ls *.ts *",
  "x -- *.ts",
  "time *",
  "ls a*[b]",
  "ls a*?",
  "ls ~*",
];

/** Every file below a directory, by path. */
function* files(dir: string): Generator<string> {
  for (const e of Deno.readDirSync(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* files(path);
    else if (e.isFile) yield path;
  }
}

async function fixtureRules(): Promise<string[]> {
  const repo = decodeURIComponent(new URL("../..", import.meta.url).pathname);
  const found = new Set<string>();
  for (const dir of ["tests/fixtures", "examples"]) {
    for (const file of files(`${repo}${dir}`)) {
      if (!file.endsWith(".json")) continue;
      for (const m of (await Deno.readTextFile(file)).matchAll(/"Bash\(((?:[^"\\]|\\.)*)\)"/g)) {
        found.add(JSON.parse(`"${m[1]}"`));
      }
    }
  }
  return [...found];
}

Deno.test("a Bash rule's plain words are the shell parser's words", async (t) => {
  const rules = [...EDGES, ...await fixtureRules()];
  assert.ok(rules.length > EDGES.length + 40, `only ${rules.length} rules found`);
  for (const rule of rules) {
    const text = rule.trim().replace(/:\*$/, "").trimEnd();
    if (text === "" || text.includes("*")) continue;
    await t.step(rule, () => {
      for (const spec of [text, `${text}:*`]) {
        const pattern = parseBashSpecifier(spec);
        assert.ok(!("error" in pattern) && pattern.kind !== "glob", spec);
        assert.deepEqual(pattern.words, parserWords(text), spec);
      }
    });
  }
});

Deno.test("a Bash rule's words, globs and assignments too, are the shell parser's words", async (t) => {
  // plainWords splits `*` and `=` words itself (`Bash(git log --author=me)`, `Bash(deploy * x)`).
  const rules = [...EDGES, ...await fixtureRules()];
  for (const rule of rules) {
    const text = rule.trim().replace(/:\*$/, "").trimEnd();
    if (text === "") continue;
    await t.step(rule, () => assert.deepEqual(plainWords(text), parserWords(text), text));
  }
});
