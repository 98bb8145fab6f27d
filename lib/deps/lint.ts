/**
 * The packages only `lint`, `init` and `doctor` use, pinned with full `npm:` specifiers and
 * loaded on first use, so that no other command (and never the hook) pays for them:
 *
 * - `ajv`: the JSON Schema validator most used on npm (draft-07, every error with the value's
 *   path and the keyword that failed, a `discriminator` for a hook's `type`), which compiles the
 *   settings schema ahead of time (`scripts/settings_validator.ts`); its generated validator
 *   imports one helper of the package;
 * - `jsonc-parser`: VS Code's JSON parser, which gives every value's offset (the line and
 *   column of a finding) and edits a file while keeping its formatting (`init`);
 * - `fastest-levenshtein`: the edit distance behind "did you mean";
 * - `diff`: the change `init` shows;
 * - `smol-toml`: a TOML parser (the spec's test suite passes), for Codex CLI's `config.toml`,
 *   where `doctor` reads whether a hook is trusted;
 * - `semver`: npm's version ranges, for a plugin's `engines["claude-code"]` (Claude Code
 *   2.1.332's own range reader agrees with it on every case of
 *   `tests/skills/engine_range_test.ts`).
 *
 * @module
 */

/** The `jsonc-parser` package, loaded on first use. */

export async function loadJsonc() {
  return await import("npm:jsonc-parser@3.3.1");
}

/** The `fastest-levenshtein` package, loaded on first use. */

export async function loadLevenshtein() {
  return await import("npm:fastest-levenshtein@1.0.16");
}

/** The `diff` package, loaded on first use. */

export async function loadDiff() {
  return await import("npm:diff@9.0.0");
}

/** The `smol-toml` package, loaded on first use. */

export async function loadToml() {
  return await import("npm:smol-toml@1.9.1");
}

/** The `semver` package's range functions, loaded on first use. */

export async function loadSemver(): Promise<{
  validRange(range: string): string | null;
  satisfies(version: string, range: string): boolean;
}> {
  const semver = await import("npm:semver@7.7.2");
  return semver.default;
}

/** The `jsonc-parser` package, as {@link loadJsonc} gives it. */
export type Jsonc = Awaited<ReturnType<typeof loadJsonc>>;
