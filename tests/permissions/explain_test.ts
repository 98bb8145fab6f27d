/**
 * `explain` lists the rule that decided a call, also when it is a rule of another tool: a Read
 * rule held against a shell command's paths or a write, an Edit allow rule on a read.
 */

import assert from "node:assert/strict";
import { explain } from "../../lib/permissions/explain.ts";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

const CASES: { name: string; deny?: string[]; allow?: string[]; tool: string; input: object }[] = [
  {
    name: "a Read deny on a shell command's path",
    deny: ["Read(./.env)"],
    tool: "Bash",
    input: { command: "cat .env" },
  },
  {
    name: "a Read deny on a write",
    deny: ["Read(./.env)"],
    tool: "Write",
    input: { file_path: "/proj/.env", content: "x" },
  },
  {
    name: "an Edit allow on a read",
    allow: ["Edit(./docs/**)"],
    tool: "Read",
    input: { file_path: "/proj/docs/a.md" },
  },
];

for (const c of CASES) {
  Deno.test(`explain: the deciding rule is listed: ${c.name}`, () => {
    const policy = new Policy({
      sources: [{ label: "s", scope: "project", deny: c.deny, allow: c.allow }],
      env: testEnv(),
    });
    const e = explain(policy, { tool: c.tool, input: c.input });
    assert.notEqual(e.decision.rule, null);
    const listed = e.rules.find((r) => r.rule === e.decision.rule);
    assert.deepEqual(
      listed && [listed.source, listed.matches, listed.detail],
      ["s", true, `decided the call: ${e.decision.reason}`],
    );
  });
}

/** Issue 11: `skald explain` shows each reading a deny or ask rule took to match. */
const READINGS: { name: string; rule: string; command: string; readings: string[] | undefined }[] =
  [
    {
      name: "a git global option",
      rule: "Bash(git push:*)",
      command: "git -C x push origin main",
      readings: ["`-C x` is a git global option"],
    },
    {
      name: "a cluster",
      rule: "Bash(git checkout -f:*)",
      command: "git checkout -qf main",
      readings: ["`-qf` read as `-q -f`"],
    },
    {
      name: "a cluster, another spelling and a position",
      rule: "Bash(rm -rf:*)",
      command: "rm src -Rf",
      readings: ["`-Rf` read as `-R -f`", "`-R` is `-r`", "`-Rf` stands after `src`"],
    },
    {
      name: "long spellings",
      rule: "Bash(rm -rf:*)",
      command: "rm --recursive --force src",
      readings: ["`--recursive` is `-r`", "`--force` is `-f`"],
    },
    {
      name: "an abbreviation",
      rule: "Bash(git reset --hard:*)",
      command: "git reset --har",
      readings: ["`--har` abbreviates `--hard`"],
    },
    {
      name: "an option after the arguments",
      rule: "Bash(git push --force:*)",
      command: "git push origin main --force",
      readings: ["`--force` stands after `origin`"],
    },
    {
      name: "a forced refspec",
      rule: "Bash(git push --force:*)",
      command: "git push origin +main",
      readings: ["`+main` is a forced refspec"],
    },
    {
      name: "an alias",
      rule: "Bash(git push:*)",
      command: "git -c alias.p=push p",
      readings: ["`-c alias.p=push` is a git global option", "`git p` is an alias of `git push`"],
    },
    {
      name: "the dashed form",
      rule: "Bash(git push:*)",
      command: "git-push origin",
      readings: ["`git-push` is `git push`"],
    },
    {
      name: "a kubectl global option",
      rule: "Bash(kubectl delete:*)",
      command: "kubectl -n prod delete pod x",
      // The resource word is read as its type's plural too (`kube_resources.ts`).
      readings: ["`-n prod` is a kubectl global option", "`pod` is `pods`"],
    },
    {
      name: "make's second target",
      rule: "Bash(make deploy:*)",
      command: "make ENV=prod build deploy",
      readings: ["`ENV=prod` sets a make variable", "make runs every target: `deploy`"],
    },
    {
      name: "a signal",
      rule: "Bash(kill -9:*)",
      command: "kill -s KILL 1",
      readings: ["`-s` is `-9`"],
    },
    {
      name: "as written: no readings",
      rule: "Bash(git push:*)",
      command: "git push",
      readings: undefined,
    },
  ];

for (const c of READINGS) {
  Deno.test(`explain shows the readings: ${c.name}`, () => {
    const policy = new Policy({
      sources: [{ label: "s", scope: "project", deny: [c.rule], allow: ["Bash"] }],
      env: testEnv(),
    });
    const e = explain(policy, { tool: "Bash", input: { command: c.command } });
    assert.equal(e.decision.verdict, "deny");
    const listed = e.rules.find((r) => r.rule === c.rule);
    assert.deepEqual(listed?.readings, c.readings);
    if (c.readings !== undefined) assert.ok(e.decision.reason.includes(c.readings.join("; ")));
  });
}
