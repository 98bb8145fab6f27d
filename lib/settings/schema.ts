/**
 * skald's JSON schema of a Claude Code settings file, which `skald lint` validates every JSON
 * settings file against: Claude Code's keys, types, enums, bounds and nesting from
 * `lib/_generated/claude_settings_keys.ts` (read out of the Claude Code 2.1.332 binary's own
 * settings schema by `scripts/claude_settings_schema.ts`), with skald's changes, each what
 * Claude Code 2.1.332 was seen to do (`tests/fixtures/oracle/settings_validation.json`):
 *
 * - every object is closed: a key the schema does not name is reported (`permisions`), though
 *   Claude Code itself passes over it in silence;
 * - `defaultMode` also takes `manual`, which Claude Code reads as `default` before it checks the
 *   value (its schema's own description says so);
 * - `env` takes any value (Claude Code kept a file with `"A": true` and `"A": {...}`);
 * - a permission rule is any value: skald's rule parser judges the rule (Claude Code accepts a
 *   rule on a tool it does not know, and kept a file whose deny list held a number);
 * - a hook's `type` picks its form (a `discriminator`), so that a misspelled type is one finding;
 * - skald's own `skald` key (`authoritative`).
 *
 * Pure data; its validator is compiled ahead of time (`lib/_generated/settings_validator.js`,
 * by `scripts/settings_validator.ts`) and loaded by `lint` and `doctor` only, never by the hook.
 *
 * @module
 */

import {
  CLAUDE_CODE_VERSION,
  CLAUDE_SETTINGS_KEYS,
  hookCommand,
  hookMatcher,
} from "../_generated/claude_settings_keys.ts";
import { any, bool, list, object, record, type Schema, str } from "./_schema_notation.ts";

/** Claude Code's version the schema was read from and its changes observed with. */
export const OBSERVED_WITH = CLAUDE_CODE_VERSION;

/** A closed copy of an object schema, every nested object closed too. */
function closed(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map((s) => closed(s as Schema)) as unknown as Schema;
  if (schema === null || typeof schema !== "object") return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = k === "properties" || k === "$defs"
      ? Object.fromEntries(Object.entries(v as Schema).map(([p, s]) => [p, closed(s as Schema)]))
      : typeof v === "object" && v !== null
      ? closed(v as Schema)
      : v;
  }
  if (out.properties !== undefined && out.additionalProperties === true) {
    out.additionalProperties = false;
  }
  return out;
}

/** A hook entry: its `type` decides which form it has. */
const hookEntry: Schema = {
  type: "object",
  properties: { type: str() },
  required: ["type"],
  discriminator: { propertyName: "type" },
  oneOf: (hookCommand.anyOf as Schema[]).map((branch) => ({
    ...branch,
    properties: {
      ...(branch.properties as Schema),
      type: { const: ((branch.properties as Schema).type as Schema).const },
    },
  })),
};

const permissions = CLAUDE_SETTINGS_KEYS.permissions as Schema & { properties: Schema };
const rules = list(any()); // settings.ts reports an item that is not a string (Claude Code drops it alone)

/** The schema of one settings file (JSON Schema draft-07). */
export const SETTINGS_SCHEMA: Schema = closed({
  $schema: "http://json-schema.org/draft-07/schema#",
  $defs: {
    hookEntry,
    hookMatchers: list({
      ...hookMatcher,
      properties: { matcher: str(), hooks: list({ $ref: "#/$defs/hookEntry" }) },
    }),
  },
  ...object({
    ...CLAUDE_SETTINGS_KEYS,
    env: record(any()),
    permissions: {
      ...permissions,
      properties: {
        ...permissions.properties,
        allow: rules,
        deny: rules,
        ask: rules,
        defaultMode: {
          enum: [...((permissions.properties.defaultMode as Schema).enum as string[]), "manual"],
        },
      },
    },
    hooks: {
      ...(CLAUDE_SETTINGS_KEYS.hooks as Schema),
      properties: Object.fromEntries(
        Object.keys((CLAUDE_SETTINGS_KEYS.hooks as Schema).properties as Schema).map((event) => [
          event,
          { $ref: "#/$defs/hookMatchers" },
        ]),
      ),
    },
    skald: object({ authoritative: bool() }),
  }),
});
