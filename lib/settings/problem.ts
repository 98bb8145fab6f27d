/**
 * Problems: expected failures of reading user data, as values. Each names the file, the line
 * when known, a short code and a message; nothing is dropped silently.
 *
 * @module
 */

/** One problem found while reading a file. */
export interface Problem {
  /** The file, as the user knows it (a label or a path). */
  file: string;
  /** The line, when known. */
  line?: number;
  /** A short stable code, e.g. `not-json`, `wrong-type`, `unreadable`. */
  code: string;
  /** What went wrong, naming the value. */
  message: string;
  /**
   * How much it matters: absent for an error (a value that may hold a rule: deciding commands
   * block), `warning` for one skald reads past (a mode it does not know), `info` for a remark.
   */
  level?: "warning" | "info";
  /** The top-level settings key it concerns (`permissions`, `enabledPlugins`), when one does. */
  key?: string;
}
