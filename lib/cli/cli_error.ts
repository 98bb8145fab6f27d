/**
 * An error that ends a subcommand before it decides anything: a `--root` that does not exist, a
 * `--settings` file that is missing, a settings file that cannot be parsed. `runCli` catches it
 * and reports its message as every other error (exit 1; `{"error": ...}` under `--json`), so
 * that a typo fails a CI job instead of turning it green.
 *
 * @module
 */

/** A failure the user can fix, named with its reason. */
export class CliError extends Error {
  /**
   * @param message what is wrong, naming the value (`--root "x" does not exist`)
   */
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

/** The settings problems that mean a file was not read at all: exit 1 for every subcommand. */
export const UNREAD_CODES: ReadonlySet<string> = new Set([
  "missing",
  "not-json",
  "not-yaml",
  "unreadable",
]);
