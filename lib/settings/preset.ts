/**
 * `skald init --preset recommended` (what `init` writes unless `--no-preset`): a starter policy
 * of deny rules a careful user would want, each with the one-line reason docs/init.md gives (its table is held to this list). It
 * names no file a project commits on purpose: `.env.example`, `.env.sample`, `.env.template`
 * (and `.env.test`) stay readable. Written out in the spellings Claude Code
 * reads as written too (`rm -fr` beside `rm -rf`), so that the file protects a session that runs
 * without skald's hook as far as Claude Code's own matching goes. Pure data.
 *
 * @module
 */

/** One rule of a preset and why it is there. */
export interface PresetRule {
  rule: string;
  why: string;
}

/** The recommended starter policy: `permissions.deny` rules, in the order they are added. */
export const RECOMMENDED: readonly PresetRule[] = [
  { rule: "Bash(rm -rf:*)", why: "a recursive forced delete cannot be undone" },
  {
    rule: "Bash(rm -fr:*)",
    why: "the same, spelled the other way (Claude Code reads rules as written)",
  },
  { rule: "Bash(rm -Rf:*)", why: "the same, with a capital R" },
  { rule: "Bash(rm -r -f:*)", why: "the same, as two options" },
  { rule: "Bash(rm --recursive --force:*)", why: "the same, in long options" },
  { rule: "Bash(git push --force:*)", why: "a force push rewrites what others pulled" },
  { rule: "Bash(git push -f:*)", why: "the same, short" },
  { rule: "Bash(git reset --hard:*)", why: "throws away uncommitted work" },
  { rule: "Bash(git clean -f:*)", why: "deletes untracked files, which git cannot bring back" },
  { rule: "Bash(git clean -fd:*)", why: "the same, directories too" },
  { rule: "Bash(git clean -fdx:*)", why: "the same, ignored files too" },
  {
    rule: "Bash(sh)",
    why: "a shell reading its commands from a pipe runs what the network sent (curl ... | sh)",
  },
  { rule: "Bash(bash)", why: "the same for bash" },
  { rule: "Bash(sh -s:*)", why: "the same with -s (curl ... | sh -s -- ARGS)" },
  { rule: "Bash(bash -s:*)", why: "the same for bash -s" },
  {
    rule: "Read(.env)",
    why: "environment files hold keys and passwords, at any depth of the project",
  },
  { rule: "Read(.env.local)", why: "the same, the local override" },
  { rule: "Read(.env.*.local)", why: "the same, per environment (.env.production.local)" },
  { rule: "Read(.env.production)", why: "the same, for production" },
  { rule: "Read(.env.prod)", why: "the same, spelt short" },
  { rule: "Read(.env.staging)", why: "the same, for staging" },
  { rule: "Read(.env.development)", why: "the same, for development" },
  { rule: "Read(.env.dev)", why: "the same, spelt short" },
  { rule: "Read(./secrets/**)", why: "a secrets directory, at any depth" },
  { rule: "Read(~/.ssh/**)", why: "SSH keys" },
  { rule: "Read(~/.aws/**)", why: "AWS credentials" },
  { rule: "Read(~/.config/gh/**)", why: "the GitHub CLI's token" },
];

/** The presets `init` knows. */
export const PRESETS: Readonly<Record<string, readonly PresetRule[]>> = {
  recommended: RECOMMENDED,
};
