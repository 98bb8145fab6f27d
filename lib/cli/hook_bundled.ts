/**
 * The entry of the hook's bundle (`lib/_generated/hook.bundle.js`): `hook.ts`, with the program
 * tables already parsed (`lib/_generated/program_tables.ts`) installed before any lookup, so
 * that a hook call parses no table's notation. Run from the sources, `hook.ts` reads the tables'
 * text: the hook's behaviour suites hold both against the same cases (`tests/cli/_hook_runs.ts`).
 *
 * @module
 */

import { useParsedTables } from "../programs/lookup.ts";
import { PARSED_TABLES } from "../_generated/program_tables.ts";

useParsedTables(PARSED_TABLES);

export * from "./hook.ts";
