/**
 * What the freeze scripts share: the oracle's case and result files read as JSON, a case found
 * by name, and the frozen table written into `tests/fixtures/oracle/`.
 *
 * @module
 */

import { posix } from "../../lib/path.ts";

/** The oracle's directory: the script's first argument, else `../shared/oracle`. */
export const ORACLE: string = Deno.args[0] ?? "../shared/oracle";

/**
 * A JSON file of the oracle.
 *
 * @param path relative to the oracle's directory (`cases/render.json`)
 * @returns the parsed file
 */
// deno-lint-ignore no-explicit-any
export function oracleJson(path: string): any {
  return JSON.parse(Deno.readTextFileSync(posix.join(ORACLE, path)));
}

/**
 * The case a result names.
 *
 * @param cases the cases
 * @param name the result's case name
 * @param file where the cases come from, for the error
 * @returns the case; throws when there is none (the oracle's files disagree)
 */
export function caseNamed<T extends { name: string }>(cases: T[], name: string, file: string): T {
  const c = cases.find((x) => x.name === name);
  if (c === undefined) throw new Error(`${file}: no case named ${name}`);
  return c;
}

/**
 * Writes a frozen table.
 *
 * @param name the fixture's file name (`render.json`)
 * @param rows the table
 */
export function writeFixture(name: string, rows: unknown[]): void {
  const target = new URL(`../fixtures/oracle/${name}`, import.meta.url);
  Deno.writeTextFileSync(target, JSON.stringify(rows, null, 1) + "\n");
  console.log(`wrote ${rows.length} rows to ${target.pathname}`);
}
