/**
 * The permission flags skald runs under, everywhere: `main.ts`'s shebang, `deno task compile`
 * (baked into the binary), the release workflow, the plugin's hook, the command `init` writes,
 * the README's install lines and docs (`tests/cli/flags_test.ts` holds them all equal). Read
 * anything; read only the environment variables skald and its packages read; run only `bash`;
 * write only the files `init` edits, in the directory skald starts in (`main.ts` gives that up
 * for every other subcommand), and the resident decider's socket, which is also the only network
 * (`hook --resident`: every other subcommand gives both up, and so does a hook call once it
 * decides in its own process). `main.ts`'s shebang names only Claude Code's two files: the kernel
 * reads 255 bytes of it, and the other agents' files do not fit (`./main.ts init --agent NAME`
 * asks Deno for the agent's file instead); it has no room for the socket either.
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

/**
 * The resident decider's socket as a registration line names it: `~/.cache/skald/hook.sock`, the
 * shell that runs the line expanding `$HOME` (Deno grants a Unix socket by its whole path only).
 */
export const HOME_SOCKET = "$HOME/.cache/skald/hook.sock";

/**
 * The flags, in order, for a resident decider's socket.
 *
 * @param socket the socket's path (a line run by a shell: {@link HOME_SOCKET})
 * @returns the flags
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { permissionFlags } from "./permission_flags.ts";
 *
 * const flags = permissionFlags("/home/u/.cache/skald/hook.sock");
 * assert.equal(flags.at(-2), "--allow-net=unix:/home/u/.cache/skald/hook.sock");
 * assert.match(flags[3]!, /^--allow-write=\.claude\/settings\.json,.*,\/home\/u\/\.cache\/skald\/hook\.sock$/);
 * ```
 */
export function permissionFlags(socket: string = HOME_SOCKET): string[] {
  return [
    "--allow-read",
    `--allow-env=${ENV_VARS.join(",")}`,
    "--allow-run=bash",
    `--allow-write=${[...INIT_FILES, socket].join(",")}`,
    // The hook and its resident decider (`hook --resident`): the socket only, and the user's id,
    // which the resident directory and socket must belong to.
    `--allow-net=unix:${socket}`,
    "--allow-sys=uid",
  ];
}

/** The flags, in order, as a registration line (run by a shell) names them. */
export const PERMISSION_FLAGS: readonly string[] = permissionFlags();

/**
 * The V8 flags of every line that runs skald (the hook's, the install lines, the shebang, the
 * resident decider's): Deno keeps one code cache per module, compiled under the flags of the run
 * that stored it, so a run under other flags compiles it again and the next hook call too. For
 * speed only (docs/install.md, "V8 flags"): `--no-lazy` compiles every function when the bundle
 * first loads, so Deno's code cache holds them all; `--no-sparkplug` keeps V8 from compiling
 * baseline machine code for functions a short run calls a few times (a hook call: about 2 ms
 * less; a long `skald audit` run measured the same).
 */
export const V8_FLAGS = "--v8-flags=--no-lazy,--no-sparkplug";

/**
 * `main.ts`'s shebang's flags: the same, writing only Claude Code's files, no socket and without
 * `RIPGREP_CONFIG_PATH` (the kernel reads 255 bytes of it): a hook run through it always
 * decides in its own process, and takes a recursive rg to read hidden and ignored files too.
 */
export const SHEBANG_FLAGS: readonly string[] = [
  PERMISSION_FLAGS[0]!,
  `--allow-env=${ENV_VARS.filter((v) => v !== "RIPGREP_CONFIG_PATH").join(",")}`,
  PERMISSION_FLAGS[2]!,
  `--allow-write=${CLAUDE_INIT_FILES.join(",")}`,
];
