/**
 * Path rules indexed by the first literal segment below their base (`Read(/secrets/**)` under
 * `secrets` of the root), so a path is held only against the rules that could name it. A rule
 * that matches at any depth is filed under its first literal segment too (`Read(./.env)` as a
 * deny rule, under `.env`), and tried for a path that holds that segment anywhere. Rules that
 * start with a glob (`Read(*.env)`) are always tried. Pure.
 *
 * @module
 */

import { literalSegment } from "../glob/path_glob.ts";
import { type PathAnchor, type PathPattern, patternBases } from "./path_pattern.ts";
import { isInside, type PathContext } from "./paths.ts";
import type { Rule } from "./rule.ts";

/** The rules with a path specifier, indexed. */
export class PathRuleIndex {
  #keyed = new Map<string, Rule[]>();
  /** Rules that match at any depth, by their first literal segment. */
  #anywhere = new Map<string, Rule[]>();
  #unkeyed: Rule[] = [];
  #all: Rule[] | undefined;
  /** The (anchor, up) pairs the keyed rules use. */
  #bases = new Map<string, { anchor: PathAnchor; up: number }>();

  /**
   * Adds a rule.
   *
   * @param rule a valid rule with a path specifier
   * @param pattern its pattern
   */
  add(rule: Rule, pattern: PathPattern): void {
    this.#all = undefined;
    // Filed under the text its first segment matches (`my\ dir` under `my dir`), as the
    // matcher reads it: a rule filed under other text would never be tried.
    const first = literalSegment(pattern.glob.split("/", 1)[0]!);
    if (first === undefined || first === "") {
      this.#unkeyed.push(rule);
      return;
    }
    if (pattern.anchor === "anywhere") {
      const list = this.#anywhere.get(first);
      if (list === undefined) this.#anywhere.set(first, [rule]);
      else list.push(rule);
      return;
    }
    const base = `${pattern.anchor}:${pattern.up}`;
    this.#bases.set(base, { anchor: pattern.anchor, up: pattern.up });
    const key = `${base}:${first}`;
    const list = this.#keyed.get(key);
    if (list === undefined) this.#keyed.set(key, [rule]);
    else list.push(rule);
  }

  /**
   * The rules that could name the path (a superset; each must still be matched).
   *
   * @param path an absolute path
   * @param ctx root and home
   * @returns the rules
   */
  rulesFor(path: string, ctx: PathContext): Rule[] {
    const out = [...this.#unkeyed];
    if (this.#anywhere.size > 0) {
      for (const segment of new Set(path.split("/"))) {
        out.push(...this.#anywhere.get(segment) ?? []);
      }
    }
    for (const [base, { anchor, up }] of this.#bases) {
      for (const dir of patternBases(anchor, up, ctx)) {
        if (!isInside(path, dir) || path === dir) continue;
        const first = (dir === "/" ? path.slice(1) : path.slice(dir.length + 1)).split("/", 1)[0];
        out.push(...this.#keyed.get(`${base}:${first}`) ?? []);
      }
    }
    return out;
  }

  /** Every rule of the index (built once: asked for each glob and directory of a command). */
  all(): readonly Rule[] {
    return this.#all ??= [
      ...this.#unkeyed,
      ...[...this.#anywhere.values()].flat(),
      ...[...this.#keyed.values()].flat(),
    ];
  }

  /** True when no path rule was added. */
  get empty(): boolean {
    return this.#unkeyed.length === 0 && this.#keyed.size === 0 && this.#anywhere.size === 0;
  }
}
