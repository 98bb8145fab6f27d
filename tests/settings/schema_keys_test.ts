/**
 * Lint is silent on every settings key Claude Code 2.1.332 accepts and still names a misspelt one
 * (issue 21): for each top-level key of the schema read out of the 2.1.332 binary
 * (`lib/_generated/claude_settings_keys.ts`), and each key of `permissions`, a file holding that
 * key with a value of its own schema draws no finding; a near miss is an error with a "did you
 * mean"; an unknown key is "not known to skald (Claude Code 2.1.332)".
 */

import assert from "node:assert/strict";
import { distance } from "npm:fastest-levenshtein@1.0.16";
import * as jsonc from "npm:jsonc-parser@3.3.1";
import { jsonPositions } from "../../lib/settings/json_positions.ts";
import { SETTINGS_SCHEMA } from "../../lib/settings/schema.ts";
// The validator `lint` runs: the schema compiled ahead of time (scripts/settings_validator.ts).
import { validate } from "../../lib/_generated/settings_validator.js";
import { type SchemaError, schemaFindings, suggester } from "../../lib/settings/settings_check.ts";
import { CLAUDE_SETTINGS_KEYS } from "../../lib/_generated/claude_settings_keys.ts";
import { settingsFromDocument } from "../../lib/settings/settings.ts";

type Schema = Record<string, unknown>;

function findings(doc: unknown) {
  validate(doc);
  return schemaFindings(
    (validate.errors ?? []) as unknown as SchemaError[],
    jsonPositions(JSON.stringify(doc, null, 2), jsonc),
    suggester(distance),
  );
}

const DEFS = SETTINGS_SCHEMA.$defs as Record<string, Schema>;

/** A small value a schema accepts: its first choice, a required key each, bounds kept. */
function sample(s: Schema): unknown {
  if (typeof s.$ref === "string") return sample(DEFS[s.$ref.replace("#/$defs/", "")]!);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches !== undefined) return sample(branches[0]!);
  switch (s.type) {
    case "string":
      return "x".repeat(Math.max(1, Number(s.minLength ?? 1)));
    case "number":
    case "integer":
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : Number(s.exclusiveMinimum) + 1);
    case "boolean":
      return true;
    case "array":
      return Number(s.minItems ?? 0) > 0 ? [sample(s.items as Schema)] : [];
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      return Object.fromEntries(required.map((k) => [k, sample(props[k] ?? {})]));
    }
    default:
      return "x";
  }
}

const schemaProps = SETTINGS_SCHEMA.properties as Record<string, Schema>;

Deno.test("schema keys: every top-level key of Claude Code 2.1.332, with a value it takes, draws no finding", async (t) => {
  const keys = Object.keys(CLAUDE_SETTINGS_KEYS);
  assert.ok(keys.length > 200, `${keys.length} keys`);
  for (const key of keys) {
    await t.step(key, () => {
      const doc = { [key]: sample(schemaProps[key]!) };
      assert.deepEqual(findings(doc), [], JSON.stringify(doc));
    });
  }
});

Deno.test("schema keys: every key of permissions draws no finding (defaultMode manual and auto too)", async (t) => {
  const perms = (schemaProps.permissions!.properties ?? {}) as Record<string, Schema>;
  const docs = [
    ...Object.entries(perms).map(([k, s]) => ({ [k]: k === "allow" ? ["Bash(ls)"] : sample(s) })),
    { defaultMode: "manual" },
    { defaultMode: "auto" },
    { blockReadsOutsideWorkingDirectories: true, denyInsteadOfPrompting: true },
  ];
  for (const permissions of docs) {
    await t.step(JSON.stringify(permissions), () => {
      assert.deepEqual(findings({ permissions }), []);
      // The settings reader (which reads the mode: the schema leaves it to it) has nothing to say.
      const read = settingsFromDocument({ permissions }, "s.json", "user");
      assert.deepEqual(read.problems, []);
    });
  }
});

Deno.test("schema keys: a mode skald does not know is a warning, decided as default", () => {
  const read = settingsFromDocument({ permissions: { defaultMode: "turbo" } }, "s.json", "user");
  assert.deepEqual(read.problems.map((p) => [p.code, p.level]), [["unknown-mode", "warning"]]);
  assert.equal(read.source.defaultMode, "default");
});

Deno.test("schema keys: the keys issue 21 names are known (skillOverrides, blocks, managed-only)", () => {
  const doc = {
    skillOverrides: { hello: "off", deploy: "name-only", review: "user-invocable-only" },
    allowManagedPermissionRulesOnly: true,
    allowManagedHooksOnly: true,
    managedSourcesBehavior: "merge",
    disableAllHooks: false,
    permissions: {
      blockWritesOutsideWorkingDirectories: true,
      disableBypassPermissionsMode: "disable",
    },
    hooks: {
      PreSkillShellCommand: [{
        matcher: "*",
        hooks: [{ type: "command", command: "skald hook", onFailure: "block" }],
      }],
    },
  };
  assert.deepEqual(findings(doc), []);
});

const NAMED: { name: string; doc: unknown; message: RegExp; level: string }[] = [
  {
    name: "a misspelt top-level key (permisions)",
    doc: { permisions: { deny: ["Bash(rm:*)"] } },
    message: /"permisions": did you mean "permissions"\?/,
    level: "error",
  },
  {
    name: "a misspelt permissions key (defaultmode)",
    doc: { permissions: { defaultmode: "plan" } },
    message: /"permissions.defaultmode": did you mean "defaultMode"\?/,
    level: "error",
  },
  {
    name: "a key no version skald knows has",
    doc: { frobnicateTheWidgets: true },
    message: /"frobnicateTheWidgets": not known to skald \(Claude Code 2\.1\.332\)$/,
    level: "warning",
  },
];

for (const c of NAMED) {
  Deno.test(`schema keys: ${c.name} is named`, () => {
    const f = findings(c.doc);
    assert.equal(f.length, 1, JSON.stringify(f));
    assert.match(f[0]!.message, c.message);
    assert.equal(f[0]!.level, c.level);
    assert.doesNotMatch(f[0]!.message, /Claude Code ignores it/);
  });
}
