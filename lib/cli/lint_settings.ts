/**
 * `lint`'s settings findings: every settings file read again with its places (line and column of
 * each value), each JSON one held against skald's schema of Claude Code's settings, and the
 * place of every rule, for the rule findings. The file-system edge of the check; the packages
 * are loaded here, on first use.
 *
 * @module
 */

import { posix } from "../path.ts";
import { loadJsonc, loadLevenshtein } from "../deps/lint.ts";
import { loadYaml } from "../deps/yaml.ts";
import { allSettingsFiles, defaultManagedPath } from "../settings/load.ts";
import { type JsonPositions, jsonPositions, type Position } from "../settings/json_positions.ts";
import type { Problem } from "../settings/problem.ts";
import {
  type SchemaError,
  type SchemaFinding,
  schemaFindings,
  suggester,
} from "../settings/settings_check.ts";

/** One settings file as lint read it. */
export interface CheckedSettings {
  /** The label findings name it by. */
  label: string;
  /** The schema's findings (JSON files only). */
  findings: SchemaFinding[];
  /** The place of a value at a path, when the file could be parsed. */
  place(path: readonly (string | number)[], key?: boolean): Position | undefined;
  /** Where the text stops being JSON or YAML. */
  syntaxError?: Position;
  /** The parsed document, when it could be parsed. */
  doc?: unknown;
}

/** Where the settings are. */
export interface LintLocations {
  root: string;
  home: string;
  /** `--settings` values, as given. */
  extra: readonly string[];
  cwd: string;
  projectOnly?: boolean;
}

/** Reads and checks every settings file that exists. */
export async function checkSettingsFiles(where: LintLocations): Promise<CheckedSettings[]> {
  const files: { path?: string; label: string; text?: string }[] = [
    ...allSettingsFiles({
      root: where.root,
      home: where.home,
      managed: defaultManagedPath(),
      projectOnly: where.projectOnly,
    }).files,
    ...where.extra.map((e) =>
      e.trimStart().startsWith("{")
        ? { label: "--settings", text: e }
        : { path: posix.resolve(where.cwd, e), label: e }
    ),
  ];
  // The schema's validator, compiled ahead of time (`scripts/settings_validator.ts`): loaded by
  // `lint` and `doctor` only, on first use.
  const [{ validate }, jsonc, { distance }, yaml] = await Promise.all([
    import("../_generated/settings_validator.js"),
    loadJsonc(),
    loadLevenshtein(),
    loadYaml(),
  ]);
  const suggest = suggester(distance);
  const out: CheckedSettings[] = [];
  for (const f of files) {
    let text = f.text;
    if (text === undefined) {
      try {
        text = Deno.readTextFileSync(f.path!);
      } catch {
        continue; // settings.ts reports a file that cannot be read
      }
    }
    if (f.path !== undefined && /\.ya?ml$/.test(f.path)) {
      out.push(yamlPlaces(f.label, text, yaml));
      continue;
    }
    const at = jsonPositions(text, jsonc);
    if (at.error !== undefined) {
      out.push({
        label: f.label,
        findings: [],
        place: () => undefined,
        syntaxError: at.error.position,
      });
      continue;
    }
    const doc = JSON.parse(text.replace(/^\uFEFF/, ""));
    validate(doc);
    const errors = (validate.errors ?? []) as unknown as SchemaError[];
    out.push({
      label: f.label,
      findings: schemaFindings(errors, at, suggest),
      place: placer(at),
      doc,
    });
  }
  return out;
}

function placer(at: JsonPositions): CheckedSettings["place"] {
  return (path, key = false) => key ? at.key(path) : at.value(path);
}

/** The places of a YAML file (`.raider/config.yml`): skald's own, not checked by the schema. */
function yamlPlaces(
  label: string,
  text: string,
  yaml: Awaited<ReturnType<typeof loadYaml>>,
): CheckedSettings {
  const counter = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: counter });
  const error = doc.errors[0];
  if (error !== undefined) {
    const p = counter.linePos(error.pos[0]);
    return {
      label,
      findings: [],
      place: () => undefined,
      syntaxError: { line: p.line, column: p.col },
    };
  }
  return {
    label,
    findings: [],
    doc: doc.toJS(),
    place: (path) => {
      const node = doc.getIn([...path], true) as { range?: [number, number, number] } | undefined;
      if (node?.range === undefined) return undefined;
      const p = counter.linePos(node.range[0]);
      return { line: p.line, column: p.col };
    },
  };
}

/**
 * The place of a settings problem: the value its message names (`"permissions.allow[1]"`), or
 * the syntax error of a file that cannot be parsed.
 *
 * @param p the problem
 * @param checked the file, as lint read it
 * @returns the place, when found
 */
export function problemPlace(
  p: Problem,
  checked: CheckedSettings | undefined,
): Position | undefined {
  if (checked === undefined) return p.line === undefined ? undefined : { line: p.line, column: 1 };
  if (checked.syntaxError !== undefined) return checked.syntaxError;
  const named = /^"([^"]+)"/.exec(p.message)?.[1];
  if (named === undefined) return undefined;
  const path = named.split(/\.|(?=\[)/).map((s) =>
    /^\[\d+\]$/.test(s) ? Number(s.slice(1, -1)) : s
  );
  return checked.place(path, p.code === "unknown-key");
}

/**
 * The place of a rule in its file: the first place of its list holding its text that is not
 * taken yet (a rule written twice gets both places).
 *
 * @param checked the file, as lint read it
 * @param kind the rule's list: `allow`, `ask` or `deny`
 * @param text the rule's text
 * @param taken the places given out already, for this file (changed: the place found is added)
 * @returns the place, when found
 */
export function rulePlace(
  checked: CheckedSettings | undefined,
  kind: string,
  text: string,
  taken: Set<string>,
): Position | undefined {
  const perms = (checked?.doc as { permissions?: Record<string, unknown> } | undefined)
    ?.permissions;
  const list = perms?.[kind];
  if (checked === undefined || !Array.isArray(list)) return undefined;
  for (let i = 0; i < list.length; i++) {
    if (list[i] !== text || taken.has(`${kind}/${i}`)) continue;
    taken.add(`${kind}/${i}`);
    return checked.place(["permissions", kind, i]);
  }
  return undefined;
}
