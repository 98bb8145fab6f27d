/**
 * A settings file held against skald's schema of Claude Code's settings (`schema.ts`): each
 * error of the validator becomes a finding with a code, a level, the value's path, its line and
 * column, and a "did you mean" where a known key or value is near. Pure: the validator, the
 * positions and the edit distance are passed in.
 *
 * Levels follow what Claude Code 2.1.332 does with the file (observed, see `schema.ts`): a value
 * of a wrong type or form makes it ignore the **whole file**, its deny rules too (an error); an
 * unknown key is passed over, so it is an error only when it is a near miss of a known key
 * (`permisions`: the setting meant is not set), a warning otherwise: "not known to skald"
 * (the keys are Claude Code 2.1.332's own; a newer Claude Code may know it).
 *
 * @module
 */

import { CLAUDE_CODE_VERSION } from "../_generated/claude_settings_keys.ts";
import type { JsonPositions, Position } from "./json_positions.ts";

/** One error of the validator, as `ajv` (with `verbose: true`) reports it. */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

/** One finding of the schema check. */
export interface SchemaFinding {
  /** `unknown-key`, `wrong-type`, `bad-value`, `missing-key` or `unknown-hook-type`. */
  code: string;
  level: "error" | "warning";
  /** The value's path, `permissions.allow[0]` (empty: the whole file). */
  path: string;
  /** Where it is; undefined when the path cannot be found. */
  position?: Position;
  message: string;
}

/** The closest of `known` to `word`: the same but for case, or at most two edits away. */
export type Suggest = (word: string, known: readonly string[]) => string | undefined;

/**
 * A suggester from an edit distance: a candidate equal but for case wins; else the nearest, when
 * it is at most 2 edits away and nearer than half the word's length.
 *
 * @param distance the edit distance between two strings
 * @returns the suggester
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distance } from "npm:fastest-levenshtein@1.0.16";
 * import { suggester } from "./settings_check.ts";
 *
 * const suggest = suggester(distance);
 * assert.equal(suggest("permisions", ["permissions", "model"]), "permissions");
 * assert.equal(suggest("defaultmode", ["defaultMode", "deny"]), "defaultMode");
 * assert.equal(suggest("alow", ["allow", "ask", "deny"]), "allow");
 * assert.equal(suggest("frobnicate", ["allow", "ask", "deny"]), undefined);
 * ```
 */
export function suggester(distance: (a: string, b: string) => number): Suggest {
  return (word, known) => {
    const lower = word.toLowerCase();
    const same = known.find((k) => k.toLowerCase() === lower);
    if (same !== undefined) return same;
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const k of known) {
      const d = distance(lower, k.toLowerCase());
      if (d < bestDistance) [best, bestDistance] = [k, d];
    }
    return bestDistance <= 2 && bestDistance * 2 < word.length ? best : undefined;
  };
}

/** `/permissions/allow/0` as `["permissions", "allow", 0]`. */
export function pointerPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((p) => /^(0|[1-9]\d*)$/.test(p) ? Number(p) : p);
}

/** `["permissions", "allow", 0]` as `permissions.allow[0]`. */
export function dottedPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`).join("");
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  boolean: "true or false",
  integer: "a whole number",
  number: "a number",
  array: "a list",
  object: "an object",
  null: "null",
};

/** What a schema accepts, in words (for an `anyOf` that nothing matched). */
function forms(schema: Record<string, unknown>): string {
  const branches = (schema.anyOf ?? schema.oneOf ?? [schema]) as Record<string, unknown>[];
  const words = branches.map((b) =>
    Array.isArray(b.enum)
      ? `one of ${b.enum.map((v) => JSON.stringify(v)).join(", ")}`
      : b.const !== undefined
      ? JSON.stringify(b.const)
      : TYPE_NAMES[String(b.type)] ?? "a value of another form"
  );
  return [...new Set(words)].join(", or ");
}

const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * The findings of one validation.
 *
 * @param errors the validator's errors (none: the file is valid)
 * @param at the file's places
 * @param suggest the "did you mean" of a word among known ones
 * @returns the findings, in the file's order
 */
export function schemaFindings(
  errors: readonly SchemaError[],
  at: JsonPositions,
  suggest: Suggest,
): SchemaFinding[] {
  // An anyOf that nothing matched is one finding: the errors of its branches are left out.
  const anyOfs = errors.filter((e) => e.keyword === "anyOf").map((e) => e.schemaPath);
  const inBranch = (e: SchemaError) =>
    anyOfs.some((p) => e.schemaPath !== p && e.schemaPath.startsWith(p + "/"));
  const out: SchemaFinding[] = [];
  for (const e of errors) {
    if (inBranch(e)) continue;
    const path = pointerPath(e.instancePath);
    const name = dottedPath(path);
    // A mode skald does not know is the settings reader's warning (it is decided as default).
    if (name === "permissions.defaultMode") continue;
    const where = name === "" ? "The settings" : `"${name}"`;
    const add = (f: Omit<SchemaFinding, "path" | "position">, p = path, useKey = true) => {
      const position = useKey ? at.key(p) : at.value(p);
      out.push({ ...f, path: dottedPath(p), ...(position ? { position } : {}) });
    };
    switch (e.keyword) {
      case "additionalProperties": {
        const key = String(e.params.additionalProperty);
        const known = Object.keys((e.parentSchema?.properties ?? {}) as object);
        const near = suggest(key, known);
        add({
          code: "unknown-key",
          level: near === undefined ? "warning" : "error",
          message: `Unknown key "${dottedPath([...path, key])}"` +
            (near === undefined
              ? `: not known to skald (Claude Code ${CLAUDE_CODE_VERSION})`
              : `: did you mean "${near}"? ("${near}" is not set: neither skald nor Claude ` +
                `Code ${CLAUDE_CODE_VERSION} knows "${key}")`),
        }, [...path, key]);
        break;
      }
      case "type":
        add(
          {
            code: "wrong-type",
            level: "error",
            message: `${where} is not ${TYPE_NAMES[String(e.params.type)] ?? e.params.type}: ` +
              `${shown(e.data)}; Claude Code ignores the whole file`,
          },
          path,
          false,
        );
        break;
      case "enum": {
        const allowed = (e.params.allowedValues as unknown[]).map(String);
        const near = typeof e.data === "string" ? suggest(e.data, allowed) : undefined;
        add(
          {
            code: "bad-value",
            level: "error",
            message: `${where} is not one of ${allowed.map((v) => `"${v}"`).join(", ")}: ` +
              `${shown(e.data)}${near ? ` (did you mean "${near}"?)` : ""}; Claude Code ignores ` +
              "the whole file",
          },
          path,
          false,
        );
        break;
      }
      case "discriminator": {
        const branches = ((e.parentSchema?.oneOf ?? []) as Record<string, unknown>[]).map((b) =>
          String(((b.properties as Record<string, { const?: unknown }>)?.type)?.const)
        );
        const value = e.params.tagValue;
        const near = typeof value === "string" ? suggest(value, branches) : undefined;
        add(
          {
            code: "unknown-hook-type",
            level: "error",
            message: e.params.error === "tag"
              ? `${where}: a hook's "type" must be a string; Claude Code ignores the whole file`
              : `${where}: "type" is not a hook type (${branches.join(", ")}): ${shown(value)}` +
                `${near ? ` (did you mean "${near}"?)` : ""}; Claude Code ignores the whole file`,
          },
          [...path, "type"],
          false,
        );
        break;
      }
      case "required":
        add(
          {
            code: "missing-key",
            level: "error",
            message: `${where} has no "${e.params.missingProperty}"; Claude Code ignores the ` +
              "whole file",
          },
          path,
          false,
        );
        break;
      case "anyOf":
      case "oneOf":
        add(
          {
            code: "bad-value",
            level: "error",
            message: `${where} is not ${forms(e.parentSchema ?? {})}: ${shown(e.data)}; Claude ` +
              "Code ignores the whole file",
          },
          path,
          false,
        );
        break;
      default:
        add(
          {
            code: "bad-value",
            level: "error",
            message: `${where} ${describeKeyword(e)}: ${shown(e.data)}; Claude Code ignores the ` +
              "whole file",
          },
          path,
          false,
        );
    }
  }
  return out.sort((a, b) =>
    (a.position?.line ?? 0) - (b.position?.line ?? 0) ||
    (a.position?.column ?? 0) - (b.position?.column ?? 0)
  );
}

/** A limit keyword's failure, in words. */
function describeKeyword(e: SchemaError): string {
  const p = e.params;
  switch (e.keyword) {
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum":
      return `must be ${p.comparison} ${p.limit}`;
    case "minLength":
      return "must not be empty";
    case "minItems":
      return `must have at least ${p.limit} items`;
    case "maxItems":
      return `must have at most ${p.limit} items`;
    case "uniqueItems":
      return `has the same item twice (items ${p.j} and ${p.i})`;
    case "const":
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case "pattern":
      return `does not match ${p.pattern}`;
    default:
      return `fails the schema's "${e.keyword}"`;
  }
}
