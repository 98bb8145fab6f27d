/**
 * JSON Schema -> the notation of `lib/settings/_schema_notation.ts` (`str()`, `list(...)`,
 * `object({...})`, ...), in which the generated table of Claude Code's settings keys is
 * written. Pure; used by `claude_settings_schema.ts`.
 *
 * @module
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Obj = { [k: string]: Json };

/** The keywords a scalar may carry on top of its type, passed through as an extra object. */
const EXTRA = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "pattern",
  "format",
  "minItems",
  "maxItems",
  "uniqueItems",
];

function extra(x: Obj, skip: string[] = []): string {
  const picked = Object.fromEntries(
    Object.entries(x).filter(([k]) => EXTRA.includes(k) && !skip.includes(k)),
  );
  return Object.keys(picked).length === 0 ? "" : JSON.stringify(picked);
}

/** The notation's functions (`lib/settings/_schema_notation.ts`). */
const NOTATION = new Set([
  "any",
  "anyOf",
  "bool",
  "choice",
  "exactly",
  "int",
  "list",
  "nul",
  "num",
  "object",
  "raw",
  "record",
  "str",
]);

const key = (k: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k);

/** One schema in the notation. */
export function dsl(x: Json): string {
  if (x === true || x === null) return "any()";
  if (typeof x !== "object" || Array.isArray(x)) return `raw(${JSON.stringify(x)})`;
  if (Object.keys(x).length === 0) return "any()";
  if (typeof x.$ref === "string") return x.$ref.replace("#/$defs/", "");
  if (Array.isArray(x.anyOf) || Array.isArray(x.oneOf)) {
    const branches = (x.anyOf ?? x.oneOf) as Json[];
    return `anyOf(${branches.map(dsl).join(", ")})`;
  }
  if ("const" in x) return `exactly(${JSON.stringify(x.const)})`;
  if (Array.isArray(x.enum)) return `choice(${x.enum.map((v) => JSON.stringify(v)).join(", ")})`;
  const t = x.type;
  if (Array.isArray(t)) {
    return `anyOf(${t.map((one) => dsl({ ...x, type: one })).join(", ")})`;
  }
  switch (t) {
    case "string":
      return `str(${extra(x)})`;
    case "boolean":
      return "bool()";
    case "integer":
      return `int(${extra(x)})`;
    case "number":
      return `num(${extra(x)})`;
    case "null":
      return "nul()";
    case "array": {
      const more = extra(x);
      return `list(${x.items === undefined ? "any()" : dsl(x.items)}${more ? `, ${more}` : ""})`;
    }
    case "object":
    case undefined: {
      const props = (x.properties ?? {}) as Obj;
      const names = Object.keys(props);
      const add = x.additionalProperties;
      if (names.length === 0) {
        if (add === false) return "object({})";
        return add === undefined || add === true ? "record(any())" : `record(${dsl(add)})`;
      }
      const fields = names.map((n) => `${key(n)}: ${dsl(props[n]!)}`).join(", ");
      const opts: string[] = [];
      if (add !== false) opts.push("open: true");
      if (Array.isArray(x.required) && x.required.length > 0) {
        opts.push(`required: ${JSON.stringify(x.required)}`);
      }
      return `object({ ${fields} }${opts.length ? `, { ${opts.join(", ")} }` : ""})`;
    }
    default:
      return `raw(${JSON.stringify(x)})`;
  }
}

/** The notation functions a text of the notation calls, sorted, for its import line. */
export function notationUsed(text: string): string[] {
  return [...new Set(text.match(/\b[a-z][A-Za-z]*(?=\()/g))].filter((n) => NOTATION.has(n)).sort();
}
