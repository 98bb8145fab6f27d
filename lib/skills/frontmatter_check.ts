/**
 * What `lint` reports of a skill's frontmatter beyond what stops it loading: YAML that only the
 * lenient line reader accepts (a strict YAML reader rejects the file), an invocation key that
 * is not a boolean (`disable-model-invocation: maybe` is read as unset), and a frontmatter
 * `name` that Claude Code does not show (`Weird Name`, `has/slash`: Claude Code 2.1.332 lists
 * the skill by its directory alone; `UnoCSS` it shows). Lines are counted from the file's start. Pure: the YAML parser is passed
 * in.
 *
 * @module
 */

import { parseBool } from "./entry.ts";
import { parseFrontmatter, splitFrontmatter, type YamlParse } from "./frontmatter.ts";
import { readSimpleYaml } from "./simple_yaml.ts";

/** One finding of a frontmatter. */
export interface FrontmatterFinding {
  /** `lenient-yaml`, `not-boolean` or `hidden-name`. */
  code: string;
  level: "error" | "warning";
  /** The line in the file, 1-based. */
  line: number;
  /** The column, 1-based: the value's, for a key's finding. */
  column: number;
  message: string;
}

/** The keys Claude Code reads as booleans (`true/yes/on/1`, `false/no/off/0`). */
const BOOLEAN_KEYS = ["disable-model-invocation", "user-invocable"] as const;

/**
 * A frontmatter name Claude Code 2.1.332 shows beside the directory's name (`other-name`,
 * `UnoCSS`, `café`): letters, marks, digits, `_`, `:`, `.` and `-`, at most 256 characters (its
 * `DSt`, `chunk-ahbn20h1.js`; observed: `tests/fixtures/oracle/shown_names.json`).
 */
const SHOWN_NAME = /^[\p{L}\p{M}\p{N}_:.-]+$/u;
const SHOWN_MAX = 256;

/**
 * The frontmatter findings of a skill or command file.
 *
 * @param text the file's text (its head is enough)
 * @param yaml the YAML parser (it throws with `linePos` on a syntax error, as `npm:yaml` does)
 * @param name the entry's name (a frontmatter `name` that differs is checked)
 * @returns the findings, in the file's order
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parse } from "npm:yaml@2.9.1";
 * import { checkFrontmatter } from "./frontmatter_check.ts";
 *
 * const text = "---\ndescription: a: b\ndisable-model-invocation: maybe\n---\nbody\n";
 * assert.deepEqual(checkFrontmatter(text, parse, "x").map((f) => [f.code, f.line]), [
 *   ["lenient-yaml", 2],
 *   ["not-boolean", 3],
 * ]);
 * ```
 */
export function checkFrontmatter(
  text: string,
  yaml: YamlParse,
  name: string,
): FrontmatterFinding[] {
  const normal = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const { block } = splitFrontmatter(normal);
  if (block === undefined || block.trim() === "") return [];
  const keyPlace = (key: string) => blockPlace(block, key) ?? { line: 1, column: 1 };
  const out: FrontmatterFinding[] = [];
  if (readSimpleYaml(block) === undefined) {
    try {
      yaml(block);
    } catch (e) {
      const at = (e as { linePos?: { line: number; col: number }[] }).linePos?.[0];
      const reason = (e as Error).message.split("\n")[0]!.replace(/:\s*$/, "")
        .replace(at === undefined ? /$^/ : / at line \d+, column \d+$/, "");
      const { data } = parseFrontmatter(normal, yaml);
      if (Object.keys(data).length > 0) {
        out.push({
          code: "lenient-yaml",
          level: "warning",
          line: (at?.line ?? 1) + 1,
          column: at?.col ?? 1,
          message: `The frontmatter is not YAML (${reason}): Claude Code and skald read it ` +
            "line by line, a YAML reader rejects it",
        });
      }
    }
  }
  const { data } = parseFrontmatter(normal, yaml);
  for (const key of BOOLEAN_KEYS) {
    if (!(key in data)) continue;
    const v = data[key];
    if (parseBool(v, true) === parseBool(v, false)) continue;
    out.push({
      code: "not-boolean",
      level: "error",
      ...keyPlace(key),
      message: `"${key}: ${String(v)}" is not true or false (true/yes/on/1, false/no/off/0): ` +
        `it is read as unset (${key === "user-invocable" ? "user-invocable" : "model-invocable"})`,
    });
  }
  const given = data.name;
  if (
    typeof given === "string" && given !== "" && given !== name &&
    (!SHOWN_NAME.test(given) || given.length > SHOWN_MAX)
  ) {
    out.push({
      code: "hidden-name",
      level: "warning",
      ...keyPlace("name"),
      message: `The frontmatter name "${given}" ` +
        (given.length > SHOWN_MAX
          ? `is longer than ${SHOWN_MAX} characters`
          : 'holds a character other than letters, digits, "_", ":", "." and "-"') +
        `: Claude Code does not show it, and lists the skill as "${name}" only`,
    });
  }
  return out.sort((a, b) => a.line - b.line);
}

/**
 * Where a top-level frontmatter key's value starts in a skill or command file.
 *
 * @param text the file's text (its head is enough)
 * @param key the key
 * @returns the line and column, or undefined when no frontmatter line holds the key
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { frontmatterPlace } from "./frontmatter_check.ts";
 *
 * const text = "---\ndescription: x\nallowed-tools:  Bash(ls)\n---\nbody\n";
 * assert.deepEqual(frontmatterPlace(text, "allowed-tools"), { line: 3, column: 17 });
 * ```
 */
export function frontmatterPlace(
  text: string,
  key: string,
): { line: number; column: number } | undefined {
  const { block } = splitFrontmatter(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
  return block === undefined ? undefined : blockPlace(block, key);
}

/** A key's value in a frontmatter block (which starts on the file's second line). */
function blockPlace(block: string, key: string): { line: number; column: number } | undefined {
  const lines = block.split("\n");
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`^${escaped}[ \\t]*:[ \\t]*`);
  const i = lines.findIndex((l) => re.test(l));
  if (i === -1) return undefined;
  return { line: i + 2, column: re.exec(lines[i]!)![0].length + 1 };
}
