/**
 * skald's settings schema against what Claude Code 2.1.332 did with each file (frozen from the
 * oracle: `tests/oracle/cases/settings-validation.json`, results in
 * `tests/fixtures/oracle/settings_validation.json`). Each case's file denies `Bash(rm:*)` and
 * the session ran `rm -rf x`: denied means Claude Code kept the file, asked means it ignored it.
 * skald reports "Claude Code ignores the whole file" exactly where it did.
 */

import assert from "node:assert/strict";
import { distance } from "npm:fastest-levenshtein@1.0.16";
import * as jsonc from "npm:jsonc-parser@3.3.1";
import { jsonPositions } from "../../lib/settings/json_positions.ts";
import { Ajv } from "npm:ajv@8.20.0";
import { SETTINGS_SCHEMA } from "../../lib/settings/schema.ts";
import { validate } from "../../lib/_generated/settings_validator.js";
import { type SchemaError, schemaFindings, suggester } from "../../lib/settings/settings_check.ts";

const frozen = JSON.parse(
  Deno.readTextFileSync(new URL("../fixtures/oracle/settings_validation.json", import.meta.url)),
) as {
  cases: { name: string; settings: unknown; localSettings?: unknown; rmDecision: string }[];
};

function findings(doc: unknown) {
  const text = JSON.stringify(doc, null, 2);
  validate(doc);
  return schemaFindings(
    (validate.errors ?? []) as unknown as SchemaError[],
    jsonPositions(text, jsonc),
    suggester(distance),
  );
}

const ignoresFile = (doc: unknown) =>
  findings(doc).some((f) => f.level === "error" && f.message.includes("ignores the whole file"));

/** Cases whose call shows something else than whether the file was kept. */
const NOT_ABOUT_THE_FILE: Record<string, string> = {
  "misspelled-top": "the only deny rule was under the misspelled key",
  "defaultmode-lower": "the call is touch x, under a misspelled defaultMode",
};

/**
 * A mode skald does not know: Claude Code 2.1.332 drops the file, deny rules and all; skald
 * warns, decides as default and keeps the file's rules (a newer Claude Code may know the mode:
 * only a deny or ask rule skald cannot read may block every call).
 */
const MODE_KEPT: Record<string, string> = {
  "enum-bad-mode": "an unknown defaultMode is a warning: the file's rules are kept",
};

/** Where skald is deliberately stricter than Claude Code. */
const STRICTER: Record<string, string> = {
  "hooks-array": '"hooks": [] is not an object; Claude Code kept the file',
};

Deno.test("schema: 'ignores the whole file' exactly where Claude Code 2.1.332 ignored it", async (t) => {
  assert.ok(frozen.cases.length >= 30);
  for (const c of frozen.cases) {
    await t.step(c.name, () => {
      if (c.name in NOT_ABOUT_THE_FILE) return;
      if (c.localSettings !== undefined) {
        // The project's file is good and was kept; the local one was ignored on its own.
        assert.equal(c.rmDecision, "deny");
        assert.equal(ignoresFile(c.settings), false);
        assert.equal(ignoresFile(c.localSettings), true);
        return;
      }
      const dropped = c.rmDecision === "ask" && !(c.name in MODE_KEPT);
      assert.equal(
        ignoresFile(c.settings),
        dropped || c.name in STRICTER,
        JSON.stringify(findings(c.settings)),
      );
    });
  }
});

Deno.test("schema: the misspellings Claude Code passes over in silence are errors, with did-you-mean", () => {
  const byName = new Map(frozen.cases.map((c) => [c.name, c]));
  const table: [string, string, string][] = [
    ["misspelled-top", "permisions", "permissions"],
    ["misspelled-alow", "permissions.alow", "allow"],
    ["defaultmode-lower", "permissions.defaultmode", "defaultMode"],
    ["unknown-top-beside", "permisions", "permissions"],
  ];
  for (const [name, path, meant] of table) {
    const f = findings(byName.get(name)!.settings).find((f) => f.path === path)!;
    assert.equal(f.code, "unknown-key", name);
    assert.equal(f.level, "error", name);
    assert.match(f.message, new RegExp(`did you mean "${meant}"`), name);
  }
  // A key with no near known one: a warning (a newer Claude Code may know it).
  const far = findings(byName.get("unknown-top-far")!.settings);
  assert.deepEqual(far.map((f) => [f.code, f.level]), [["unknown-key", "warning"]]);
});

Deno.test("schema: a planted bug is caught (a type check removed from the schema)", () => {
  const doc = { model: 5 };
  assert.equal(ignoresFile(doc), true);
  const loose = new Ajv({ strict: false, allErrors: true, verbose: true }).compile({
    ...SETTINGS_SCHEMA,
    properties: { ...(SETTINGS_SCHEMA.properties as object), model: {} },
  });
  loose(doc);
  assert.equal(loose.errors, null, "without its type, model: 5 passes: the table above would fail");
});
