/**
 * What the read-only table answers for one simple command no rule covers, and what it needs to
 * know about paths: the types every module of `read_only/` shares (a leaf: it imports nothing,
 * so the table's modules import each other without a cycle).
 *
 * @module
 */

/** What the checks need to know about paths. */
export interface CommandPathContext {
  /** True when the path, as written in the command (relative to the working directory, or absolute, `~` already NOT expanded), lies inside the project or an additional working directory (both its written and its real form). */
  inWorkingDirs(path: string): boolean;
}

/** How Claude Code treats one simple command that no permission rule covers. */
export type CommandDefault =
  /** Allowed in every mode. */
  | {
    /** Tag of this variant. */
    kind: "read-only";
  }
  /** A file-modifying command acceptEdits allows when all paths are inside the working dirs. */
  | {
    /** Tag of this variant. */
    kind: "edit";
    /** The paths it changes, as written in the command. */
    paths: string[];
  }
  /** Needs a rule. */
  | {
    /** Tag of this variant. */
    kind: "other";
    /** Why it needs a rule. */
    reason: string;
  };
