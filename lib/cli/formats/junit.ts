/**
 * JUnit XML, which CI systems show as test results: one `<testsuite>` of `<testcase>`s, a
 * `<failure>` in each that failed. Pure.
 *
 * @module
 */

/** One test case. */
export interface JunitCase {
  name: string;
  /** The group it belongs to (the case file). */
  classname: string;
  /** The failure message; undefined when it passed. */
  failure?: string;
  /** The failure's details (what was expected, what came). */
  details?: string;
}

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
    // XML 1.0 has no place for most control characters, not even escaped.
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "\uFFFD");

/**
 * A JUnit XML document of one suite.
 *
 * @param suite the suite's name
 * @param cases the cases, in order
 * @returns the XML text, ending with a newline
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { junitXml } from "./junit.ts";
 *
 * const xml = junitXml("policy", [{ name: "a <b>", classname: "t.yml" }]);
 * assert.match(xml, /<testcase name="a &lt;b&gt;" classname="t.yml"\/>/);
 * ```
 */
export function junitXml(suite: string, cases: readonly JunitCase[]): string {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="skald" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="${
      escape(suite)
    }" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
  ];
  for (const c of cases) {
    const head = `    <testcase name="${escape(c.name)}" classname="${escape(c.classname)}"`;
    if (c.failure === undefined) {
      lines.push(`${head}/>`);
      continue;
    }
    lines.push(
      `${head}>`,
      `      <failure message="${escape(c.failure)}">${escape(c.details ?? c.failure)}</failure>`,
      "    </testcase>",
    );
  }
  lines.push("  </testsuite>", "</testsuites>");
  return lines.join("\n") + "\n";
}
