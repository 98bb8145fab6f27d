/**
 * The settings schema's validator, compiled ahead of time (`lib/_generated/settings_validator.js`),
 * which `lint` and `doctor` run: the code `ajv` generates from the schema as it is, with lint's
 * options, and the types its module names.
 */

import assert from "node:assert/strict";
import {
  SETTINGS_VALIDATOR,
  SETTINGS_VALIDATOR_DTS,
  SETTINGS_VALIDATOR_TYPES,
  settingsValidatorModule,
} from "../../scripts/settings_validator.ts";
import { validate } from "../../lib/_generated/settings_validator.js";

const REPO = decodeURIComponent(new URL("../..", import.meta.url).pathname);
const STALE = "The settings schema changed: run `deno run --allow-read --allow-write " +
  "--allow-env scripts/settings_validator.ts` and commit what it writes";

Deno.test("settings validator: generated from the schema as it is", () => {
  assert.equal(
    Deno.readTextFileSync(`${REPO}${SETTINGS_VALIDATOR}`),
    settingsValidatorModule(),
    STALE,
  );
  assert.equal(
    Deno.readTextFileSync(`${REPO}${SETTINGS_VALIDATOR_TYPES}`),
    SETTINGS_VALIDATOR_DTS,
    STALE,
  );
});

Deno.test("settings validator: a misspelled key is an error at its place, a string counts code points", () => {
  assert.equal(validate({ permissions: { allow: ["Bash(ls)"] } }), true);
  assert.equal(validate({ permisions: {} }), false);
  assert.deepEqual(
    validate.errors?.map((e) => [e.instancePath, e.keyword, e.params]),
    [["", "additionalProperties", { additionalProperty: "permisions" }]],
  );
  // `maxLength` counts code points (ajv's `ucs2length`, imported by the generated module): 1,024
  // emoji are 2,048 UTF-16 units and still within `policyHelpers.linux.path`'s 1,024.
  const path = (n: number) => ({ policyHelpers: { linux: { path: "😀".repeat(n) } } });
  assert.equal(validate(path(1024)), true);
  assert.equal(validate(path(1025)), false);
  assert.deepEqual(validate.errors?.map((e) => [e.instancePath, e.keyword]), [
    ["/policyHelpers/linux/path", "maxLength"],
  ]);
});
