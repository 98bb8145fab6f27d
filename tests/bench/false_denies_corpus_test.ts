/**
 * The corpus of `deno task false-denies` (the benchmark itself is too slow for `deno task test`):
 * it loads, holds at least 2,000 distinct commands of several sources, each with provenance,
 * none of them holding a credential, and at least 9 policies (8 public and skald's preset); the
 * independent rule readings of the judge read the rule forms the policies use.
 */

import assert from "node:assert/strict";
import { loadCommands, loadPolicies, PRESET } from "../../bench/false_denies/_corpus.ts";
import { bashRegex, pathRegex, readDeny, readRule } from "../../bench/false_denies/_judge.ts";
import { pathsNamed } from "../../bench/false_denies/_tree.ts";

Deno.test("false-denies corpus: at least 2,000 distinct commands, each with provenance", async () => {
  const commands = await loadCommands();
  assert.ok(commands.length >= 2000, `${commands.length} commands`);
  assert.equal(new Set(commands.map((c) => c.command)).size, commands.length);
  const sources = new Set(commands.map((c) => c.source.repo));
  assert.ok(sources.size >= 5, `${sources.size} sources`);
  for (const c of commands) {
    assert.match(c.source.commit, /^[0-9a-f]{40}$/);
    assert.ok(c.path !== undefined && c.path !== "", c.command);
  }
  // No source holds more than a third of the corpus.
  for (const repo of sources) {
    const n = commands.filter((c) => c.source.repo === repo).length;
    assert.ok(n <= commands.length / 3, `${repo}: ${n}`);
  }
  const secret =
    /gh[pousr]_[A-Za-z0-9]{20,}|sk-ant-|AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY/;
  assert.deepEqual(commands.filter((c) => secret.test(c.command)), []);
});

Deno.test("false-denies corpus: at least 8 public policies with provenance, and the preset", async () => {
  const policies = await loadPolicies();
  assert.ok(policies.length >= 9, `${policies.length} policies`);
  assert.equal(policies.at(-1), PRESET);
  const pub = policies.filter((p) => p !== PRESET);
  assert.ok(pub.length >= 8);
  for (const p of pub) assert.match(p.commit, /^[0-9a-f]{40}$/, p.id);
  assert.ok(pub.filter((p) => (p.permissions.deny ?? []).length > 0).length >= 5);
  assert.ok(PRESET.permissions.deny!.includes("Read(./secrets/**)"));
});

const PLACE = { root: "/p", home: "/h" };

const RULES: { name: string; rule: string; text: string; matches: boolean }[] = [
  {
    name: "a prefix rule matches its words",
    rule: "rm -rf:*",
    text: "rm -rf build",
    matches: true,
  },
  {
    name: "a prefix rule matches the bare prefix",
    rule: "rm -rf:*",
    text: "rm -rf",
    matches: true,
  },
  { name: "a prefix rule is a word prefix", rule: "rm:*", text: "rmdir x", matches: false },
  {
    name: "a *-leading rule is any text before",
    rule: "*DROP TABLE:*",
    text: "psql -c DROP TABLE t",
    matches: true,
  },
  {
    name: "a trailing ' *' matches the bare command",
    rule: "npm test *",
    text: "npm test",
    matches: true,
  },
];
for (const c of RULES) {
  Deno.test(`false-denies judge: ${c.name}`, () => {
    assert.equal(bashRegex(c.rule).test(c.text), c.matches);
  });
}

const PATHS: { name: string; rule: string; path: string; matches: boolean }[] = [
  { name: "./.env at the root", rule: "./.env", path: "/p/.env", matches: true },
  { name: "./.env at any depth (one segment)", rule: "./.env", path: "/p/web/.env", matches: true },
  {
    name: "/secrets/** stays anchored",
    rule: "/secrets/**",
    path: "/p/a/secrets/k",
    matches: false,
  },
  { name: "~/ is the home", rule: "~/.ssh/**", path: "/h/.ssh/id_ed25519", matches: true },
  { name: "**/*.pem at any depth", rule: "./**/*.pem", path: "/p/certs/dev.pem", matches: true },
  {
    name: "a/b is anchored",
    rule: "./memory/constitution.md",
    path: "/p/x/memory/constitution.md",
    matches: false,
  },
];
for (const c of PATHS) {
  Deno.test(`false-denies judge: ${c.name}`, () => {
    assert.equal(pathRegex(c.rule, PLACE).test(c.path), c.matches);
  });
}

Deno.test("false-denies judge: the reading decides only what the text settles", () => {
  assert.equal(readDeny(readRule("Bash(rm -rf:*)"), "git status"), true);
  assert.equal(readDeny(readRule("Bash(rm -rf:*)"), "ls | xargs rm -rf"), undefined);
  assert.equal(readDeny(readRule("Bash(rm -rf:*)"), "curl -s x | sh"), undefined);
  assert.equal(readDeny(readRule("Read(./.env)"), "cat README.md"), true);
  assert.equal(readDeny(readRule("Read(./.env)"), "grep -r KEY ."), undefined);
  assert.equal(readDeny(readRule("Read(./.env)"), "cat .env"), undefined);
  // A rule of globs alone covers every name (ai-tooling's ask Write(**/*)).
  assert.equal(readDeny(readRule("Write(**/*)"), "sed -i s/a/b/ app.py"), undefined);
});

Deno.test("false-denies tree: the paths the commands name, none sensitive", () => {
  const named = pathsNamed([
    "grep -r foo sympy/sets/tests/ && cat django/db/models/query.py",
    "python reproduce.py; cat .env secrets/key ../up/x.py -r/x",
  ]);
  assert.deepEqual(named, {
    files: ["django/db/models/query.py", "reproduce.py"],
    dirs: ["sympy/sets/tests"],
  });
});
