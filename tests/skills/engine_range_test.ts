/**
 * A plugin's `engines["claude-code"]` as Claude Code 2.1.332 reads it (REPORT 4.1; its `HNe`,
 * `a0e`, `chunk-bqhgd24a.js`). One table, two judges: each range's answer (is it a range, does
 * 2.1.332 fall in it) was computed by Claude Code 2.1.332's own range reader (`yje` and `gLe`
 * of `chunk-gr1h2339.js`, run on its own), and skald's reading (npm's `semver`) is held
 * against it. Observed with the real binary (g01 #8-#11, g04): `>=99.0.0`, `not a range`,
 * `node >=99` all still load from `--plugin-dir`; the refusing case (an installed copy) could
 * not be reached offline and is read from the source.
 */

import assert from "node:assert/strict";
import { loadSemver } from "../../lib/deps/lint.ts";
import { engineRangeProblem, type StatedRange } from "../../lib/skills/engine_range.ts";

const semver = await loadSemver();

/** [range, Claude Code reads it as a range, 2.1.332 is in it]: its own reader's answers. */
const RANGES: [string, boolean, boolean][] = [
  [">=99.0.0", true, false],
  [">=2.1.0 <3", true, true],
  ["not a range", false, false],
  ["node >=99", false, false],
  [">=99", true, false],
  ["", true, true],
  ["*", true, true],
  ["x", true, true],
  ["latest", false, false],
  ["^2.1.0", true, true],
  ["~2.1.300", true, true],
  ["^2", true, true],
  ["2.x", true, true],
  ["2.1.x", true, true],
  ["2.1.332", true, true],
  ["=2.1.332", true, true],
  ["v2.1.332", true, true],
  [">2.1.332", true, false],
  ["<2.1.332", true, false],
  ["<=2.1.332", true, true],
  [">= 2.1.0", true, true],
  ["2.0.0 - 2.1.331", true, false],
  ["2.0.0 - 2.1", true, true],
  ["1.x || >=2.1.300", true, true],
  [">=2.1.333 || <1", true, false],
  ["^2.1.332-beta", true, true],
  [">=2.1.332-0", true, true],
  ["1.2.3.4", false, false],
  ["2.1", true, true],
  [">=3", true, false],
  ["~2", true, true],
  ["~>2.1", true, true],
  ["^0.0.1", true, false],
  [">=2.1.400", true, false],
  [" >=2.1.0 ", true, true],
  ["2.1.332+build", true, true],
  [">=a", false, false],
  ["=>2", false, false],
  ["<>2", false, false],
  ["~ 2.1", true, true],
  ["2.1.332 || garbage", false, false],
  ["||", true, true],
  ["2.*", true, true],
  [">2.1", true, false],
  ["<=2.1", true, true],
  ["2 - 3", true, true],
  [">=2.1.332-alpha <2.1.332", true, false],
  [">=2.1.300", true, true],
];

const at = (stated: unknown, local = true): StatedRange => ({
  plugin: "rp",
  file: "/rp/.claude-plugin/plugin.json",
  stated,
  local,
});

for (const [range, valid, fits] of RANGES) {
  Deno.test(`engine range: ${JSON.stringify(range)}: ${!valid ? "no range" : fits ? "fits" : "outside"}`, () => {
    const p = engineRangeProblem(at(range), semver);
    if (valid && fits) assert.equal(p, undefined);
    else {
      assert.equal(p?.level, "warning");
      assert.equal(p?.code, "engine-range");
      assert.match(p!.reason, valid ? /is outside it/ : /which is not a version range/);
    }
  });
}

const CASES: { name: string; range: StatedRange; reason: string | undefined }[] = [
  {
    name: "g01 #8: >=99.0.0 from --plugin-dir: loads, with Claude Code's warning",
    range: at(">=99.0.0"),
    reason: 'engines["claude-code"] is ">=99.0.0": Claude Code 2.1.332 is outside it, and ' +
      "loads the plugin anyway, because it reads it from a local folder",
  },
  {
    name: "[source] >=99.0.0 installed: Claude Code does not load an installed copy",
    range: at(">=99.0.0", false),
    reason: 'engines["claude-code"] is ">=99.0.0": Claude Code 2.1.332 is outside it: it does ' +
      "not load an installed copy of the plugin (unless its marketplace is a local folder, " +
      "which skald does not read); skald lists it",
  },
  { name: "g01 #9: >=2.1.0 <3 fits", range: at(">=2.1.0 <3"), reason: undefined },
  { name: "a range that fits, installed", range: at("^2.1.300", false), reason: undefined },
  {
    name: "g01 #10: 'not a range' is ignored, with a warning",
    range: at("not a range"),
    reason: 'engines["claude-code"] is "not a range", which is not a version range, so ' +
      "Claude Code 2.1.332 ignores it",
  },
  {
    name: "[source] a number is not text",
    range: at(2),
    reason: 'engines["claude-code"] is not text, so Claude Code 2.1.332 ignores it',
  },
  {
    name: "[source] null is not text",
    range: at(null),
    reason: 'engines["claude-code"] is not text, so Claude Code 2.1.332 ignores it',
  },
  {
    name: "[source] a range longer than 256 characters is no range",
    range: at(">=2.1.0" + " ".repeat(250)),
    reason: `engines["claude-code"] is ">=2.1.0${" ".repeat(92)}\u2026", which is not a ` +
      "version range, so Claude Code 2.1.332 ignores it",
  },
  {
    name: "[source] a control character makes it no range",
    range: at(">=2.1.0\u0007"),
    reason: 'engines["claude-code"] is ">=2.1.0\u0007", which is not a version range, so ' +
      "Claude Code 2.1.332 ignores it",
  },
  {
    name: "[source] a bidirectional character makes it no range",
    range: at(">=2.1.0\u202e"),
    reason: 'engines["claude-code"] is ">=2.1.0\u202e", which is not a version range, so ' +
      "Claude Code 2.1.332 ignores it",
  },
];
for (const c of CASES) {
  Deno.test(`engine range: ${c.name}`, () => {
    assert.equal(engineRangeProblem(c.range, semver)?.reason, c.reason);
  });
}
