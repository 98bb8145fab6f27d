/**
 * The policy: precedence, sources, modes, defaults, run rules, `hidesRead`, and bad calls.
 */

import assert from "node:assert/strict";
import type { Mode } from "../../lib/permissions/modes.ts";
import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

const src = (label: string, rules: Partial<PolicySource>): PolicySource => ({
  label,
  scope: "project",
  ...rules,
});

interface Case {
  name: string;
  sources: PolicySource[];
  mode?: Mode;
  addDirs?: string[];
  tool: string;
  input: unknown;
  verdict: Verdict;
  rule?: string | null;
  source?: string | null;
  reason?: RegExp;
}

const CASES: Case[] = [
  // precedence
  {
    name: "deny beats allow",
    sources: [src("a", { allow: ["Bash(mytool:*)"], deny: ["Bash(mytool --danger:*)"] })],
    tool: "Bash",
    input: { command: "mytool --danger now" },
    verdict: "deny",
    rule: "Bash(mytool --danger:*)",
  },
  {
    name: "ask beats allow",
    sources: [src("a", { allow: ["Bash(othertool:*)"], ask: ["Bash(othertool --careful)"] })],
    tool: "Bash",
    input: { command: "othertool --careful" },
    verdict: "ask",
    rule: "Bash(othertool --careful)",
  },
  {
    name: "deny beats ask",
    sources: [src("a", { ask: ["Bash(x:*)"], deny: ["Bash(x --bad)"] })],
    tool: "Bash",
    input: { command: "x --bad" },
    verdict: "deny",
  },
  {
    name: "a deny from the user beats an allow of the project (oracle)",
    sources: [
      { label: "~/.claude/settings.json", scope: "user", deny: ["Bash(mytool:*)"] },
      src(".claude/settings.json", { allow: ["Bash(mytool --flag)"] }),
    ],
    tool: "Bash",
    input: { command: "mytool --flag" },
    verdict: "deny",
    source: "~/.claude/settings.json",
  },
  {
    name: "a compound command with a denied part is denied (oracle)",
    sources: [src("a", { allow: ["Bash(mytool:*)"], deny: ["Bash(mytool --danger:*)"] })],
    tool: "Bash",
    input: { command: "mytool --safe && mytool --danger" },
    verdict: "deny",
  },
  {
    name: "a command of several parts is allowed when every part is covered by some allow rule",
    sources: [src("a", { allow: ["Bash(npm run build:*)", "Bash(npm run test:*)"] })],
    tool: "Bash",
    input: { command: "npm run build && npm run test" },
    verdict: "allow",
  },
  {
    name: "... and asks for the part no rule covers (oracle)",
    sources: [src("a", { allow: ["Bash(npm run test:*)"] })],
    tool: "Bash",
    input: { command: "npm run test && npm run build" },
    verdict: "ask",
    reason: /npm run build/,
  },
  {
    name: "a read-only part counts as covered (oracle: mytool --flag | grep x)",
    sources: [src("a", { allow: ["Bash(mytool --flag)"] })],
    tool: "Bash",
    input: { command: "mytool --flag | grep x" },
    verdict: "allow",
  },
  // defaults (oracle: perm-defaults)
  {
    name: "no rule: reading inside the project is allowed",
    sources: [],
    tool: "Read",
    input: { file_path: "/proj/src/a.txt" },
    verdict: "allow",
    rule: null,
  },
  {
    name: "no rule: reading outside asks",
    sources: [],
    tool: "Read",
    input: { file_path: "/etc/hostname" },
    verdict: "ask",
  },
  {
    name: "no rule: a link inside the project to outside asks (both forms must be inside)",
    sources: [],
    tool: "Read",
    input: { file_path: "/proj/src-link-out.txt" },
    verdict: "ask",
  },
  {
    name: "no rule: a link outside to inside asks",
    sources: [],
    tool: "Read",
    input: { file_path: "/outside/to-src.txt" },
    verdict: "ask",
  },
  {
    name: "additionalDirectories make another directory readable",
    sources: [src("a", { additionalDirectories: ["/outside"] })],
    tool: "Read",
    input: { file_path: "/outside/out.txt" },
    verdict: "allow",
  },
  {
    name: "--add-dir makes another directory readable",
    sources: [],
    addDirs: ["/outside"],
    tool: "Read",
    input: { file_path: "/outside/out.txt" },
    verdict: "allow",
  },
  {
    name: "additionalDirectories do not make it writable (oracle)",
    sources: [src("a", { additionalDirectories: ["/outside"] })],
    tool: "Write",
    input: { file_path: "/outside/w.txt" },
    verdict: "ask",
  },
  {
    name: "no rule: writing asks",
    sources: [],
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "ask",
  },
  {
    name: "no rule: a read-only command runs",
    sources: [],
    tool: "Bash",
    input: { command: "ls src" },
    verdict: "allow",
  },
  {
    name: "no rule: cat outside the working directories asks (oracle)",
    sources: [],
    tool: "Bash",
    input: { command: "cat /outside/out.txt" },
    verdict: "ask",
  },
  {
    name: "no rule: a read through {fd}< outside the working directories asks",
    sources: [],
    tool: "Bash",
    input: { command: "cat {fd}</outside/out.txt 0<&$fd" },
    verdict: "ask",
  },
  {
    name: "no rule: a descriptor duplicated with <&3 is no file (stays read-only)",
    sources: [],
    tool: "Bash",
    input: { command: "cat src/a.txt 3<&0" },
    verdict: "allow",
  },
  {
    name: "no rule: an unknown command asks",
    sources: [],
    tool: "Bash",
    input: { command: "mytool --flag" },
    verdict: "ask",
  },
  {
    name: "no rule: echo $(ls) asks (oracle)",
    sources: [],
    tool: "Bash",
    input: { command: "echo $(ls)" },
    verdict: "ask",
  },
  {
    name: "no rule: WebFetch asks",
    sources: [],
    tool: "WebFetch",
    input: { url: "https://example.com/" },
    verdict: "ask",
  },
  {
    name: "no rule: a skill runs (oracle)",
    sources: [],
    tool: "Skill",
    input: { skill: "pdf" },
    verdict: "allow",
  },
  {
    name: "no rule: an agent runs (oracle)",
    sources: [],
    tool: "Agent",
    input: { subagent_type: "general-purpose", prompt: "x" },
    verdict: "allow",
  },
  {
    name: "no rule: an MCP tool asks",
    sources: [],
    tool: "mcp__github__create_issue",
    input: {},
    verdict: "ask",
  },
  // modes
  {
    name: "acceptEdits: writing inside is allowed",
    sources: [],
    mode: "acceptEdits",
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "allow",
  },
  {
    name: "acceptEdits: writing outside asks",
    sources: [],
    mode: "acceptEdits",
    tool: "Write",
    input: { file_path: "/outside/new.txt" },
    verdict: "ask",
  },
  {
    name: "acceptEdits: touch inside runs (oracle)",
    sources: [],
    mode: "acceptEdits",
    tool: "Bash",
    input: { command: "touch t.txt" },
    verdict: "allow",
  },
  {
    name: "acceptEdits: an unknown command still asks (oracle)",
    sources: [],
    mode: "acceptEdits",
    tool: "Bash",
    input: { command: "mytool --flag" },
    verdict: "ask",
  },
  {
    name: "plan: writing asks (oracle)",
    sources: [],
    mode: "plan",
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "ask",
  },
  {
    name: "plan: a read-only command runs (oracle)",
    sources: [],
    mode: "plan",
    tool: "Bash",
    input: { command: "echo hi" },
    verdict: "allow",
  },
  {
    name: "plan: a command that is not read-only is denied (oracle)",
    sources: [],
    mode: "plan",
    tool: "Bash",
    input: { command: "touch t.txt" },
    verdict: "deny",
  },
  {
    name: "dontAsk: what would ask is denied (oracle)",
    sources: [src("a", { allow: ["Bash(mytool --ok)"] })],
    mode: "dontAsk",
    tool: "Bash",
    input: { command: "mytool --flag" },
    verdict: "deny",
  },
  {
    name: "dontAsk: what is allowed still runs (oracle)",
    sources: [src("a", { allow: ["Bash(mytool --ok)"] })],
    mode: "dontAsk",
    tool: "Bash",
    input: { command: "mytool --ok" },
    verdict: "allow",
  },
  {
    name: "bypassPermissions: everything else is allowed",
    sources: [],
    mode: "bypassPermissions",
    tool: "Write",
    input: { file_path: "/outside/x" },
    verdict: "allow",
  },
  {
    name: "bypassPermissions: deny rules still apply (oracle)",
    sources: [src("a", { deny: ["Bash(rm:*)"] })],
    mode: "bypassPermissions",
    tool: "Bash",
    input: { command: "rm -rf x" },
    verdict: "deny",
  },
  {
    name: "bypassPermissions: ask rules still apply (oracle)",
    sources: [src("a", { ask: ["Bash(mytool --ask)"] })],
    mode: "bypassPermissions",
    tool: "Bash",
    input: { command: "mytool --ask" },
    verdict: "ask",
  },
  {
    name: "defaultMode from user settings applies (oracle)",
    sources: [{ label: "user", scope: "user", defaultMode: "acceptEdits" }],
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "allow",
  },
  {
    name: "defaultMode bypassPermissions in the project is ignored (oracle)",
    sources: [src("p", { defaultMode: "bypassPermissions" })],
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "ask",
  },
  {
    name: "defaultMode bypassPermissions in user settings applies (oracle)",
    sources: [{ label: "user", scope: "user", defaultMode: "bypassPermissions" }],
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "allow",
  },
  {
    name: "--mode overrides every defaultMode",
    sources: [{ label: "user", scope: "user", defaultMode: "acceptEdits" }],
    mode: "default",
    tool: "Write",
    input: { file_path: "/proj/new.txt" },
    verdict: "ask",
  },
  // protected files (oracle: protected paths with broad allow rules)
  {
    name: "a protected file asks even with Write allowed: .claude/settings.json",
    sources: [src("a", { allow: ["Write", "Edit", "Bash"] })],
    tool: "Write",
    input: { file_path: "/proj/.claude/settings.json" },
    verdict: "ask",
  },
  {
    name: "a protected file: inside .git",
    sources: [src("a", { allow: ["Write"] })],
    tool: "Write",
    input: { file_path: "/proj/.git/config-extra" },
    verdict: "ask",
  },
  {
    name: "a protected file: .bashrc",
    sources: [src("a", { allow: ["Write"] })],
    tool: "Write",
    input: { file_path: "/proj/.bashrc" },
    verdict: "ask",
  },
  {
    name: "a protected file: a shell redirection into it",
    sources: [src("a", { allow: ["Bash"] })],
    tool: "Bash",
    input: { command: "echo '{}' > .claude/settings.local.json" },
    verdict: "ask",
  },
  {
    name: "a protected file asks in bypassPermissions too",
    sources: [],
    mode: "bypassPermissions",
    tool: "Edit",
    input: { file_path: "/proj/.git/hooks/pre-commit" },
    verdict: "ask",
  },
  // tools
  {
    name: "Edit(//outside/**) allow also allows reading there (oracle)",
    sources: [src("a", { allow: ["Edit(//outside/**)"] })],
    tool: "Read",
    input: { file_path: "/outside/o.txt" },
    verdict: "allow",
  },
  {
    name: "a bare Write allow does not allow reading outside (oracle)",
    sources: [src("a", { allow: ["Write"] })],
    tool: "Read",
    input: { file_path: "/outside/o.txt" },
    verdict: "ask",
  },
  {
    name: "a Read deny rule also refuses writing there (oracle)",
    sources: [src("a", { deny: ["Read(./secrets/**)"] })],
    tool: "Write",
    input: { file_path: "/proj/secrets/new.txt" },
    verdict: "deny",
  },
  {
    name: "Read allow makes cat of that path a read-only command (oracle)",
    sources: [src("a", { allow: ["Read(//outside/**)"] })],
    tool: "Bash",
    input: { command: "cat /outside/o.txt" },
    verdict: "allow",
  },
  {
    name: "a foreign server's bash is not allowed by a Bash allow",
    sources: [src("a", { allow: ["Bash"] })],
    tool: "mcp__evil__bash",
    input: { command: "ls" },
    verdict: "ask",
  },
  {
    name: "a foreign server's bash is denied by a Bash deny",
    sources: [src("a", { deny: ["Bash(rm:*)"] })],
    tool: "mcp__evil__bash",
    input: { command: "rm -rf x" },
    verdict: "deny",
  },
  {
    name: "an MCP allow rule allows its server's tool",
    sources: [src("a", { allow: ["mcp__github"] })],
    tool: "mcp__github__create_issue",
    input: { title: "x" },
    verdict: "allow",
  },
  {
    name: "a hidden command is denied by any Bash deny rule",
    sources: [src("a", { deny: ["Bash(git push:*)"], allow: ["Bash"] })],
    tool: "Bash",
    input: { command: "$EDITOR notes.txt" },
    verdict: "deny",
    reason: /only known when it runs/,
  },
  {
    name: "an invalid deny rule denies nothing",
    sources: [src("a", { deny: ["Bash(rm -rf"] })],
    tool: "Bash",
    input: { command: "ls" },
    verdict: "allow",
  },
  {
    name: "an invalid allow rule allows nothing",
    sources: [src("a", { allow: ["Bash(mytool"] })],
    tool: "Bash",
    input: { command: "mytool" },
    verdict: "ask",
  },
  // bad calls
  {
    name: "an unknown tool is an error (deny)",
    sources: [],
    tool: "Frobnicate",
    input: {},
    verdict: "deny",
    reason: /Unknown tool "Frobnicate"/,
  },
  {
    name: "a Bash call without a command is an error (deny)",
    sources: [src("a", { allow: ["Bash"] })],
    tool: "Bash",
    input: { cmd: "ls" },
    verdict: "deny",
    reason: /no "command" string/,
  },
  {
    name: "an input that is not an object is an error (deny)",
    sources: [],
    tool: "Bash",
    input: "ls",
    verdict: "deny",
    reason: /not an object/,
  },
  {
    name: "a path longer than 4096 characters is refused",
    sources: [src("a", { allow: ["Read"] })],
    tool: "Read",
    input: { file_path: "/proj/" + "a".repeat(5000) },
    verdict: "deny",
    reason: /longer than 4096/,
  },
];

for (const c of CASES) {
  Deno.test(`policy: ${c.name}`, () => {
    const policy = new Policy({
      sources: c.sources,
      env: testEnv(),
      mode: c.mode,
      addDirs: c.addDirs,
    });
    const d = policy.decide({ tool: c.tool, input: c.input });
    assert.equal(d.verdict, c.verdict, d.reason);
    if (c.rule !== undefined) assert.equal(d.rule, c.rule);
    if (c.source !== undefined) assert.equal(d.source, c.source);
    if (c.reason !== undefined) assert.match(d.reason, c.reason);
  });
}

Deno.test("policy: a decision names the rule and the source, or null for none", () => {
  const policy = new Policy({ sources: [src("s.json", { deny: ["Bash(rm:*)"] })], env: testEnv() });
  const denied = policy.decide({ tool: "Bash", input: { command: "rm x" } });
  assert.deepEqual([denied.rule, denied.source], ["Bash(rm:*)", "s.json"]);
  const none = policy.decide({ tool: "Bash", input: { command: "mytool" } });
  assert.deepEqual([none.rule, none.source], [null, null]);
});

Deno.test("policy: a compound command's verdict lists each part", () => {
  const policy = new Policy({
    sources: [src("s", { allow: ["Bash(npm run test:*)"] })],
    env: testEnv(),
  });
  const d = policy.decide({ tool: "Bash", input: { command: "npm run test && mytool" } });
  assert.deepEqual(d.parts?.map((p) => [p.part, p.verdict, p.rule]), [
    ["npm run test", "allow", "Bash(npm run test:*)"],
    ["mytool", "ask", null],
  ]);
});

/** `withGrants`: a new policy with more allow rules; the one it came from is unchanged. */
const GRANTS: {
  name: string;
  input: { grants: string[]; command: string };
  expected: { verdict: string; source: string | null; original: string };
}[] = [
  {
    name: "a grant allows what it covers, naming its source",
    input: { grants: ["Bash(mytool:*)"], command: "mytool run" },
    expected: { verdict: "allow", source: "/review allowed-tools", original: "ask" },
  },
  {
    name: "a grant covers one part; another part still asks",
    input: { grants: ["Bash(mytool:*)"], command: "mytool run && make" },
    expected: { verdict: "ask", source: null, original: "ask" },
  },
  {
    name: "a deny rule of a source still wins over a grant",
    input: { grants: ["Bash"], command: "rm -rf x" },
    expected: { verdict: "deny", source: "s", original: "deny" },
  },
  {
    name: "an ask rule of a source still wins over a grant",
    input: { grants: ["Bash"], command: "git push" },
    expected: { verdict: "ask", source: "s", original: "ask" },
  },
  {
    name: "a source's allow rule counts before a grant of the same command",
    input: { grants: ["Bash(git status:*)"], command: "git status --short" },
    expected: { verdict: "allow", source: "s", original: "allow" },
  },
  {
    name: "an invalid grant is kept and never matches",
    input: { grants: ["Bash(oops"], command: "oops" },
    expected: { verdict: "ask", source: null, original: "ask" },
  },
];

Deno.test("policy: withGrants returns a policy with more allow rules, the original unchanged", async (t) => {
  const policy = new Policy({
    sources: [src("s", {
      deny: ["Bash(rm:*)"],
      ask: ["Bash(git push:*)"],
      allow: ["Bash(git status:*)"],
    })],
    env: testEnv(),
  });
  for (const c of GRANTS) {
    await t.step(c.name, () => {
      const granted = policy.withGrants(c.input.grants, "/review allowed-tools");
      const call = { tool: "Bash", input: { command: c.input.command } };
      const d = granted.decide(call);
      assert.deepEqual([d.verdict, d.source], [c.expected.verdict, c.expected.source], d.reason);
      assert.equal(policy.decide(call).verdict, c.expected.original, "the original");
      assert.deepEqual(granted.runRules.map((r) => r.text), c.input.grants);
      assert.deepEqual(policy.runRules, []);
    });
  }
});

Deno.test("policy: grants of two policies are their own; a grant on a grant adds to it", () => {
  const policy = new Policy({ sources: [], env: testEnv(), mode: "acceptEdits" });
  const a = policy.withGrants(["Bash(alpha:*)"], "/a allowed-tools");
  const b = policy.withGrants(["Bash(beta:*)"], "/b allowed-tools");
  const verdict = (p: Policy, command: string) =>
    p.decide({ tool: "Bash", input: { command } }).verdict;
  assert.deepEqual([verdict(a, "alpha"), verdict(a, "beta")], ["allow", "ask"]);
  assert.deepEqual([verdict(b, "alpha"), verdict(b, "beta")], ["ask", "allow"]);
  const both = a.withGrants(["Bash(beta:*)"], "/b allowed-tools");
  assert.deepEqual([verdict(both, "alpha"), verdict(both, "beta")], ["allow", "allow"]);
  assert.deepEqual(both.runRules.map((r) => r.source), ["/a allowed-tools", "/b allowed-tools"]);
  // Everything else is the policy's: its rules, mode, directories, context.
  assert.deepEqual(
    [both.rules, both.mode, both.modeSource, both.workingDirs, both.ctx],
    [policy.rules, policy.mode, policy.modeSource, policy.workingDirs, policy.ctx],
  );
  assert.equal(verdict(a, "alpha"), "allow", "a is unchanged by the grant made on it");
  assert.deepEqual(a.runRules.map((r) => r.text), ["Bash(alpha:*)"]);
});

Deno.test("policy: deny and ask rules still win over granted run rules", () => {
  const policy = new Policy({
    sources: [src("s", { deny: ["Bash(rm:*)"], ask: ["Bash(git push:*)"] })],
    env: testEnv(),
  }).withGrants(["Bash"], "grant");
  assert.equal(policy.decide({ tool: "Bash", input: { command: "rm -rf x" } }).verdict, "deny");
  assert.equal(policy.decide({ tool: "Bash", input: { command: "git push" } }).verdict, "ask");
});

Deno.test("policy: hidesRead names the deny or ask rule for reading that hides a path", () => {
  const policy = new Policy({
    sources: [
      src("s", { deny: ["Read(./secrets/**)"], ask: ["Read(*.env)"], allow: ["Read(./src/**)"] }),
    ],
    env: testEnv(),
  });
  assert.equal(policy.hidesRead("secrets/key.txt")?.text, "Read(./secrets/**)");
  assert.equal(policy.hidesRead("/proj/key-link.txt")?.text, "Read(./secrets/**)");
  assert.equal(policy.hidesRead("sub/.env")?.text, "Read(*.env)");
  assert.equal(policy.hidesRead("src/a.ts"), undefined);
});

Deno.test("policy: rules of every source, each remembering it", () => {
  const policy = new Policy({
    sources: [
      { label: "managed", scope: "managed", deny: ["Bash(curl:*)"] },
      { label: "user", scope: "user", allow: ["Read"] },
      src("project", { ask: ["Bash(git push:*)"] }),
    ],
    env: testEnv(),
  });
  assert.deepEqual(policy.rules.map((r) => [r.text, r.source, r.kind]), [
    ["Bash(curl:*)", "managed", "deny"],
    ["Read", "user", "allow"],
    ["Bash(git push:*)", "project", "ask"],
  ]);
});

/** What a policy is built from and gives back (the per-method examples it had in its docs). */
const SURFACE: { name: string; check: () => unknown; expected: unknown }[] = [
  {
    name: "rules: every rule kept in source order, an invalid one too (it never matches)",
    check: () => {
      const p = new Policy({
        sources: [{ label: "session", scope: "run", allow: ["Bash(make)", "Bash(oops"] }],
        env: { root: "/proj", home: "/home/me", realPath: (x) => x },
      });
      return [p.rules.length, p.rules[1]?.isValid, p.mode, p.modeSource];
    },
    expected: [2, false, "default", null],
  },
  {
    name: "additionalDirectories: every source's, then addDirs, resolved, the root left out",
    check: () => {
      const p = new Policy({
        sources: [{ label: "project", scope: "project", additionalDirectories: ["~/notes"] }],
        env: { root: "/proj", home: "/home/me", realPath: (x) => x },
        addDirs: ["../lib"],
      });
      return [p.additionalDirectories, p.workingDirs.contains("/lib/a.ts")];
    },
    expected: [["/home/me/notes", "/lib"], true],
  },
  {
    name: "contextAt: a directory relative to the root; the root's own context without one",
    check: () => {
      const p = new Policy({
        sources: [],
        env: { root: "/proj", home: "/home/me", realPath: (x) => x },
      });
      return [p.contextAt("src").cwd, p.contextAt("src").root, p.contextAt(undefined).cwd];
    },
    expected: ["/proj/src", "/proj", undefined],
  },
  {
    name: "decideCall: a canonical MCP call, denied by its rule; another tool of the server asks",
    check: () => {
      const p = new Policy({
        sources: [{ label: "managed", scope: "managed", deny: ["mcp__github__delete_repo"] }],
        env: { root: "/proj", home: "/home/me", realPath: (x) => x },
      });
      const call = { kind: "mcp", server: "github", tool: "delete_repo", input: {} } as const;
      return [p.decideCall(call).verdict, p.decideCall({ ...call, tool: "create_issue" }).verdict];
    },
    expected: ["deny", "ask"],
  },
  {
    name: "decide: a command's verdict on each part, what gave it; an unknown tool is an error",
    check: () => {
      const p = new Policy({
        sources: [{ label: "project", scope: "project", allow: ["Bash(npm test:*)"] }],
        env: { root: "/proj", home: "/home/me", realPath: (x) => x },
      });
      const d = p.decide({ tool: "Bash", input: { command: "npm test && make deploy" } });
      return [
        d.verdict,
        d.basis,
        d.parts?.map((x) => [x.part, x.verdict, x.rule]),
        p.decide({ tool: "Frobnicate", input: {} }).error,
      ];
    },
    expected: ["ask", "default", [["npm test", "allow", "Bash(npm test:*)"], [
      "make deploy",
      "ask",
      null,
    ]], true],
  },
];

Deno.test("policy: what it is built from and gives back", async (t) => {
  for (const c of SURFACE) await t.step(c.name, () => assert.deepEqual(c.check(), c.expected));
});
