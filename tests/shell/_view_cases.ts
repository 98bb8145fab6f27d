/**
 * A table of deny-view cases and how each is checked: candidates that must or must not be
 * there, and the hidden parts (each by a text its reason holds). Shared by the tables of the
 * classes of issue 10.
 *
 * @module
 */

import assert from "node:assert/strict";
import { analyzeCommand } from "../../lib/shell/split.ts";

/** One candidate's tokens; `null` for a word only known at run time. */
export type Tokens = (string | null)[];

/** A command and what its deny view must hold. */
export interface ViewCase {
  /** The spec sentence or the class and shape it pins. */
  name: string;
  /** The command. */
  input: string;
  expected: {
    /** Candidates that must be there. */
    some?: Tokens[];
    /** Candidates that must not be there. */
    none?: Tokens[];
    /** One entry per hidden part, a text its reason holds; [] when nothing is hidden. */
    hidden: string[];
    /** Paths the view lists as read by inline code. */
    reads?: string[];
  };
}

const has = (list: Tokens[], t: Tokens) =>
  list.some((c) => JSON.stringify(c) === JSON.stringify(t));

/** Registers one test per case. */
export function viewTests(prefix: string, cases: readonly ViewCase[]): void {
  for (const c of cases) {
    Deno.test(`${prefix}: ${c.name}`, () => {
      const view = analyzeCommand(c.input).view;
      const got = view.candidates.map((x) => x.tokens);
      for (const t of c.expected.some ?? []) {
        assert.ok(has(got, t), `missing ${JSON.stringify(t)} in ${JSON.stringify(got)}`);
      }
      for (const t of c.expected.none ?? []) {
        assert.ok(!has(got, t), `unexpected ${JSON.stringify(t)} in ${JSON.stringify(got)}`);
      }
      const reasons = view.hidden.map((h) => h.reason);
      assert.equal(reasons.length, c.expected.hidden.length, JSON.stringify(reasons));
      c.expected.hidden.forEach((text, i) => assert.ok(reasons[i]!.includes(text), reasons[i]));
      if (c.expected.reads !== undefined) {
        assert.deepEqual(view.reads.map((r) => r.path), c.expected.reads);
      }
    });
  }
}
