/**
 * The permission flags skald runs under, everywhere: `main.ts`'s shebang, `deno task compile`
 * (baked into the binary), the release workflow, the plugin's hook, the command `init` writes,
 * the README's table (`tests/cli/flags_test.ts` holds them all equal). Read anything; read only
 * the environment variables skald and its packages read; run only `bash`; write only the two
 * settings files `init` edits, in the directory skald starts in (`main.ts` gives that up for
 * every other subcommand); no network.
 *
 * @module
 */

/** The environment variables read: skald's, and those its packages look at. */
export const ENV_VARS: readonly string[] = [
  "HOME", // ~/.claude
  "CLAUDE_PROJECT_DIR", // the hook's project
  "SKALD_MANAGED_SETTINGS", // the managed settings file, for a test or an unusual install
  "SLASH_COMMAND_TOOL_CHAR_BUDGET", // the skill listing's budget, as Claude Code reads it
  "CLICOLOR_FORCE", // commander, deciding whether help is coloured
  "LOG_STREAM", // the YAML parser's debug switches, read on every document
  "LOG_TOKENS",
];

/** The files `init` writes, relative to the directory skald starts in. */
export const INIT_FILES: readonly string[] = [
  ".claude/settings.json",
  ".claude/settings.local.json",
];

/** The flags, in order. */
export const PERMISSION_FLAGS: readonly string[] = [
  "--allow-read",
  `--allow-env=${ENV_VARS.join(",")}`,
  "--allow-run=bash",
  `--allow-write=${INIT_FILES.join(",")}`,
];
