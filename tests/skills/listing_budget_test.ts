/**
 * The listing's budget (`lib/skills/listing_budget.ts`), rule by rule, on made entries; the
 * same rules against Claude Code are in `oracle_plugins_test.ts`.
 */

import assert from "node:assert/strict";
import { budgetListing, listingBudget } from "../../lib/skills/listing_budget.ts";
import type { Entry } from "../../lib/skills/entry.ts";

const entry = (name: string, description: string): Entry => ({
  name,
  description,
  kind: "skill",
  dir: "/s",
  file: `/s/${name}/SKILL.md`,
  source: "demo",
  frontmatter: {},
  modelInvocable: true,
  userInvocable: true,
});
const two = [entry("a", "x".repeat(40)), entry("b", "y".repeat(40))];
const texts = (
  budget: number,
  builtins = [] as { name: string; description: string; fixed: boolean }[],
) => budgetListing(two, { budget, builtins }).lines.map((l) => l.text);

const CASES: { name: string; budget: number; expected: string[] }[] = [
  {
    name: "within the budget every line goes whole (91 columns)",
    budget: 91,
    expected: [`- a: ${"x".repeat(40)}`, `- b: ${"y".repeat(40)}`],
  },
  {
    name: "a description that fits the room left exactly is kept (42 of 42)",
    budget: 49,
    expected: [`- a: ${"x".repeat(40)}`, "- b"],
  },
  { name: "one column short: listed by name alone", budget: 48, expected: ["- a", "- b"] },
  { name: "below the names' own width no entry is left out", budget: 1, expected: ["- a", "- b"] },
];
for (const c of CASES) {
  Deno.test(`budget: ${c.name}`, () => assert.deepEqual(texts(c.budget), c.expected));
}

Deno.test("budget: a fixed built-in keeps its description and takes room from the others", () => {
  const builtin = { name: "init", description: "z".repeat(10), fixed: true };
  assert.deepEqual(texts(49, [builtin]), ["- a", "- b"]);
  assert.deepEqual(texts(67, [builtin]), ["- a", "- b"]);
  assert.deepEqual(texts(68, [builtin]), [`- a: ${"x".repeat(40)}`, "- b"]);
});

Deno.test("budget: wide characters count two columns, a line break inside a line none", () => {
  const wide = [entry("w", "漢".repeat(10))];
  assert.equal(budgetListing(wide, { budget: 23, builtins: [] }).total, 25);
  assert.equal(budgetListing([entry("n", "a\nb")], { builtins: [] }).total, 7);
});

Deno.test("budget: a description past maxDescChars is cut to max-1 characters and …", () => {
  const l = budgetListing([entry("c", "abcdef")], { maxDescChars: 4, builtins: [] });
  assert.deepEqual(l.lines.map((x) => x.text), ["- c: abc…"]);
});

Deno.test("budget: SLASH_COMMAND_TOOL_CHAR_BUDGET over skillListingBudgetFraction over 30,000", () => {
  assert.equal(listingBudget(undefined, undefined), 30_000);
  assert.equal(listingBudget("", 0.02), 60_000);
  assert.equal(listingBudget("0", undefined), 30_000);
  assert.equal(listingBudget("abc", undefined), 30_000);
  assert.equal(listingBudget("12,000", undefined), 12_000);
  assert.equal(listingBudget("500", 0.02), 500);
  assert.equal(listingBudget(undefined, 0.0000001), 1);
});
