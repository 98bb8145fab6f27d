/**
 * The program tables already parsed (`lib/_generated/program_tables.ts`), which the hook's bundle
 * looks programs up in: generated from the tables as they are, and answering every lookup as
 * the tables' text does (the same spec for every name, other name and versioned name, the same
 * variables held against every command).
 */

import assert from "node:assert/strict";
import {
  parsedTables,
  passedVariables,
  programNames,
  programSpec,
  useParsedTables,
} from "../../lib/programs/lookup.ts";
import { specFromJson, specJson } from "../../lib/programs/_spec_json.ts";
import { PARSED_TABLES } from "../../lib/_generated/program_tables.ts";
import { PROGRAM_TABLES, programTablesModule } from "../../scripts/program_tables.ts";

const REPO = decodeURIComponent(new URL("../..", import.meta.url).pathname);

Deno.test("parsed tables: generated from the tables as they are", () => {
  assert.equal(
    Deno.readTextFileSync(`${REPO}${PROGRAM_TABLES}`),
    programTablesModule(),
    "A program table changed: run `deno task bundle-hook` (it writes " +
      `${PROGRAM_TABLES} and the bundle) and commit both`,
  );
});

Deno.test("parsed tables: every spec reads back from its JSON as parsed from the notation", () => {
  for (const name of programNames()) {
    const spec = programSpec(name)!;
    assert.deepStrictEqual(specFromJson(specJson(spec)), spec, name);
  }
});

Deno.test("parsed tables: every lookup answers as the tables' text does", () => {
  const words = [
    ...Object.keys(parsedTables().specs),
    ...(JSON.parse(PARSED_TABLES.names) as [string, string][]).map(([n]) => n),
    "perl5.36",
    "ruby3.1",
    "gcc-12",
    "/usr/bin/gtar",
    "no-such-program",
    "__proto__",
    "constructor",
  ];
  const fromText = words.map((w) => programSpec(w));
  const passed = passedVariables();
  useParsedTables(PARSED_TABLES);
  try {
    words.forEach((w, i) => assert.deepStrictEqual(programSpec(w), fromText[i], w));
    assert.deepStrictEqual(passedVariables(), passed);
    assert.deepStrictEqual(programNames().sort(), Object.keys(parsedTables().specs).sort());
  } finally {
    useParsedTables(undefined);
  }
});
