/**
 * Issue 10 at the policy: what programs run by themselves is held against every rule kind. A
 * Bash deny rule denies the command a program or inline code runs, and every command whose
 * part is hidden; an interpreter's removal counts as `rm -rf PATHS` for Bash rules and writes
 * its paths for Edit rules; a literal path its code opens is read for Read rules. An inline
 * script is covered only by an allow rule that writes out its interpreter. Both ways.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

const policy = (deny: string[], allow: string[] = ["Bash"], ask: string[] = []) =>
  new Policy({ sources: [{ label: "p", scope: "project", deny, allow, ask }], env: testEnv() });

const CASES: { name: string; rules: string[]; input: string; expected: Verdict }[] = [
  {
    name: "Bash(rm:*) denies xargs env fed a name",
    rules: ["Bash(rm:*)"],
    input: "echo rm x | xargs env",
    expected: "deny",
  },
  {
    name: "Bash(git push:*) denies a hidden part too",
    rules: ["Bash(git push:*)"],
    input: "xargs -I{} sh -c {} < cmds",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies hash -p",
    rules: ["Bash(rm:*)"],
    input: "hash -p /bin/rm ls; ls x",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies an alias to rm",
    rules: ["Bash(rm:*)"],
    input: "alias l=rm; l x",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies eval --",
    rules: ["Bash(rm:*)"],
    input: "eval -- rm x",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies history -s; fc -s",
    rules: ["Bash(rm:*)"],
    input: "history -s 'rm x'; fc -s",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies sed e",
    rules: ["Bash(rm:*)"],
    input: "sed '1e rm x' f",
    expected: "deny",
  },
  {
    name: "Bash(git push:*) denies a git alias to push",
    rules: ["Bash(git push:*)"],
    input: "git -c alias.p=push p origin",
    expected: "deny",
  },
  {
    name: "Bash(curl:*) denies awk system()",
    rules: ["Bash(curl:*)"],
    input: "awk 'BEGIN { system(\"curl x\") }'",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies python3 os.system",
    rules: ["Bash(rm:*)"],
    input: "python3 -c 'import os; os.system(\"rm -rf x\")'",
    expected: "deny",
  },
  {
    name: "Bash(rm -rf:*) denies os.remove (rm -rf PATHS)",
    rules: ["Bash(rm -rf:*)"],
    input: "python3 -c 'import os; os.remove(\"x\")'",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies node fs.rmSync",
    rules: ["Bash(rm:*)"],
    input: 'node -e \'require("fs").rmSync("x")\'',
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies perl unlink",
    rules: ["Bash(rm:*)"],
    input: "perl -e 'unlink \"x\"'",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies unlink FILE",
    rules: ["Bash(rm:*)"],
    input: "unlink x",
    expected: "deny",
  },
  {
    name: "Bash(rm:*) denies find -delete",
    rules: ["Bash(rm:*)"],
    input: "find . -name '*.o' -delete",
    expected: "deny",
  },
  {
    name: "Bash(git push:*) denies python3 -c of a variable",
    rules: ["Bash(git push:*)"],
    input: "python3 -c 'import os,sys; os.system(sys.argv[1])' x",
    expected: "deny",
  },
  {
    name: "Read(./secrets/**) denies python3 open()",
    rules: ["Read(./secrets/**)"],
    input: "python3 -c 'print(open(\"secrets/key\").read())'",
    expected: "deny",
  },
  {
    name: "Read(./secrets/**) denies node readFileSync",
    rules: ["Read(./secrets/**)"],
    input: 'node -e \'require("fs").readFileSync("secrets/key")\'',
    expected: "deny",
  },
  {
    name: "Read(./secrets/**) denies awk getline <",
    rules: ["Read(./secrets/**)"],
    input: "awk 'BEGIN { getline l < \"secrets/k\"; print l }'",
    expected: "deny",
  },
  {
    name: "Edit(./src/**) denies os.remove of a file there",
    rules: ["Edit(./src/**)"],
    input: "python3 -c 'import os; os.remove(\"src/a.ts\")'",
    expected: "deny",
  },
  {
    name: "Edit(./src/**) denies shutil.rmtree there",
    rules: ["Edit(./src/**)"],
    input: "python3 -c 'import shutil; shutil.rmtree(\"src\")'",
    expected: "deny",
  },
  // The other way: what the rules do not name stays allowed.
  {
    name: "Bash(rm:*) leaves xargs wc alone",
    rules: ["Bash(rm:*)"],
    input: "git ls-files | xargs wc -l",
    expected: "allow",
  },
  {
    name: "Bash(rm:*) leaves an alias to ls alone",
    rules: ["Bash(rm:*)"],
    input: "alias ll='ls -la'; ll",
    expected: "allow",
  },
  {
    name: "Bash(rm:*) leaves python3 print alone",
    rules: ["Bash(rm:*)"],
    input: "python3 -c 'print(\"rm -rf x\")'",
    expected: "allow",
  },
  {
    name: "Bash(rm:*) leaves sed -i alone",
    rules: ["Bash(rm:*)"],
    input: "sed -i 's/a/b/' f",
    expected: "allow",
  },
  {
    name: "Bash(rm:*) leaves awk print alone",
    rules: ["Bash(rm:*)"],
    input: "awk '{ print $1 }' f",
    expected: "allow",
  },
  {
    name: "Bash(rm:*) leaves node -e console.log alone",
    rules: ["Bash(rm:*)"],
    input: "node -e 'console.log(1)'",
    expected: "allow",
  },
  {
    name: "Bash(rm:*) leaves perl -pi -e alone",
    rules: ["Bash(rm:*)"],
    input: "perl -pi -e 's/a/b/' f",
    expected: "allow",
  },
  {
    name: "Read(./secrets/**) leaves open() of another file alone",
    rules: ["Read(./secrets/**)"],
    input: "python3 -c 'print(open(\"src/a.ts\").read())'",
    expected: "allow",
  },
  {
    name: "Edit(./src/**) leaves os.remove elsewhere alone",
    rules: ["Edit(./src/**)"],
    input: "python3 -c 'import os; os.remove(\"build/x\")'",
    expected: "allow",
  },
  {
    name: "Bash(git push:*) leaves git -c color.ui alone",
    rules: ["Bash(git push:*)"],
    input: "git -c color.ui=always log",
    expected: "allow",
  },
];

for (const c of CASES) {
  Deno.test(`runs by itself: ${c.name}: ${JSON.stringify(c.input)}`, () => {
    assert.equal(
      policy(c.rules).decide({ tool: "Bash", input: { command: c.input } }).verdict,
      c.expected,
    );
  });
}

const COVER: { name: string; allow: string; input: string; expected: Verdict }[] = [
  {
    name: "Bash(* --version) does not cover python3 -c ... --version",
    allow: "Bash(* --version)",
    input: "python3 -c 'import os' --version",
    expected: "ask",
  },
  {
    name: "Bash(* --version) does not cover sh -c ... --version",
    allow: "Bash(* --version)",
    input: "sh -c 'rm -rf x' --version",
    expected: "ask",
  },
  {
    name: "Bash(* x) does not cover perl -e CODE x",
    allow: "Bash(* x)",
    input: "perl -e 'print 1' x",
    expected: "ask",
  },
  {
    name: "Bash(* --version) still covers python3 --version",
    allow: "Bash(* --version)",
    input: "python3 --version",
    expected: "allow",
  },
  {
    name: "Bash(python3:*) covers python3 -c (Claude Code runs it)",
    allow: "Bash(python3:*)",
    input: "python3 -c 'print(1)'",
    expected: "allow",
  },
  {
    name: "Bash(node -e:*) covers node -e",
    allow: "Bash(node -e:*)",
    input: "node -e 'console.log(1)'",
    expected: "allow",
  },
  {
    name: "Bash(python3 *) covers python3 -c",
    allow: "Bash(python3 *)",
    input: "python3 -c 'print(1)'",
    expected: "allow",
  },
  {
    name: "an exact rule covers its own inline script",
    allow: "Bash(python3 -c 'print(1)')",
    input: "python3 -c 'print(1)'",
    expected: "allow",
  },
  {
    name: "no allow rule covers code built at run time",
    allow: "Bash(python3:*)",
    input: 'python3 -c "$CODE"',
    expected: "ask",
  },
];

for (const c of COVER) {
  Deno.test(`inline script cover: ${c.name}`, () => {
    const p = new Policy({
      sources: [{ label: "p", scope: "project", allow: [c.allow] }],
      env: testEnv(),
    });
    assert.equal(p.decide({ tool: "Bash", input: { command: c.input } }).verdict, c.expected);
  });
}
