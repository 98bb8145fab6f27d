/**
 * What a subcommand needs from the outside world (output streams, standard input, the
 * environment) and what it reports back: an outcome that `main.ts` turns into an exit code.
 *
 * @module
 */

/** The streams and environment of one CLI run; tests pass their own. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Standard input, line by line. */
  lines(): AsyncIterable<string>;
  /** Standard input, whole (plain reads: the hook's start-up cannot afford streams). */
  stdin(): Promise<string>;
  /** The current directory. */
  cwd: string;
  /** An environment variable. */
  env(name: string): string | undefined;
  /** Set by the CLI for a subcommand run with `--json`: errors are printed as JSON on stdout. */
  json?: boolean;
}

/** How a run ended; `main.ts` maps each to an exit code. */
export type Outcome = "ok" | "allow" | "ask" | "deny" | "error" | "findings" | "block";
