/**
 * Every third-party package skald uses, imported here and only here, with full `npm:`
 * specifiers so that the code also runs from a URL, where the repository's import map does
 * not apply. Versions are pinned exactly.
 *
 * YAML is loaded on demand: the hook and `check` paths that only read JSON settings must not
 * pay its start-up cost.
 *
 * @module
 */

export { Command, CommanderError, Option } from "npm:commander@15.1.0";

/** The `yaml` package, imported the first time a YAML document has to be read. */
export async function loadYaml(): Promise<typeof import("npm:yaml@2.9.1")> {
  return await import("npm:yaml@2.9.1");
}
