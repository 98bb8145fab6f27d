/**
 * `shellParts`: a command's parts and whether it is opaque, in the spec's shape, and the one
 * analysis of a command that the permission engine holds every rule against.
 *
 * @module
 */

import { parseShell, type ShellParse, type SimpleCommand, type Word } from "./parse.ts";
import { type DenyView, denyView, type ProgramKnowledge } from "./unwrap.ts";

/** The spec's `shell_parts` result. */
export interface ShellParts {
  /** Every simple command as written, nested ones (`$(...)`, backticks) included. */
  parts: string[];
  /** True when no allow rule with a specifier may cover the command. */
  opaque: boolean;
  /** Why it is opaque, one sentence each. */
  reasons: string[];
}

/** A command, parsed once, with everything the rules are held against. */
export interface CommandAnalysis extends ShellParts {
  /** The command text as given. */
  command: string;
  /** Its simple commands and opaque reasons. */
  parse: ShellParse;
  /** The parts at the top level: the ones an allow rule must each cover. */
  topLevel: SimpleCommand[];
  /** The commands a deny or ask rule is held against. */
  view: DenyView;
}

const OPAQUE_TEXT: Record<string, string> = {
  "substitution": "command substitution",
  "process-substitution": "process substitution",
  "heredoc": "heredoc",
  "redirection": "redirection into a file",
  "unbalanced": "unbalanced quote or bracket",
  "too-deep": "nesting too deep to read",
  "too-many-parts": "too many parts to read",
  "nul": "NUL byte",
};

/**
 * Parses a command and builds its deny view.
 *
 * @param command the command text
 * @param known what the machine says about programs (git's configured aliases)
 * @returns the analysis
 */
export function analyzeCommand(command: string, known: ProgramKnowledge = {}): CommandAnalysis {
  const parse = parseShell(command);
  const view = denyView(parse, known);
  const reasons = [
    ...parse.opaque.map((r) => `${OPAQUE_TEXT[r.kind] ?? r.kind}: ${r.text}`),
    ...view.hidden.map((h) => `hidden command: ${h.reason}`),
  ];
  return {
    command,
    parse,
    parts: parse.commands.map((c) => c.text).filter((t) => t !== ""),
    opaque: reasons.length > 0,
    reasons,
    topLevel: parse.commands.filter((c) => c.depth === 0),
    view,
  };
}

/**
 * The parts of a shell command and whether it is opaque (the spec's `shell_parts`).
 *
 * @param command the command text
 * @returns `{ parts, opaque, reasons }`
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellParts } from "./split.ts";
 *
 * assert.deepEqual(shellParts("npm test && git diff src"), {
 *   parts: ["npm test", "git diff src"],
 *   opaque: false,
 *   reasons: [],
 * });
 * assert.deepEqual(shellParts("echo $(whoami)"), {
 *   parts: ["echo $(whoami)", "whoami"],
 *   opaque: true,
 *   reasons: ["command substitution: $(whoami)"],
 * });
 * ```
 */
export function shellParts(command: string): ShellParts {
  const { parts, opaque, reasons } = analyzeCommand(command);
  return { parts, opaque, reasons };
}

/**
 * Where a candidate's tokens stand at the end of a simple command's words (a null token stands
 * for a word only known when it runs), as the deny view makes them: the index of the first, or
 * -1 when they do not end the command.
 *
 * @param words the simple command's words
 * @param tokens the candidate's tokens
 * @returns the index, or -1
 */
export function tokensAt(words: readonly Word[], tokens: readonly (string | null)[]): number {
  const off = words.length - tokens.length;
  if (off < 0) return -1;
  const same = tokens.every((t, k) => {
    const w = words[off + k]!;
    return t === null ? w.dynamic : !w.dynamic && w.value === t;
  });
  return same ? off : -1;
}
