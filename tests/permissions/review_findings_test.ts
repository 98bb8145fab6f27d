/**
 * Security review findings: calls that get a weaker verdict than they should. Each test is one
 * finding and fails until the finding is fixed. Where Claude Code 2.1.332 was asked through the
 * oracle, its answer is given in the test name ("CC asks", "CC denies").
 */

import assert from "node:assert/strict";
import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import type { Mode } from "../../lib/permissions/modes.ts";
import { realPathOnDisk } from "../../lib/fs/real_path.ts";
import { testEnv } from "../_env.ts";
import { withinCpu } from "../_cpu.ts";

function policy(
  rules: Omit<PolicySource, "label" | "scope">,
  mode?: Mode,
  links?: Record<string, string>,
): Policy {
  return new Policy({
    sources: [{ label: "review.json", scope: "project", ...rules }],
    env: testEnv(links),
    mode,
  });
}

function bash(p: Policy, command: string): string {
  return p.decide({ tool: "Bash", input: { command } }).verdict;
}

// --- Critical ---------------------------------------------------------------------------------

Deno.test("finding: an input redirection from outside the project is allowed as read-only (CC asks)", () => {
  const p = policy({});
  assert.equal(bash(p, "cat < /home/u/.ssh/id_rsa"), "ask");
  assert.equal(bash(p, "cat < $HOME/.ssh/id_rsa"), "ask");
  assert.equal(bash(p, "wc -c < /etc/shadow"), "ask");
});

Deno.test("finding: an input redirection from a glob escapes a Read deny rule (CC denies)", () => {
  const p = policy({ deny: ["Read(./secrets/**)"] });
  assert.equal(bash(p, "cat < secrets/*"), "deny");
});

Deno.test({
  name:
    "finding: $(...) inside single quotes in ${a[...]} runs, unseen by deny and allow rules (CC asks)",
}, () => {
  const p = policy({ allow: ["Bash(echo:*)"], deny: ["Bash(rm:*)"] });
  // bash evaluates the subscript arithmetically and runs the substitution.
  assert.equal(bash(p, "echo ${a['$(rm -rf x)']}"), "deny");
  assert.equal(bash(p, "echo \"${a['$(rm -rf x)']}\""), "deny");
});

Deno.test({
  name:
    "finding: ${x@P} prompt expansion runs a substitution set by ${x:=...} in the same word (CC asks)",
}, () => {
  const p = policy({ allow: ["Bash(echo:*)"], deny: ["Bash(rm:*)"] });
  assert.equal(bash(p, "echo ${x:='$(rm -rf y)'}${x@P}"), "deny");
});

// --- High -------------------------------------------------------------------------------------

Deno.test("finding: an allow rule naming Monitor allows every Bash command", () => {
  assert.equal(bash(policy({ allow: ["Monitor"] }), "rm -rf /"), "ask");
  assert.equal(bash(policy({ allow: ["Monitor(npm test:*)"] }), "npm test && npm test"), "ask");
});

Deno.test("finding: acceptEdits writes into .git and .claude after a cd (CC asks)", () => {
  const p = policy({}, "acceptEdits");
  assert.equal(bash(p, "cd .git && touch x"), "ask");
  assert.equal(bash(p, "cd .git/hooks && mv pre-commit.sample pre-commit"), "ask");
  assert.equal(bash(p, "cd .claude && sed -i s/deny/x/ settings.json"), "ask");
});

Deno.test("finding: bypassPermissions lets file-changing commands and >& write protected files", () => {
  const p = policy({}, "bypassPermissions");
  assert.equal(bash(p, "touch .git/x"), "ask");
  assert.equal(bash(p, "cp evil.sh .git/hooks/pre-commit"), "ask");
  assert.equal(bash(p, "echo x >& .bashrc"), "ask");
});

Deno.test("finding: an allow rule lets a file-changing command write a protected file (CC asks)", () => {
  assert.equal(bash(policy({ allow: ["Bash(sed:*)"] }), "sed -i s/a/b/ .git/config"), "ask");
  assert.equal(bash(policy({ allow: ["Bash(touch:*)"] }), "touch .git/x"), "ask");
});

Deno.test("finding: a symlink followed by .. in a Bash argument escapes a Read deny rule (CC denies)", () => {
  const links = { "/proj/lnk": "/proj/secrets/sub" };
  const p = policy({ deny: ["Read(./secrets/**)"], allow: ["Bash(cat:*)"] }, undefined, links);
  // The kernel reads /proj/secrets/sub/../key.txt = /proj/secrets/key.txt.
  assert.equal(bash(p, "cat lnk/../key.txt"), "deny");
});

Deno.test("finding: a glob argument escapes a Read deny rule under an allow rule (CC denies)", () => {
  const p = policy({ deny: ["Read(./secrets/**)"], allow: ["Bash(cat:*)"] });
  assert.equal(bash(p, "cat secrets/*"), "deny");
  assert.equal(bash(p, "cat secret?/key.txt"), "deny");
});

Deno.test("finding: a ~+ path argument escapes a Read deny rule under an allow rule (CC asks)", () => {
  const p = policy({ deny: ["Read(./secrets/**)"], allow: ["Bash(cat:*)"] });
  assert.equal(bash(p, "cat ~+/secrets/key.txt"), "deny");
});

// --- Medium -----------------------------------------------------------------------------------

Deno.test("finding: a path glued to a short option escapes a Read deny rule (CC denies grep -fFILE)", () => {
  const p = policy({ deny: ["Read(./secrets/**)"], allow: ["Bash(grep:*)"] });
  assert.equal(bash(p, "grep -fsecrets/key.txt /dev/null"), "deny");
});

Deno.test("finding: prefix allow rules cover options that run commands (CC asks)", () => {
  const find = policy({ allow: ["Bash(find:*)"] });
  assert.equal(bash(find, "find . -name x -exec python3 evil.py \\;"), "ask");
  assert.equal(bash(find, "find . -delete"), "ask");
  assert.equal(bash(policy({ allow: ["Bash(sed:*)"] }), "sed -n '1e python3 evil.py' x"), "ask");
  assert.equal(bash(policy({ allow: ["Bash(awk:*)"] }), "awk 'BEGIN{system(\"x\")}'"), "ask");
});

Deno.test({
  name:
    "finding: builtins that evaluate a quoted subscript run $(...) unseen by deny rules (CC asks)",
}, () => {
  const p = policy({ allow: ["Bash(printf:*)", "Bash(read:*)"], deny: ["Bash(rm:*)"] });
  assert.equal(bash(p, "printf -v 'a[$(rm -rf x)]' x"), "deny");
  assert.equal(bash(p, "read 'a[$(rm -rf x)]' < /dev/null"), "deny");
  assert.equal(bash(p, "(( 'a[$(rm -rf x)]' ))"), "deny");
  assert.equal(bash(p, "[[ 'a[$(rm -rf x)]' -eq 0 ]]"), "deny");
});

Deno.test(
  { name: "finding: the script of trap is not read by deny rules (CC asks)" },
  () => {
    const p = policy({ allow: ["Bash(trap:*)"], deny: ["Bash(rm:*)"] });
    assert.equal(bash(p, "trap 'rm -rf x' EXIT"), "deny");
  },
);

Deno.test("finding: dontAsk asks for an ask rule and a protected file instead of denying (CC denies)", () => {
  const p = policy({ ask: ["Bash(git push:*)", "Read(./x/**)"] }, "dontAsk");
  assert.equal(bash(p, "git push"), "deny");
  assert.equal(p.decide({ tool: "Read", input: { file_path: "/proj/x/a" } }).verdict, "deny");
  const w = p.decide({ tool: "Write", input: { file_path: "/proj/.git/foo", content: "x" } });
  assert.equal(w.verdict, "deny");
});

Deno.test("finding: plan mode writes files when a Write or Edit allow rule exists (CC asks)", () => {
  const p = policy({ allow: ["Write", "Edit"] }, "plan");
  const d = p.decide({ tool: "Write", input: { file_path: "/proj/new.txt", content: "x" } });
  assert.equal(d.verdict, "ask");
});

Deno.test("finding: glob deny rules with quotes or double blanks never match (CC denies)", () => {
  assert.equal(bash(policy({ deny: ['Bash("mytool" run *)'] }), '"mytool" run x'), "deny");
  const wip = policy({ deny: ['Bash(mytool2 commit -m "wip" *)'] });
  assert.equal(bash(wip, 'mytool2 commit -m "wip" --amend'), "deny");
  assert.equal(bash(policy({ deny: ["Bash(mytool3  push *)"] }), "mytool3 push x"), "deny");
});

Deno.test("finding: realPathOnDisk resolves .. in a dangling link's target lexically", () => {
  const dir = Deno.realPathSync(Deno.makeTempDirSync());
  try {
    Deno.mkdirSync(`${dir}/secrets/s`, { recursive: true });
    Deno.symlinkSync("secrets/s", `${dir}/deep`);
    Deno.symlinkSync("deep/../new.txt", `${dir}/w`);
    // Writing through w creates secrets/new.txt: deep/.. is secrets, not the root.
    assert.equal(realPathOnDisk(`${dir}/w`), `${dir}/secrets/new.txt`);
    const p = new Policy({
      sources: [{ label: "review.json", scope: "project", deny: ["Edit(./secrets/**)"] }],
      env: { root: dir, home: "/home/u", realPath: realPathOnDisk },
      mode: "acceptEdits",
    });
    const d = p.decide({ tool: "Write", input: { file_path: `${dir}/w`, content: "x" } });
    assert.equal(d.verdict, "deny");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test({
  name: "finding: runners are not unwrapped for deny rules (uv run, pkexec, ...)",
}, () => {
  const p = policy({ allow: ["Bash(uv run:*)"], deny: ["Bash(rm:*)"] });
  assert.equal(bash(p, "uv run rm -rf x"), "deny");
  assert.equal(bash(p, "pkexec rm -rf x"), "deny");
  assert.equal(bash(p, "bundle exec rm -rf x"), "deny");
});

Deno.test(
  { name: "finding: coproc NAME { ... } hides its body from deny rules" },
  () => {
    const p = policy({ deny: ["Bash(rm:*)"] });
    assert.equal(bash(p, "coproc X { rm -rf y; }"), "deny");
  },
);

// --- Low --------------------------------------------------------------------------------------

Deno.test({
  name: "finding: su -lc SCRIPT (c last in a cluster) is not read (CC asks)",
}, () => {
  assert.equal(bash(policy({ deny: ["Bash(rm:*)"] }), "su -lc 'rm -rf x'"), "deny");
});

Deno.test({
  name: "finding: a shell reading /dev/fd//0 or /dev/./stdin is not seen as reading stdin",
}, () => {
  const p = policy({ deny: ["Bash(rm:*)"] });
  assert.equal(bash(p, "bash /dev/fd//0 <<< 'rm -rf x'"), "deny");
  assert.equal(bash(p, "echo 'rm -rf x' | bash /dev/./stdin"), "deny");
});

Deno.test("finding: a glob deny rule on a command path misses a command whose argument expands", () => {
  const p = policy({ deny: ["Bash(/bin/rm *)"] });
  assert.equal(bash(p, "rm -rf x"), "deny");
  assert.equal(bash(p, "rm -rf $HOME"), "deny");
});

Deno.test("finding: a path rule with several * takes seconds on a long path (backtracking)", () => {
  const p = policy({ deny: ["Read(*-*-*.log)"] });
  // A blow-up guard in CPU time (`../_cpu.ts`): the backtracking took seconds.
  const d = withinCpu(
    20,
    () => p.decide({ tool: "Read", input: { file_path: "/proj/" + "-".repeat(3000) } }),
    "a long path",
  );
  assert.notEqual(d.verdict, "deny");
});

Deno.test("finding: many cd parts make the Bash path check quadratic", () => {
  const p = policy({ deny: ["Read(./secrets/**)"] });
  withinCpu(150, () => bash(p, "cd a;".repeat(3000) + "cat" + " x".repeat(3000)), "3,000 cd parts");
});

Deno.test("finding: a Grep call is checked on file_path, the tool searches path", () => {
  const p = policy({ deny: ["Read(./secrets/**)"] });
  const d = p.decide({
    tool: "Grep",
    input: { pattern: "SECRET", path: "secrets", file_path: "src" },
  });
  assert.equal(d.verdict, "deny");
});

Deno.test("finding: an unquoted expansion before the command's last slash splits into other words ($X/ls runs rm)", () => {
  const p = policy({ deny: ["Bash(rm:*)"], allow: ["Bash"] });
  assert.equal(bash(p, "X='rm -rf y '; $X/ls"), "deny");
  assert.equal(bash(p, "$X/ls"), "deny");
  // Quoted, the expansion is one word: the program is the file named ls.
  assert.equal(bash(p, '"$X"/ls'), "allow");
  assert.equal(bash(p, "`echo rm -rf y `/ls"), "deny");
});
