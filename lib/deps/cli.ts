/**
 * The CLI library, pinned, with a full `npm:` specifier (code also runs from a URL, where the
 * repository's import map does not apply). Only the CLI imports it: the hook's start-up path
 * does not pay for it.
 *
 * @module
 */

export { Command, CommanderError, Option } from "npm:commander@15.1.0";
