/**
 * A short notation for JSON Schema, in which `schema.ts` writes skald's changes to Claude
 * Code's settings schema: each function returns the JSON Schema object it names. Pure data.
 *
 * @module
 */

/** A JSON Schema (draft-07) object. */
export type Schema = { [keyword: string]: unknown };

/** Any value. */
export const any = (): Schema => ({});
/** A string, with more keywords (`minLength`, `pattern`, ...). */
export const str = (more: Schema = {}): Schema => ({ type: "string", ...more });
/** `true` or `false`. */
export const bool = (): Schema => ({ type: "boolean" });
/** An integer, with more keywords (`minimum`, ...). */
export const int = (more: Schema = {}): Schema => ({ type: "integer", ...more });
/** A number, with more keywords. */
export const num = (more: Schema = {}): Schema => ({ type: "number", ...more });
/** `null`. */
export const nul = (): Schema => ({ type: "null" });
/** One of these values. */
export const choice = (...values: unknown[]): Schema => ({ enum: values });
/** Exactly this value. */
export const exactly = (value: unknown): Schema => ({ const: value });
/** One of these schemas. */
export const anyOf = (...schemas: Schema[]): Schema => ({ anyOf: schemas });
/** A list of items, with more keywords (`minItems`, `uniqueItems`, ...). */
export const list = (items: Schema, more: Schema = {}): Schema => ({
  type: "array",
  items,
  ...more,
});
/** An object whose every value is of one schema. */
export const record = (values: Schema): Schema => ({
  type: "object",
  additionalProperties: values,
});
/** A schema written out as JSON Schema. */
export const raw = (schema: Schema): Schema => schema;

/**
 * An object of these keys; another key is an unknown key unless `open`.
 *
 * @param properties the keys and their schemas
 * @param options `open`: other keys are fine; `required`: keys it must have
 * @returns the schema
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { object, str } from "./_schema_notation.ts";
 *
 * assert.deepEqual(object({ a: str() }, { required: ["a"] }), {
 *   type: "object",
 *   properties: { a: { type: "string" } },
 *   additionalProperties: false,
 *   required: ["a"],
 * });
 * ```
 */
export function object(
  properties: Record<string, Schema>,
  options: { open?: boolean; required?: string[] } = {},
): Schema {
  const schema: Schema = { type: "object", properties, additionalProperties: !!options.open };
  if (options.required) schema.required = options.required;
  return schema;
}
