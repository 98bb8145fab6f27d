/**
 * The settings that restrict (issue 21), each read where Claude Code 2.1.332 reads it
 * (observed through the oracle: `tests/oracle/cases/claude-2.1.332/block-*.json`,
 * `deny-instead.json`, `mode-*.json`, and the managed cases of the findings): a table of
 * named cases, each a set of sources and a call, with skald's verdict.
 */

import assert from "node:assert/strict";
import { Policy, type PolicySource } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";

const env = { root: "/proj", home: "/home/me", realPath: (p: string) => p };

interface Case {
  name: string;
  sources: PolicySource[];
  mode?: string;
  tool: string;
  input: Record<string, unknown>;
  verdict: Verdict;
  reason?: RegExp;
}

const READ_ETC = { file_path: "/etc/hostname" };
const src = (scope: PolicySource["scope"], more: Partial<PolicySource>): PolicySource => ({
  label: `${scope}.json`,
  scope,
  ...more,
});

const CASES: Case[] = [
  {
    name: "blockReads from the project: a Read outside is denied, in bypassPermissions too",
    sources: [src("project", { restricts: ["blockReadsOutsideWorkingDirectories"] })],
    mode: "bypassPermissions",
    tool: "Read",
    input: READ_ETC,
    verdict: "deny",
    reason: /blockReadsOutsideWorkingDirectories \(from project\.json\)/,
  },
  {
    name: "blockReads: an allow rule does not lift it",
    sources: [
      src("user", { allow: ["Read(//etc/**)"] }),
      src("project", { restricts: ["blockReadsOutsideWorkingDirectories"] }),
    ],
    tool: "Read",
    input: READ_ETC,
    verdict: "deny",
  },
  {
    name: "blockReads: a shell read outside asks, in bypassPermissions too",
    sources: [src("user", { restricts: ["blockReadsOutsideWorkingDirectories"] })],
    mode: "bypassPermissions",
    tool: "Bash",
    input: { command: "cat /etc/hostname" },
    verdict: "ask",
  },
  {
    name: "blockReads: a shell read inside runs",
    sources: [src("user", { restricts: ["blockReadsOutsideWorkingDirectories"] })],
    tool: "Bash",
    input: { command: "cat src/a.txt" },
    verdict: "allow",
  },
  {
    name: "blockReads: a path only known at run time asks",
    sources: [src("user", { restricts: ["blockReadsOutsideWorkingDirectories"] })],
    mode: "bypassPermissions",
    tool: "Bash",
    input: { command: "cat $(echo /etc/hostname)" },
    verdict: "ask",
  },
  {
    name: "blockReads: a project's additionalDirectories do not count",
    sources: [src("project", {
      additionalDirectories: ["/outside"],
      restricts: ["blockReadsOutsideWorkingDirectories"],
    })],
    tool: "Read",
    input: { file_path: "/outside/o.txt" },
    verdict: "deny",
  },
  {
    name: "blockReads: the user's additionalDirectories count",
    sources: [
      src("user", { additionalDirectories: ["/outside"] }),
      src("project", { restricts: ["blockReadsOutsideWorkingDirectories"] }),
    ],
    tool: "Read",
    input: { file_path: "/outside/o.txt" },
    verdict: "allow",
  },
  {
    name: "blockFileToolReads from the project is ignored (--settings only)",
    sources: [src("project", { restricts: ["blockFileToolReadsOutsideWorkingDirectories"] })],
    tool: "Read",
    input: READ_ETC,
    verdict: "ask",
  },
  {
    name: "blockFileToolReads from --settings denies a file tool's read outside",
    sources: [src("cli", { restricts: ["blockFileToolReadsOutsideWorkingDirectories"] })],
    tool: "Grep",
    input: { pattern: "x", path: "/etc" },
    verdict: "deny",
  },
  {
    name: "blockFileToolReads leaves shell commands alone",
    sources: [src("cli", { restricts: ["blockFileToolReadsOutsideWorkingDirectories"] })],
    mode: "bypassPermissions",
    tool: "Bash",
    input: { command: "cat /etc/hostname" },
    verdict: "allow",
  },
  {
    name: "blockReadsExemptPaths (--settings) lets a read through the block",
    sources: [src("cli", {
      restricts: ["blockReadsOutsideWorkingDirectories"],
      blockReadsExemptPaths: ["/etc"],
    })],
    mode: "bypassPermissions",
    tool: "Read",
    input: READ_ETC,
    verdict: "allow",
  },
  {
    name: "blockReadsExemptPaths from the project is ignored",
    sources: [src("project", {
      restricts: ["blockReadsOutsideWorkingDirectories"],
      blockReadsExemptPaths: ["/etc"],
    })],
    tool: "Read",
    input: READ_ETC,
    verdict: "deny",
  },
  {
    name: "workingDirectoriesExclude (--settings) makes a path inside the project outside",
    sources: [src("cli", {
      restricts: ["blockReadsOutsideWorkingDirectories"],
      workingDirectoriesExclude: ["/proj/vault"],
    })],
    tool: "Read",
    input: { file_path: "/proj/vault/k" },
    verdict: "deny",
  },
  {
    name: "blockWrites: a Write outside is denied over an allow rule",
    sources: [src("user", {
      allow: ["Edit(//tmp/**)"],
      restricts: ["blockWritesOutsideWorkingDirectories"],
    })],
    mode: "bypassPermissions",
    tool: "Write",
    input: { file_path: "/tmp/x", content: "" },
    verdict: "deny",
  },
  {
    name: "blockWrites: a Claude Code settings file is denied, inside the project too",
    sources: [src("project", { restricts: ["blockWritesOutsideWorkingDirectories"] })],
    mode: "acceptEdits",
    tool: "Write",
    input: { file_path: "/proj/.claude/settings.local.json", content: "{}" },
    verdict: "deny",
  },
  {
    name: "blockWrites: another JSON file inside is written as ever",
    sources: [src("project", { restricts: ["blockWritesOutsideWorkingDirectories"] })],
    mode: "acceptEdits",
    tool: "Write",
    input: { file_path: "/proj/data.json", content: "{}" },
    verdict: "allow",
  },
  {
    name: "denyInsteadOfPrompting from the user: what would ask is denied",
    sources: [src("user", { restricts: ["denyInsteadOfPrompting"] })],
    tool: "Bash",
    input: { command: "mytool run" },
    verdict: "deny",
    reason: /denyInsteadOfPrompting \(from user\.json\) denies instead of asking/,
  },
  {
    name: "denyInsteadOfPrompting from the project is ignored",
    sources: [src("project", { restricts: ["denyInsteadOfPrompting"] })],
    tool: "Bash",
    input: { command: "mytool run" },
    verdict: "ask",
  },
  {
    name: "denyInsteadOfPrompting leaves an allow alone",
    sources: [src("user", { restricts: ["denyInsteadOfPrompting"] })],
    tool: "Bash",
    input: { command: "ls" },
    verdict: "allow",
  },
  {
    name: "allowManagedPermissionRulesOnly: another source's allow rule is left out",
    sources: [
      src("managed", { restricts: ["allowManagedPermissionRulesOnly"] }),
      src("project", { allow: ["Bash(mytool:*)"] }),
    ],
    tool: "Bash",
    input: { command: "mytool run" },
    verdict: "ask",
  },
  {
    name: "allowManagedPermissionRulesOnly: the managed allow rules hold",
    sources: [src("managed", {
      allow: ["Bash(mytool:*)"],
      restricts: ["allowManagedPermissionRulesOnly"],
    })],
    tool: "Bash",
    input: { command: "mytool run" },
    verdict: "allow",
  },
  {
    name: "allowManagedPermissionRulesOnly: another source's deny rule still denies (skald)",
    sources: [
      src("managed", { restricts: ["allowManagedPermissionRulesOnly"] }),
      src("project", { deny: ["Bash(rm:*)"] }),
    ],
    tool: "Bash",
    input: { command: "rm -rf x" },
    verdict: "deny",
  },
  {
    name: "allowManagedPermissionRulesOnly from the project does nothing",
    sources: [src("project", {
      allow: ["Bash(mytool:*)"],
      restricts: ["allowManagedPermissionRulesOnly"],
    })],
    tool: "Bash",
    input: { command: "mytool run" },
    verdict: "allow",
  },
  {
    name: "disableBypassPermissionsMode: bypassPermissions is decided as default",
    sources: [src("project", { restricts: ["disableBypassPermissionsMode"] })],
    mode: "bypassPermissions",
    tool: "Bash",
    input: { command: "mytool run" },
    verdict: "ask",
  },
];

for (const c of CASES) {
  Deno.test(`restrictions: ${c.name}`, () => {
    const d = new Policy({ sources: c.sources, env, mode: c.mode })
      .decide({ tool: c.tool, input: c.input });
    assert.equal(d.verdict, c.verdict, d.reason);
    if (c.reason) assert.match(d.reason, c.reason);
  });
}
