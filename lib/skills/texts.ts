/**
 * The texts the catalogue produces, worded exactly as the spec gives them: the skill tool's
 * answer, the system-prompt block and the note for skills found during a session. Pure.
 *
 * @module
 */

import type { Entry } from "./entry.ts";

/** The first paragraph of the system-prompt block (one line). */
const PROMPT_INTRO = "Skills: specialised instructions loaded on demand. When a task " +
  "matches a skill's description, call the `skill` tool with its name BEFORE acting, then " +
  "follow what it returns. Available skills:";

/** The first line of the note for skills found during a session. */
const ANNOUNCE_INTRO = "The following skills are available for use with the Skill tool:";

const line = (e: Entry) => e.description === "" ? `- ${e.name}` : `- ${e.name}: ${e.description}`;

/**
 * The system-prompt block: the spec's introduction, then the listing's lines.
 *
 * @param lines the lines of the entries the model may see (`listing_budget.ts`)
 * @returns the block, or undefined when none is listed
 */
export function promptText(lines: string[]): string | undefined {
  if (lines.length === 0) return undefined;
  return [PROMPT_INTRO, ...lines].join("\n");
}

/**
 * The note for entries that became available during a session.
 *
 * @param entries the new entries
 * @returns the note, or undefined for none
 */
export function announceText(entries: Entry[]): string | undefined {
  if (entries.length === 0) return undefined;
  return [ANNOUNCE_INTRO, "", ...entries.map(line)].join("\n");
}

/**
 * What the skill tool returns: `Base directory for this skill: DIR`, a blank line and the
 * body for a skill; the body alone for a command. Every `$ARGUMENTS` is replaced by the
 * arguments (by nothing without); a body without `$ARGUMENTS` gets `ARGUMENTS: <args>` after
 * a blank line when arguments are given.
 *
 * @param entry the entry
 * @param body its body
 * @param args the arguments
 * @returns the text
 */
export function toolText(entry: Entry, body: string, args?: string): string {
  let text = body;
  if (body.includes("$ARGUMENTS")) text = body.replaceAll("$ARGUMENTS", () => args ?? "");
  else if (args !== undefined && args !== "") text = `${body}\n\nARGUMENTS: ${args}`;
  return entry.kind === "skill" ? `Base directory for this skill: ${entry.dir}\n\n${text}` : text;
}
