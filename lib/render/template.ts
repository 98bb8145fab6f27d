/**
 * A body parsed once into text and shell commands: `` !`cmd` `` at the start of a line or after
 * a space or tab, and fenced blocks opened by a line ```` ```! ```` and closed by a line
 * ```` ``` ````. Commands are found in the body as written, before any argument is inserted, so
 * a value can never become a command. Pure.
 *
 * @module
 */

/** A piece of a body: text, or a shell command to check and run. */
export type Segment =
  | {
    /** Text, placeholders not yet expanded. */
    kind: "text";
    /** The text as written. */
    text: string;
  }
  | {
    /** A shell command. */
    kind: "command";
    /** The command as written, placeholders not yet expanded. */
    template: string;
    /** The placeholder as written (`` !`cmd` ``, or the fenced block), for messages. */
    raw: string;
    /** True for a fenced ```` ```! ```` block, false for an inline `` !`cmd` ``. */
    fenced: boolean;
  };

const FENCE_OPEN = /^```![ \t]*$/;
const FENCE_CLOSE = /^```[ \t]*$/;

/**
 * Parses a body into text and command segments.
 *
 * @param body the body
 * @returns the segments in order
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTemplate } from "./template.ts";
 *
 * assert.deepEqual(parseTemplate("Status: !`git status`\nnot!`this`"), [
 *   { kind: "text", text: "Status: " },
 *   { kind: "command", template: "git status", raw: "!`git status`", fenced: false },
 *   { kind: "text", text: "\nnot!`this`" },
 * ]);
 * const fence = "`".repeat(3);
 * const block = `${fence}!\nnpm test\n${fence}`;
 * assert.deepEqual(parseTemplate(block), [
 *   { kind: "command", template: "npm test", raw: block, fenced: true },
 * ]);
 * ```
 */
export function parseTemplate(body: string): Segment[] {
  const out: Segment[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") out.push({ kind: "text", text });
    text = "";
  };
  const lines = body.split("\n");
  // Past this line no closing fence is left: an opener after it stays text (no search again).
  let noCloseAfter = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const last = i === lines.length - 1;
    if (i < noCloseAfter && FENCE_OPEN.test(line)) {
      let close = i + 1;
      while (close < lines.length && !FENCE_CLOSE.test(lines[close]!)) close++;
      if (close === lines.length) noCloseAfter = i;
      else {
        flush();
        const template = lines.slice(i + 1, close).join("\n");
        const raw = lines.slice(i, close + 1).join("\n");
        out.push({ kind: "command", template, raw, fenced: true });
        i = close;
        if (i < lines.length - 1) text += "\n";
        continue;
      }
    }
    inline(line, out, (t) => (text += t), flush);
    if (!last) text += "\n";
  }
  flush();
  return out;
}

/** Finds `` !`cmd` `` in one line. */
function inline(
  line: string,
  out: Segment[],
  add: (t: string) => void,
  flush: () => void,
): void {
  let at = 0;
  for (let i = line.indexOf("!`"); i !== -1; i = line.indexOf("!`", i + 1)) {
    if (i < at) continue;
    if (i > 0 && line[i - 1] !== " " && line[i - 1] !== "\t") continue;
    const end = line.indexOf("`", i + 2);
    if (end === -1) break;
    add(line.slice(at, i));
    flush();
    const template = line.slice(i + 2, end);
    out.push({ kind: "command", template, raw: line.slice(i, end + 1), fenced: false });
    at = end + 1;
    i = end;
  }
  add(line.slice(at));
}
