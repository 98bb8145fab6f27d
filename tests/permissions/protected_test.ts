/**
 * Protected files: a write asks whatever allows it, in every mode. The table is Claude Code
 * 2.1.332's, observed through the oracle (acceptEdits mode, Write in a git project).
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import { testEnv } from "../_env.ts";

const policy = new Policy({ sources: [], env: testEnv(), mode: "acceptEdits" });

const ASKS = [
  ".claude/commands/x.md",
  ".claude/skills/a/SKILL.md",
  ".claude/agents/x.md",
  ".claude/settings.json",
  ".vscode/settings.json",
  ".idea/x.xml",
  ".git/hooks/pre-commit",
  ".husky/pre-commit",
  ".devcontainer/x.json",
  ".envrc",
  ".mcp.json",
  "sub/.bashrc",
  ".gitconfig",
  ".gitmodules",
  ".profile",
  ".zshrc",
  ".zprofile",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".zshenv",
  ".zlogin",
  ".npmrc",
  ".yarnrc",
  ".pre-commit-config.yaml",
  ".claude.json",
  ".lefthook.yml",
  "lefthook.yml",
];

const ALLOWS = [
  ".gitignore",
  ".env",
  ".env.local",
  "package.json",
  ".github/workflows/ci.yml",
  ".pypirc",
  ".netrc",
  ".ssh/config",
  ".config/x",
  ".cursor/x",
  ".gitattributes",
  ".tool-versions",
  ".nvmrc",
  "CLAUDE.md",
  "Makefile",
  ".editorconfig",
  ".direnv/x",
  ".gitlab-ci.yml",
];

for (const path of ASKS) {
  Deno.test(`protected (oracle: asks in acceptEdits): ${path}`, () => {
    const d = policy.decide({ tool: "Write", input: { file_path: `/proj/${path}` } });
    assert.equal(d.verdict, "ask", d.reason);
  });
}

for (const path of ALLOWS) {
  Deno.test(`not protected (oracle: acceptEdits allows): ${path}`, () => {
    const d = policy.decide({ tool: "Write", input: { file_path: `/proj/${path}` } });
    assert.equal(d.verdict, "allow", d.reason);
  });
}

const SHELL: [string, string][] = [
  ["touch into .git (oracle: asks)", "touch .git/x"],
  ["touch into .claude (oracle: asks)", "touch .claude/x"],
  ["touch .vscode/settings.json (oracle: asks)", "touch .vscode/settings.json"],
  ["touch .bashrc (oracle: asks)", "touch .bashrc"],
  ["mkdir .claude (oracle: asks)", "mkdir .claude"],
  ["rm -rf .git (oracle: asks)", "rm -rf .git"],
  [
    "a redirection into .claude/settings.local.json (oracle: asks)",
    "echo '{}' > .claude/settings.local.json",
  ],
];

for (const [name, command] of SHELL) {
  Deno.test(`protected in a shell command: ${name}`, () => {
    const d = policy.decide({ tool: "Bash", input: { command } });
    assert.equal(d.verdict, "ask", d.reason);
  });
}

/** Writes skald finds inside nested scripts (DenyView.writes): each asks even in bypassPermissions. */
const NESTED: [string, string][] = [
  ["a redirection in sh -c", "sh -c 'echo x > .bashrc'"],
  ["a redirection behind sudo bash -c", "sudo bash -c 'echo > .zshrc'"],
  ["a redirection inside $(...)", "echo $(echo x > .git/config)"],
  ["a redirection in eval", "eval 'echo {} > .claude/settings.json'"],
  ["a redirection in a heredoc-fed shell", "bash <<'EOF'\necho x >> .profile\nEOF"],
];

const bypass = new Policy({ sources: [], env: testEnv(), mode: "bypassPermissions" });

for (const [name, command] of NESTED) {
  Deno.test(`protected in a nested script: ${name}`, () => {
    const d = bypass.decide({ tool: "Bash", input: { command } });
    assert.equal(d.verdict, "ask", d.reason);
  });
}

Deno.test("protected in a nested script: a harmless nested redirection stays allowed", () => {
  const d = bypass.decide({ tool: "Bash", input: { command: "sh -c 'echo x > out.txt'" } });
  assert.equal(d.verdict, "allow", d.reason);
});
