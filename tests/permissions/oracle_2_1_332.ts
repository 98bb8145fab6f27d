/**
 * Where skald decides otherwise than Claude Code 2.1.332 on the observations of issue 21 (the
 * rule forms, modes and settings frozen in `tests/fixtures/oracle/perm-2.1.332.json` from
 * `tests/oracle/cases/claude-2.1.332/`), on purpose, each with why (docs/differences.md
 * says the same). Key: "group name#id".
 *
 * @module
 */

import type { Verdict } from "../../lib/permissions/verdict.ts";

/** `auto` is decided as `default`: skald has no classifier. */
const AUTO = "auto is decided as default (skald has no classifier): what Claude Code's mode " +
  "allowed asks, and what its classifier (unavailable offline) denied asks";
/** Claude Code drops a file whose value it rejects; skald keeps the file's rules. */
const FILE_KEPT = "Claude Code 2.1.332 ignores the whole file for a value it rejects (an " +
  "unknown defaultMode, a wrong type), its deny rules too; skald keeps every rule it can read";
/** Claude Code denies commands whose variables expand past what its checker reads. */
const VARIABLES = "Claude Code denies a command whose variables expand past what its checker " +
  "reads; skald reads the variables' use, not their length, and decides the command as any other";
/** skald's protected-file guard asks in every mode. */
const SETTINGS_GUARD = "skald's guard asks before a write of .claude/settings*.json in every " +
  "mode (bypassPermissions included); Claude Code writes it in bypassPermissions";
/** Over 10,000 characters skald asks in bypassPermissions too. */
const LONG_BYPASS = "over 10,000 characters skald asks in bypassPermissions too: Claude Code " +
  "runs such a command unchecked (it ran the denied part of one)";
/** skald still reads a long command, and its deny rules. */
const LONG_DENY = "skald still reads a command over 10,000 characters, and a deny rule that " +
  "matches a part of it denies (Claude Code asks, or in bypassPermissions runs it)";
/** Deny beats ask, whatever checks first. */
const DENY_BEATS_ASK = "deny beats ask: Claude Code's param ask rule answers before its " +
  "Agent(Explore) deny, inside the Agent tool";
/** skald reads a rule Claude Code skips. */
const SKIPPED_RULE_READ = 'Claude Code skips Glob(pattern:*.env) (":*" in a file tool\'s ' +
  "rule); skald reads it as the Tool(key:value) rule it says";
/** skald reads `bash` as Bash. */
const LOWERCASE_BASH = "Claude Code skips the lower-case rule bash; skald reads it as its " +
  "own name for Bash";
/** A PowerShell prefix allow rule covers a one-part command. */
const POWERSHELL_PREFIX = "a PowerShell prefix allow rule covers a one-part command as " +
  "written (Claude Code does with pwsh installed; without it, the oracle's case, it asks)";
/** Under blockWrites skald asks about shell writes outside. */
const SHELL_WRITES = "under blockWritesOutsideWorkingDirectories skald also asks about a shell " +
  "command that writes outside the working directories (Claude Code limits its file tools only)";

/** skald's verdict where it differs, and why. */
export const CLAUDE_2_1_332: Record<string, { skald: Verdict; why: string }> = {
  "--permission-mode auto#rm": { skald: "ask", why: AUTO },
  "--permission-mode auto#write": { skald: "ask", why: AUTO },
  "--permission-mode auto; project: permissions.disableAutoMode 'yes' (invalid) + deny Bash(ls)#ls":
    { skald: "deny", why: FILE_KEPT },
  "--permission-mode auto; project: permissions.disableAutoMode 'yes' (invalid) + deny Bash(ls)#mytool":
    { skald: "ask", why: FILE_KEPT },
  "--permission-mode auto; project: permissions.disableAutoMode 'yes' (invalid) + deny Bash(ls)#write":
    { skald: "ask", why: FILE_KEPT },
  "--settings: defaultMode turbo + deny Bash(ls)#ls": { skald: "deny", why: FILE_KEPT },
  "A2e ask Agent(model:opus), deny Agent(Explore) beside it#explore-opus": {
    skald: "deny",
    why: DENY_BEATS_ASK,
  },
  "B1c Read/Glob/Grep params: deny Read(limit:10), Glob(pattern:*.env), Grep(pattern:pass*), Read(file_path:{{PROJECT}}/notes.txt)#glob-env":
    { skald: "deny", why: SKIPPED_RULE_READ },
  "G8 deny mcp__* and bash (lowercase, invalid)#bash": { skald: "deny", why: LOWERCASE_BASH },
  "P1e allow PowerShell(Get-ChildItem) exact, PowerShell(Get-Date:*) prefix#date-arg": {
    skald: "allow",
    why: POWERSHELL_PREFIX,
  },
  "acceptEdits, allow Bash(echo:*)#var-3000x4-quoted": { skald: "ask", why: VARIABLES },
  "acceptEdits, allow Bash(echo:*)#var-5001x2": { skald: "ask", why: VARIABLES },
  "auto (--permission-mode) classifier-bound calls, deny Bash(rm:*), ask Bash(echo asked)#git-push":
    { skald: "ask", why: AUTO },
  "auto (--permission-mode) classifier-bound calls, deny Bash(rm:*), ask Bash(echo asked)#mytool": {
    skald: "ask",
    why: AUTO,
  },
  "auto (--permission-mode) classifier-bound calls, deny Bash(rm:*), ask Bash(echo asked)#read-outside":
    { skald: "ask", why: AUTO },
  "auto (--permission-mode) classifier-bound calls, deny Bash(rm:*), ask Bash(echo asked)#rm-outside":
    { skald: "ask", why: AUTO },
  "auto (--permission-mode) classifier-bound calls, deny Bash(rm:*), ask Bash(echo asked)#webfetch":
    { skald: "ask", why: AUTO },
  "auto (--permission-mode) classifier-bound calls, deny Bash(rm:*), ask Bash(echo asked)#write-outside":
    { skald: "ask", why: AUTO },
  "auto, allow Bash(echo:*)#echo-10050": { skald: "ask", why: AUTO },
  "auto, allow Bash(echo:*)#mytool": { skald: "ask", why: AUTO },
  "bypass (user) + project blockReads: shell commands inside/outside#write-settings-local": {
    skald: "ask",
    why: SETTINGS_GUARD,
  },
  "bypass (user) + project blockWrites: shell writes, settings file, Edit outside#bash-write-outside":
    { skald: "ask", why: SHELL_WRITES },
  "bypassPermissions (user settings), allow Bash(echo:*)#echo-10001": {
    skald: "ask",
    why: LONG_BYPASS,
  },
  "bypassPermissions (user settings), allow Bash(echo:*)#echo-10050": {
    skald: "ask",
    why: LONG_BYPASS,
  },
  "bypassPermissions (user settings), allow Bash(echo:*)#echo-astral-10001units-5003cp": {
    skald: "ask",
    why: LONG_BYPASS,
  },
  "bypassPermissions (user settings), allow Bash(echo:*)#var-3000x4-quoted": {
    skald: "allow",
    why: VARIABLES,
  },
  "bypassPermissions (user settings), allow Bash(echo:*)#var-5001x2": {
    skald: "allow",
    why: VARIABLES,
  },
  "bypassPermissions (user settings), allow Bash(echo:*), deny Bash(rm:*)#long-echo-then-rm-10050":
    { skald: "deny", why: LONG_DENY },
  "bypassPermissions (user settings), allow Bash(echo:*), deny Bash(rm:*)#var-envvalue-10002": {
    skald: "allow",
    why: VARIABLES,
  },
  "bypassPermissions (user settings), allow Bash(echo:*), deny Bash(rm:*)#var-redirect-target-10002":
    { skald: "ask", why: VARIABLES },
  "bypassPermissions (user settings), allow Bash(echo:*), deny Bash(rm:*)#var-total-17x4000-words":
    { skald: "allow", why: VARIABLES },
  "bypassPermissions (user settings), allow Bash(echo:*), deny Bash(rm:*)#var-word-10001": {
    skald: "allow",
    why: VARIABLES,
  },
  "cliSettings defaultMode=auto#rm": { skald: "ask", why: AUTO },
  "cliSettings defaultMode=auto#write": { skald: "ask", why: AUTO },
  "control: bypass (user), no block#write-settings-local": { skald: "ask", why: SETTINGS_GUARD },
  "default mode, allow Bash(echo:*)#var-3000x4-quoted": { skald: "ask", why: VARIABLES },
  "default mode, allow Bash(echo:*)#var-5001x2": { skald: "ask", why: VARIABLES },
  "default mode, allow Bash(echo:*), deny Bash(rm:*)#long-echo-then-rm-10050": {
    skald: "deny",
    why: LONG_DENY,
  },
  "default mode, allow Bash(echo:*), deny Bash(rm:*)#var-envvalue-10002": {
    skald: "ask",
    why: VARIABLES,
  },
  "default mode, allow Bash(echo:*), deny Bash(rm:*)#var-total-17x4000-words": {
    skald: "ask",
    why: VARIABLES,
  },
  "default mode, allow Bash(echo:*), deny Bash(rm:*)#var-word-10001": {
    skald: "ask",
    why: VARIABLES,
  },
  "default mode, no rules#var-3000x4-quoted": { skald: "ask", why: VARIABLES },
  "default mode, no rules#var-5001x2": { skald: "ask", why: VARIABLES },
  "local: defaultMode turbo + deny Bash(ls)#ls": { skald: "deny", why: FILE_KEPT },
  "mode=auto project permissions: allow only Read(//etc/**),Read/Edit(outside/**),Bash(cat:*)#bash-cat-subst":
    { skald: "ask", why: AUTO },
  "mode=auto project permissions: allow only Read(//etc/**),Read/Edit(outside/**),Bash(cat:*)#write-inside":
    { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockReads#write-inside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockReads#write-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockReads+blockWrites+allow Read(//etc/**),Read/Edit(outside/**)#write-inside":
    { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#bash-cat-etc": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#bash-cat-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#bash-cat-subst": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#glob-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#grep-etc": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#grep-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#read-etc": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#read-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: blockWrites#write-inside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#bash-cat-etc": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#bash-cat-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#bash-cat-subst": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#glob-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#grep-etc": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#grep-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#read-etc": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#read-outside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#write-inside": { skald: "ask", why: AUTO },
  "mode=auto project permissions: none#write-outside": { skald: "ask", why: AUTO },
  "project auto + user auto#mytool": { skald: "ask", why: AUTO },
  "project auto + user auto#write": { skald: "ask", why: AUTO },
  "project: defaultMode 42 (not a string) + deny Bash(ls)#ls": { skald: "deny", why: FILE_KEPT },
  "project: defaultMode Manual (capital) + deny Bash(ls)#ls": { skald: "deny", why: FILE_KEPT },
  "project: defaultMode turbo + deny Bash(ls) + hooks in same file#ls": {
    skald: "deny",
    why: FILE_KEPT,
  },
  "project: defaultMode turbo + deny Bash(ls) + user defaultMode acceptEdits#ls": {
    skald: "deny",
    why: FILE_KEPT,
  },
  "project: defaultMode turbo + deny Bash(ls) + user defaultMode acceptEdits#write": {
    skald: "ask",
    why: FILE_KEPT,
  },
  "project: defaultMode turbo + deny Bash(ls)#ls": { skald: "deny", why: FILE_KEPT },
  "user denyInsteadOfPrompting, auto mode#read-outside": { skald: "deny", why: AUTO },
  "user denyInsteadOfPrompting, auto mode#write-inside": { skald: "deny", why: AUTO },
  "user denyInsteadOfPrompting, user bypassPermissions + blockReads (safetyCheck asks)#write-settings":
    { skald: "deny", why: SETTINGS_GUARD },
  "user: defaultMode turbo + deny Bash(ls) + hooks in same file#ls": {
    skald: "deny",
    why: FILE_KEPT,
  },
  "user: defaultMode turbo + deny Bash(ls) + project defaultMode acceptEdits#ls": {
    skald: "deny",
    why: FILE_KEPT,
  },
  "user: defaultMode turbo + deny Bash(ls)#ls": { skald: "deny", why: FILE_KEPT },
  "userSettings defaultMode=auto#rm": { skald: "ask", why: AUTO },
  "userSettings defaultMode=auto#write": { skald: "ask", why: AUTO },
};
