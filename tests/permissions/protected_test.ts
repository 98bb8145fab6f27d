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

const SHELL: { name: string; input: string }[] = [
  { name: "touch into .git (oracle: asks)", input: "touch .git/x" },
  { name: "touch into .claude (oracle: asks)", input: "touch .claude/x" },
  { name: "touch .vscode/settings.json (oracle: asks)", input: "touch .vscode/settings.json" },
  { name: "touch .bashrc (oracle: asks)", input: "touch .bashrc" },
  { name: "mkdir .claude (oracle: asks)", input: "mkdir .claude" },
  { name: "rm -rf .git (oracle: asks)", input: "rm -rf .git" },
  {
    name: "a redirection into .claude/settings.local.json (oracle: asks)",
    input: "echo '{}' > .claude/settings.local.json",
  },
];

for (const { name, input: command } of SHELL) {
  Deno.test(`protected in a shell command: ${name}`, () => {
    const d = policy.decide({ tool: "Bash", input: { command } });
    assert.equal(d.verdict, "ask", d.reason);
  });
}

/** Writes skald finds inside nested scripts (DenyView.writes): each asks even in bypassPermissions. */
const NESTED: { name: string; input: string }[] = [
  { name: "a redirection in sh -c", input: "sh -c 'echo x > .bashrc'" },
  { name: "a redirection behind sudo bash -c", input: "sudo bash -c 'echo > .zshrc'" },
  { name: "a redirection inside $(...)", input: "echo $(echo x > .git/config)" },
  { name: "a redirection in eval", input: "eval 'echo {} > .claude/settings.json'" },
  { name: "a redirection in a heredoc-fed shell", input: "bash <<'EOF'\necho x >> .profile\nEOF" },
];

const bypass = new Policy({ sources: [], env: testEnv(), mode: "bypassPermissions" });

for (const { name, input: command } of NESTED) {
  Deno.test(`protected in a nested script: ${name}`, () => {
    const d = bypass.decide({ tool: "Bash", input: { command } });
    assert.equal(d.verdict, "ask", d.reason);
  });
}

Deno.test("protected in a nested script: a harmless nested redirection stays allowed", () => {
  const d = bypass.decide({ tool: "Bash", input: { command: "sh -c 'echo x > out.txt'" } });
  assert.equal(d.verdict, "allow", d.reason);
});
