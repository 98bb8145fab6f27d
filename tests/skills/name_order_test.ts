/**
 * The fast path of `compareNames` against `Intl.Collator` itself: every pair of a table of
 * names, and random names over the fast path's alphabet (fixed seed).
 */

import assert from "node:assert/strict";
import { compareNames } from "../../lib/skills/name_order.ts";

const collator = new Intl.Collator("en");
const sign = (n: number) => Math.sign(n);

const NAMES = [
  "commit",
  "commit.md",
  "commit-push-pr.md",
  "commit-push-pr",
  "clean_gone.md",
  "x_y.md",
  "x-y.md",
  "x.md",
  "x/y.md",
  "x:y",
  "sub/x.md",
  "sub.md",
  "a",
  "a-b",
  "a_b",
  "ab",
  "a0",
  "0a",
  "-n-",
  "",
  "p:a-b",
  "p:a:b",
  "p:ab",
  "t:c.d",
  "zz",
  "z9",
];

Deno.test("name order: every pair of the table as Intl.Collator orders it", () => {
  for (const a of NAMES) {
    for (const b of NAMES) {
      assert.equal(sign(compareNames(a, b)), sign(collator.compare(a, b)), `${a} vs ${b}`);
    }
  }
});

Deno.test("name order: 20,000 random pairs over a-z 0-9 _ - : . / agree with Intl.Collator", () => {
  const alphabet = "abz09_-:./";
  let seed = 12;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const word = () =>
    Array.from(
      { length: 1 + Math.floor(next() * 6) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join("");
  for (let i = 0; i < 20_000; i++) {
    const a = word(), b = word();
    assert.equal(sign(compareNames(a, b)), sign(collator.compare(a, b)), `${a} vs ${b}`);
  }
});
