/**
 * Step 1 of a render: the argument string split shell-style, the frontmatter's argument names,
 * and the placeholders of a text expanded in one pass (an inserted value is never expanded
 * again). Pure.
 *
 * @module
 */

/**
 * Splits an argument string shell-style: whitespace separates, single and double quotes group
 * (and are removed), a backslash escapes the next character (inside double quotes: `\\`, `"`,
 * `$` and a backquote). With unbalanced quotes the string is split at whitespace instead.
 * Nothing is expanded: `$HOME` stays as written.
 *
 * @param text the argument string
 * @returns the arguments
 */
export function splitArguments(text: string): string[] {
  const out: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === "\\" && i + 1 < text.length && '\\"$`'.includes(text[i + 1]!)) {
        current += text[++i];
      } else current += c;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(current);
      current = "";
      inWord = false;
    } else {
      inWord = true;
      if (c === "'" || c === '"') quote = c;
      else if (c === "\\" && i + 1 < text.length) current += text[++i];
      else current += c;
    }
  }
  if (quote !== undefined) return text.split(/\s+/).filter((w) => w !== "");
  if (inWord) out.push(current);
  return out;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The names of the frontmatter `arguments` (a list, or a space-separated string), by
 * position. A name that is not an identifier is left out; its position still counts.
 *
 * @param value the frontmatter `arguments` value
 * @returns the names, `undefined` where a position has none
 */
export function argumentNames(value: unknown): (string | undefined)[] {
  const raw = typeof value === "string"
    ? value.split(/\s+/).filter((w) => w !== "")
    : Array.isArray(value)
    ? value.map((v) => typeof v === "string" ? v.trim() : String(v))
    : [];
  return raw.map((n) => IDENTIFIER.test(n) ? n : undefined);
}

/** What placeholders are replaced with. */
export interface ExpansionContext {
  /** The argument string as given. */
  args: string;
  /** The split arguments. */
  argv: string[];
  /** The argument names, by position. */
  names: (string | undefined)[];
  /** `${CLAUDE_SKILL_DIR}`: the entry's directory. */
  skillDir: string;
  /** `${CLAUDE_PROJECT_DIR}`: the root. */
  projectDir: string;
  /** `${CLAUDE_SESSION_ID}`: the session id, "" without one. */
  sessionId: string;
  /** `${CLAUDE_PLUGIN_ROOT}`: the plugin's root; undefined leaves it as typed. */
  pluginRoot?: string;
}

// One pass, longest forms first; an inserted value is never looked at again.
const PLACEHOLDER =
  /\\\$|\$\{CLAUDE_(SKILL_DIR|PROJECT_DIR|SESSION_ID|PLUGIN_ROOT)\}|\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)(?![A-Za-z0-9_])|\$([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_[])/g;

/**
 * Step 1 alone: the text with every placeholder replaced, and whether an argument placeholder
 * was in it (the spec's `expand_arguments`; it does not append `ARGUMENTS:`). The
 * placeholders: `$ARGUMENTS`, `$ARGUMENTS[N]` and `$N` (from 0), `$name` for a frontmatter
 * argument name, `${CLAUDE_SKILL_DIR}`, `${CLAUDE_PROJECT_DIR}`, `${CLAUDE_SESSION_ID}`,
 * `${CLAUDE_PLUGIN_ROOT}`; `\$` is a literal `$`. An inserted value is never expanded again.
 *
 * @param text the body
 * @param ctx what the placeholders stand for
 * @returns the expanded text and whether an argument placeholder was used
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandArguments, splitArguments } from "./arguments.ts";
 *
 * const args = `src/app.ts "$ARGUMENTS[1]"`;
 * const ctx = {
 *   args,
 *   argv: splitArguments(args),
 *   names: ["file"],
 *   skillDir: "/proj/.claude/skills/review",
 *   projectDir: "/proj",
 *   sessionId: "s-1",
 * };
 * assert.deepEqual(expandArguments("Review $file (then $1) in ${CLAUDE_PROJECT_DIR}.", ctx), {
 *   text: "Review src/app.ts (then $ARGUMENTS[1]) in /proj.",
 *   used: true,
 * });
 * assert.deepEqual(expandArguments("Costs \\$5", ctx), { text: "Costs $5", used: false });
 * ```
 */
export function expandArguments(
  text: string,
  ctx: ExpansionContext,
): { text: string; used: boolean } {
  let out = "";
  let used = false;
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const [whole, env, index, num, name] = m;
    out += text.slice(at, m.index);
    at = m.index + whole.length;
    if (whole === "\\$") {
      out += "$";
    } else if (env !== undefined) {
      const value = env === "SKILL_DIR"
        ? ctx.skillDir
        : env === "PROJECT_DIR"
        ? ctx.projectDir
        : env === "SESSION_ID"
        ? ctx.sessionId
        : ctx.pluginRoot;
      out += value ?? whole;
    } else if (index !== undefined || num !== undefined) {
      used = true;
      out += ctx.argv[Number(index ?? num)] ?? whole;
    } else if (name !== undefined) {
      const position = ctx.names.indexOf(name);
      if (position === -1) {
        out += whole;
        continue;
      }
      used = true;
      out += ctx.argv[position] ?? "";
    } else {
      // `$ARGUMENTS`, also glued to more letters (`$ARGUMENTSX`, as Claude Code substitutes it).
      used = true;
      out += ctx.args;
    }
  }
  return { text: out + text.slice(at), used };
}
