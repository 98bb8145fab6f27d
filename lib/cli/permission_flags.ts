/**
 * The permission flags skald runs under, everywhere: `main.ts`'s shebang, `deno task compile`
 * (baked into the binary), the release workflow, the plugin's hook, the command `init` writes,
 * the README's install lines and docs (`tests/cli/flags_test.ts` holds them all equal). Read anything; read only
 * the environment variables skald and its packages read; run only `bash`; write only the files
 * `init` edits, in the directory skald starts in (`main.ts` gives that up for every other
 * subcommand); the network only at 127.0.0.1, for the hook's resident decider (every other
 * subcommand gives it up). `main.ts`'s shebang names only Claude Code's two files: the kernel
 * reads 255 bytes of it, and the other agents' files do not fit (`./main.ts init --agent NAME`
 * asks Deno for the agent's file instead).
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
  // ripgrep's file of more options (`--hidden`, `--no-ignore`, ...): a recursive rg skips hidden
  // and ignored files only when none is set (docs/shell.md, "Reads over whole trees").
  "RIPGREP_CONFIG_PATH",
];

/** Claude Code's files `init` edits, relative to the directory skald starts in. */
export const CLAUDE_INIT_FILES: readonly string[] = [
  ".claude/settings.json",
  ".claude/settings.local.json",
];

/**
 * Every file `init` edits, relative to the directory skald starts in: Claude Code's, and those
 * `init --agent NAME` registers the hook in (issue 16): Gemini CLI's `.gemini/settings.json`,
 * Codex CLI's `.codex/hooks.json` (`~/.codex/hooks.json` when run in the home), Copilot CLI's
 * `.github/hooks/skald.json` and, in the home, `.copilot/hooks/skald.json`. Each is one file
 * skald writes whole or edits with its other keys kept; none is a directory.
 */
export const INIT_FILES: readonly string[] = [
  ...CLAUDE_INIT_FILES,
  ".gemini/settings.json",
  ".codex/hooks.json",
  ".github/hooks/skald.json",
  ".copilot/hooks/skald.json",
];

/** The flags, in order. */
export const PERMISSION_FLAGS: readonly string[] = [
  "--allow-read",
  `--allow-env=${ENV_VARS.join(",")}`,
  "--allow-run=bash",
  `--allow-write=${INIT_FILES.join(",")}`,
  // The hook and its resident decider (`hook --resident`), on the loopback address only, and
  // the user's id, which the resident decider's files must belong to.
  "--allow-net=127.0.0.1",
  "--allow-sys=uid",
];

/**
 * The V8 flags of every line that runs the hook (and of the shebang and install lines, so that a
 * run shares the hook's code cache, which Deno keeps per flag set). For speed only (docs/install.md,
 * "V8 flags"): `--no-lazy` compiles every function when the bundle first loads, so Deno's code
 * cache holds them all; `--no-sparkplug` keeps V8 from compiling baseline machine code for
 * functions a short run calls a few times (a hook call: about 2 ms less; a long `skald audit`
 * run measured the same).
 */
export const V8_FLAGS = "--v8-flags=--no-lazy,--no-sparkplug";

/**
 * `main.ts`'s shebang's flags: the same, writing only Claude Code's files, and without
 * `RIPGREP_CONFIG_PATH` (the kernel reads 255 bytes of it: run so, a recursive rg is taken to
 * read hidden and ignored files too).
 */
export const SHEBANG_FLAGS: readonly string[] = [
  PERMISSION_FLAGS[0]!,
  `--allow-env=${ENV_VARS.filter((v) => v !== "RIPGREP_CONFIG_PATH").join(",")}`,
  PERMISSION_FLAGS[2]!,
  `--allow-write=${CLAUDE_INIT_FILES.join(",")}`,
];
