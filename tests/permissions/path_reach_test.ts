/**
 * How far a path rule reaches (issue 11, point 0). Claude Code 2.1.332's reading, observed
 * through `../shared/oracle` (isolated Read calls and `cat`, deny rules): a pattern under the
 * root that names one segment, with or without `./` and a trailing `/**`, matches at any depth;
 * every other form stays anchored. A deny or ask rule of skald's reaches at least as far as
 * Claude Code's (the first promise: skald never allows a read Claude Code denies); an allow rule
 * keeps the spec's narrower reading (anchored at the root).
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

interface Observed {
  /** The rule as written. */
  rule: string;
  /** The path read, relative to the project. */
  path: string;
  /** What Claude Code decided (`deny`), or `allow` where the rule did not reach. */
  claude: "deny" | "allow";
}

/** Deny rules, as Claude Code 2.1.332 decided a Read of each path. */
const OBSERVED: Observed[] = [
  { rule: "Read(./secrets/**)", path: "secrets/k", claude: "deny" },
  { rule: "Read(./secrets/**)", path: "a/secrets/k", claude: "deny" },
  { rule: "Read(./secrets/**)", path: "src/secrets/k", claude: "deny" },
  { rule: "Read(secrets/**)", path: "a/secrets/k", claude: "deny" },
  { rule: "Read(./.env)", path: "src/.env", claude: "deny" },
  { rule: "Read(./t1)", path: "q/t1/k", claude: "deny" },
  { rule: "Read(t1/)", path: "q/t1/k", claude: "deny" },
  { rule: "Read(/secrets/**)", path: "a/secrets/k", claude: "allow" },
  { rule: "Read(./src/k.txt)", path: "a/src/k.txt", claude: "allow" },
  { rule: "Read(secrets/*)", path: "secrets/k", claude: "deny" },
  { rule: "Read(secrets/*)", path: "a/secrets/k", claude: "allow" },
  { rule: "Read(./secrets/*)", path: "a/secrets/k", claude: "allow" },
  { rule: "Read(./a/b/**)", path: "a/b/c/k", claude: "deny" },
  { rule: "Read(./a/b/**)", path: "x/a/b/c/k", claude: "allow" },
  { rule: "Read(d/e.txt)", path: "q/d/e.txt", claude: "allow" },
  { rule: "Read(m/**/o.txt)", path: "m/n/o.txt", claude: "deny" },
  { rule: "Read(m/**/o.txt)", path: "q/m/z/n/o.txt", claude: "allow" },
  { rule: "Read(./secrets/**/k)", path: "a/secrets/k", claude: "allow" },
  { rule: "Edit(./gen/**)", path: "a/gen/f", claude: "deny" },
];

const decide = (kind: "deny" | "ask" | "allow", rule: string, tool: string, input: unknown) =>
  new Policy({ sources: [{ label: "p", scope: "project", [kind]: [rule] }], env: testEnv() })
    .decide({ tool, input });

for (const o of OBSERVED) {
  const tool = o.rule.startsWith("Edit") ? "Write" : "Read";
  Deno.test(`path reach: deny ${o.rule} on ${tool} ${o.path}: Claude Code ${o.claude}`, () => {
    const input = { file_path: `/proj/${o.path}`, content: "" };
    const d = decide("deny", o.rule, tool, input);
    assert.equal(d.verdict === "deny", o.claude === "deny", d.reason);
    if (tool === "Read") {
      const cat = decide("deny", o.rule, "Bash", { command: `cat ${o.path}` });
      assert.equal(cat.verdict === "deny", o.claude === "deny", `cat: ${cat.reason}`);
    }
  });
}

Deno.test("path reach: an ask rule reaches as far as a deny rule (Claude Code asked for a/b/secrets/k)", () => {
  const d = decide("ask", "Read(./secrets/**)", "Read", { file_path: "/proj/a/b/secrets/k" });
  assert.equal(d.verdict, "ask");
  assert.equal(d.rule, "Read(./secrets/**)");
});

/** Allow rules keep the spec's reading: anchored at the root. */
const ALLOW: { rule: string; path: string; verdict: Verdict }[] = [
  { rule: "Edit(./src/**)", path: "src/a.ts", verdict: "allow" },
  { rule: "Edit(./src/**)", path: "lib/src/a.ts", verdict: "ask" },
  { rule: "Edit(./.env)", path: "app/.env", verdict: "ask" },
  { rule: "Edit(src/**)", path: "lib/src/a.ts", verdict: "ask" },
  { rule: "Edit(*.md)", path: "docs/x.md", verdict: "allow" },
];

for (const a of ALLOW) {
  Deno.test(`path reach: allow ${a.rule} on Write ${a.path}: ${a.verdict} (the spec's reading)`, () => {
    const d = decide("allow", a.rule, "Write", { file_path: `/proj/${a.path}`, content: "" });
    assert.equal(d.verdict, a.verdict, d.reason);
  });
}
