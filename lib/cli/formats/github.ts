/**
 * GitHub Actions workflow commands: `::error file=F,line=L,col=C,title=T::MESSAGE`, one line
 * each, which the runner shows as an annotation on the file's line. Values are escaped as the
 * runner's toolkit escapes them (`%`, CR, LF; in properties also `:` and `,`). Pure.
 *
 * @module
 */

/** One annotation. */
export interface Annotation {
  level: "error" | "warning" | "notice";
  /** The file, relative to the repository's root. */
  file?: string;
  line?: number;
  column?: number;
  /** A short title (skald: the finding's code). */
  title?: string;
  message: string;
}

const escapeData = (s: string) =>
  s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/**
 * One workflow command line.
 *
 * @param a the annotation
 * @returns the line, without its newline
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { workflowCommand } from "./github.ts";
 *
 * assert.equal(
 *   workflowCommand({
 *     level: "error",
 *     file: ".claude/settings.json",
 *     line: 2,
 *     column: 3,
 *     title: "unknown-key",
 *     message: 'Unknown key "permisions": did you mean "permissions"?',
 *   }),
 *   '::error file=.claude/settings.json,line=2,col=3,title=unknown-key::Unknown key "permisions": did you mean "permissions"?',
 * );
 * ```
 */
export function workflowCommand(a: Annotation): string {
  const props = [
    a.file === undefined ? undefined : `file=${escapeProperty(a.file)}`,
    a.line === undefined ? undefined : `line=${a.line}`,
    a.column === undefined ? undefined : `col=${a.column}`,
    a.title === undefined ? undefined : `title=${escapeProperty(a.title)}`,
  ].filter((p) => p !== undefined);
  return `::${a.level}${props.length ? ` ${props.join(",")}` : ""}::${escapeData(a.message)}`;
}
