/**
 * The YAML parser, pinned, with a full `npm:` specifier, imported the first time a YAML
 * document has to be read: the paths that only read JSON settings do not pay its start-up
 * cost.
 *
 * @module
 */

/** The `yaml` package, loaded on first use. */
export async function loadYaml(): Promise<typeof import("npm:yaml@2.9.1")> {
  return await import("npm:yaml@2.9.1");
}
