/**
 * Aliases of git's configuration files (`[alias] p = push` in `~/.gitconfig` or `.git/config`):
 * `git p` runs `git push`, so a deny or ask rule on `git push` holds for it, as it does for
 * `git -c alias.p=push p` (issue 11's promise, "no wrapper may slip past it"; Claude Code does not
 * read them). git runs its own command before an alias of the same name, and an alias given with
 * `-c` before one of the files. The lookup is the environment's (`PathEnv.gitAlias`); here a
 * table stands for the files (`tests/fs/git_config_test.ts` reads real ones, and the execution
 * oracle runs one through git).
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

/** What the files define. */
const ALIASES: Record<string, string> = {
  p: "push",
  pf: "push --force",
  zap: "!rm -rf build",
  lg: "log --oneline",
  status: "push", // git runs its own status
  again: "p", // an alias of an alias
};

interface Case {
  name: string;
  command: string;
  verdict: Verdict;
  rule?: string;
}

const CASES: Case[] = [
  {
    name: "an alias of push",
    command: "git p origin main",
    verdict: "ask",
    rule: "Bash(git push:*)",
  },
  {
    name: "an alias of push --force",
    command: "git pf origin main",
    verdict: "deny",
    rule: "Bash(git push --force:*)",
  },
  { name: "the words after the alias count", command: "git p --force", verdict: "deny" },
  {
    name: "an alias that runs a shell command",
    command: "git zap",
    verdict: "deny",
    rule: "Bash(rm:*)",
  },
  { name: "an alias of an alias", command: "git again origin", verdict: "ask" },
  { name: "after git's global options", command: "git -C sub --no-pager p", verdict: "ask" },
  { name: "an alias's name in capitals", command: "git P origin", verdict: "ask" },
  { name: "in a compound command", command: "cd sub && git p", verdict: "ask" },
  { name: "a harmless alias", command: "git lg -5", verdict: "allow" },
  { name: "git's own command wins over an alias", command: "git status", verdict: "allow" },
  { name: "-c wins over the files", command: "git -c alias.p=log p", verdict: "allow" },
  { name: "no alias of that name", command: "git unknown-thing", verdict: "allow" },
];

Deno.test("git config aliases: a rule on what an alias runs holds for the alias", () => {
  const asked: string[] = [];
  const policy = new Policy({
    sources: [{
      label: ".claude/settings.json",
      scope: "project",
      deny: ["Bash(git push --force:*)", "Bash(rm:*)"],
      ask: ["Bash(git push:*)"],
      allow: ["Bash(git:*)", "Bash(cd:*)"],
    }],
    env: {
      ...testEnv(),
      gitAlias: (name, dir) => {
        asked.push(dir);
        return ALIASES[name];
      },
    },
  });
  const failures = CASES.flatMap((c) => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    const bad = d.verdict !== c.verdict || (c.rule !== undefined && d.rule !== c.rule);
    return bad ? [`${c.name}: ${c.command} -> ${d.verdict} ${d.rule ?? ""} (${d.reason})`] : [];
  });
  assert.deepEqual(failures, []);
  // Asked where the call runs (the project's root here), and where `-C sub` runs git.
  assert.ok(
    asked.length > 0 && asked.every((d) => d === "/proj" || d === "/proj/sub"),
    asked.join(" "),
  );
});

Deno.test("git config aliases: asked where the call runs, then in the project", () => {
  const asked: string[] = [];
  const policy = new Policy({
    sources: [{ label: "p", scope: "project", deny: ["Bash(git push:*)"], allow: ["Bash(git:*)"] }],
    env: {
      ...testEnv(),
      gitAlias: (name, dir) => {
        asked.push(dir);
        return dir === "/proj" && name === "p" ? "push" : undefined;
      },
    },
  });
  const d = policy.decide({ tool: "Bash", input: { command: "git p" }, cwd: "/proj/src" });
  assert.equal(d.verdict, "deny");
  assert.deepEqual(asked, ["/proj/src", "/proj"]);
});

Deno.test("git config aliases: without the lookup, nothing changes", () => {
  const policy = new Policy({
    sources: [{ label: "p", scope: "project", deny: ["Bash(git push:*)"], allow: ["Bash(git:*)"] }],
    env: testEnv(),
  });
  assert.equal(policy.decide({ tool: "Bash", input: { command: "git p" } }).verdict, "allow");
});

Deno.test("git config aliases: the repository git -C, --git-dir and a cd name is asked too", () => {
  // The red team's: `vendor/lib/.git/config` says `p = push`; each of these pushed.
  const asked = new Set<string>();
  const policy = new Policy({
    sources: [{
      label: "p",
      scope: "project",
      deny: ["Bash(git push:*)"],
      allow: ["Bash(git:*)", "Bash(cd:*)", "Bash(pushd:*)"],
    }],
    env: {
      ...testEnv(),
      gitAlias: (name, dir) => {
        asked.add(dir);
        return dir === "/proj/vendor/lib" && name === "p" ? "push" : undefined;
      },
    },
  });
  for (
    const command of [
      "git -C vendor/lib p",
      "git -C vendor -C lib p",
      "git --git-dir=vendor/lib/.git p",
      "git --work-tree vendor/lib p",
      "cd vendor/lib && git p",
      "cd vendor && cd lib && git p",
      "pushd vendor/lib && git p",
    ]
  ) {
    assert.equal(policy.decide({ tool: "Bash", input: { command } }).verdict, "deny", command);
  }
  assert.equal(policy.decide({ tool: "Bash", input: { command: "git p" } }).verdict, "allow");
});
