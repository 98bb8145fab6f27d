/**
 * Writes `lib/_generated/claude_settings_keys.ts`, skald's table of Claude Code's settings keys
 * (keys, types, enums, nesting; no descriptions), from what the Claude Code binary itself
 * accepts: the settings schema its own code builds. The native build is a Bun standalone
 * executable; its embedded modules are read out (`_bun_graph.ts`) into a temporary folder, the
 * module that builds the schema is imported, and its schema objects are walked into JSON
 * Schema.
 *
 * Run (the oracle's `install.sh` puts the binary where this looks first):
 *
 *   deno run -A scripts/claude_settings_schema.ts [CLAUDE_BINARY] && deno fmt
 *
 * It imports Claude Code's own code into this process (`-A`): a development step only, never
 * run by skald, its tests or CI. Written against 2.1.332: the markers below are that build's;
 * a build that no longer has them stops the script with a message, never a wrong table.
 *
 * @module
 */

import { bunModules } from "./_bun_graph.ts";
/** A JSON value. */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** A JSON object. */
type Obj = { [k: string]: Json };

const DEFAULT_BINARY = `${
  Deno.env.get("HOME")
}/.cache/claude-oracle/node_modules/@anthropic-ai/claude-code-linux-x64/claude`;
/** Text only the module that builds the settings schema has (the `defaultMode` description). */
const SCHEMA_MARKER = "'manual' is accepted as an alias for 'default'";
/** The lazily built whole schema: `NAME=lazy(()=>shape().whole())`. */
const WHOLE = /[,\s]([\w$]+)=[\w$]+\(\(\)=>[\w$]+\(\)\.whole\(\)\)/;

/** A node of Claude Code's schema library (zod-like); only what the walk reads. */
interface Node {
  type?: string;
  unwrap?: () => Node;
  innerType?: Node;
  in?: Node;
  out?: Node;
  options?: Node[] | string[];
  values?: Iterable<Json>;
  element?: Node;
  keyType?: Node;
  valueType?: Node;
  given?: Record<string, Node>;
  checks?: { rule?: Check }[];
}

/** A value check of the schema library, as data (`{kind: "above", bound: 0, ...}`). */
interface Check {
  kind?: string;
  bound?: number;
  inclusive?: boolean;
  minimum?: number | null;
  maximum?: number | null;
}

/** The checks JSON Schema can say (bounds, lengths, whole numbers); the rest are code. */
function limits(n: Node): Obj {
  const out: Obj = {};
  const array = kind(n) === "array";
  for (const { rule } of n.checks ?? []) {
    switch (rule?.kind) {
      case "integer":
        out.type = "integer";
        break;
      case "above":
        if (Number.isFinite(rule.bound)) {
          out[rule.inclusive ? "minimum" : "exclusiveMinimum"] = rule.bound!;
        }
        break;
      case "below":
        if (Number.isFinite(rule.bound)) {
          out[rule.inclusive ? "maximum" : "exclusiveMaximum"] = rule.bound!;
        }
        break;
      case "length":
        if (Number.isFinite(rule.minimum) && rule.minimum! > 0) {
          out[array ? "minItems" : "minLength"] = rule.minimum!;
        }
        if (Number.isFinite(rule.maximum)) out[array ? "maxItems" : "maxLength"] = rule.maximum!;
        break;
    }
  }
  return out;
}

const kind = (n: Node) => n.type ?? (typeof n.unwrap === "function" ? "lazy" : "?");

/** Whether an object may leave the key out. */
function optional(n: Node): boolean {
  switch (kind(n)) {
    case "optional":
    case "catch":
    case "undefined":
    case "unknown":
    case "transform":
      return true;
    case "lazy":
      return optional(n.unwrap!());
    case "pipe":
      return optional(n.in!);
    case "union":
      return (n.options as Node[]).some(optional);
    default:
      return false;
  }
}

/** A node as JSON Schema (keys, types, enums, nesting); every object closed. */
export function toJsonSchema(n: Node, top = false, open = new Set<Node>()): Obj {
  if (open.has(n)) return {}; // a recursive schema: its inner repeat is any value
  open.add(n);
  try {
    switch (kind(n)) {
      case "lazy":
        return toJsonSchema(n.unwrap!(), top, open);
      case "optional":
      case "catch": // Claude Code falls back on a bad value; lint still names it
        return toJsonSchema(n.innerType!, false, open);
      case "nullable":
        return { anyOf: [toJsonSchema(n.innerType!, false, open), { type: "null" }] };
      case "pipe": // a preprocessed value: what comes out of the step is what is accepted
        return kind(n.in!) === "transform"
          ? toJsonSchema(n.out!, false, open)
          : toJsonSchema(n.in!, false, open);
      case "transform":
      case "unknown":
        return {};
      case "string":
      case "number":
      case "boolean":
        return { type: kind(n), ...limits(n) };
      case "literal": {
        const values = [...n.values!];
        return values.length === 1 ? { const: values[0]! } : { enum: values };
      }
      case "enum":
        return { enum: [...(n.options as string[])] };
      case "union": { // an `undefined` branch only makes the key optional
        const branches = (n.options as Node[]).filter((o) => kind(o) !== "undefined");
        return branches.length === 1
          ? toJsonSchema(branches[0]!, false, open)
          : { anyOf: branches.map((o) => toJsonSchema(o, false, open)) };
      }
      case "array":
        return { type: "array", items: toJsonSchema(n.element!, false, open), ...limits(n) };
      case "record": {
        const out: Obj = {
          type: "object",
          additionalProperties: toJsonSchema(n.valueType!, false, open),
        };
        if (kind(n.keyType!) === "enum") {
          out.propertyNames = { enum: [...(n.keyType!.options as string[])] };
        }
        return out;
      }
      case "object": {
        const properties: Obj = {};
        const required: string[] = [];
        for (const [k, v] of Object.entries(n.given!)) {
          properties[k] = toJsonSchema(v, false, open);
          if (!top && !optional(v)) required.push(k);
        }
        const out: Obj = { type: "object", properties, additionalProperties: false };
        if (required.length > 0) out.required = required;
        return out;
      }
      default:
        throw new Error(`Unknown schema node "${kind(n)}": the walk needs a new case`);
    }
  } finally {
    open.delete(n);
  }
}

/** The hooks record (event -> matchers) as one property per event, with named definitions. */
function namedHooks(schema: Obj): { defs: Obj; properties: Obj } {
  const props = schema.properties as Obj;
  const hooks = props.hooks as Obj;
  const matcher = (hooks.additionalProperties as Obj).items as Obj;
  const command = ((matcher.properties as Obj).hooks as Obj).items as Obj;
  const events = ((hooks.propertyNames as Obj).enum as string[]).slice().sort();
  const hookMatcher: Obj = {
    ...matcher,
    properties: {
      ...(matcher.properties as Obj),
      hooks: { type: "array", items: ref("hookCommand") },
    },
  };
  const properties: Obj = {
    ...props,
    hooks: {
      type: "object",
      properties: Object.fromEntries(
        events.map((e) => [e, { type: "array", items: ref("hookMatcher") }]),
      ),
      additionalProperties: false,
    },
  };
  return { defs: { hookCommand: command, hookMatcher }, properties };
}

const ref = (name: string): Obj => ({ $ref: `#/$defs/${name}` });

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return new Uint8Array(digest).toHex();
}

/** Reads the binary's modules into a folder Deno can import them from. */
async function unpack(bytes: Uint8Array, dir: string): Promise<{ schemaModule: string }> {
  const decoder = new TextDecoder();
  let schemaModule = "";
  for (const m of bunModules(bytes)) {
    if (!m.name.endsWith(".js")) continue;
    const text = decoder.decode(m.contents)
      .replaceAll('"/$bunfs/root/', '"./')
      .replaceAll("import.meta.require", "globalThis.__claudeRequire");
    const base = m.name.slice("/$bunfs/root/".length);
    if (base.includes("/")) {
      await Deno.mkdir(`${dir}/${base.replace(/\/[^/]*$/, "")}`, { recursive: true });
    }
    await Deno.writeTextFile(`${dir}/${base}`, text);
    if (text.includes(SCHEMA_MARKER)) schemaModule = `${dir}/${base}`;
  }
  if (schemaModule === "") {
    throw new Error("No module builds the settings schema (marker not found)");
  }
  return { schemaModule };
}

if (import.meta.main) {
  const binary = Deno.args[0] ?? DEFAULT_BINARY;
  const bytes = await Deno.readFile(binary);
  const dir = await Deno.makeTempDir({ prefix: "claude-modules-" });
  try {
    const { schemaModule } = await unpack(bytes, dir);
    const source = await Deno.readTextFile(schemaModule);
    const version = source.match(/VERSION:"([^"]+)"/)?.[1] ??
      (await Deno.readTextFile(`${dir}/${[...Deno.readDirSync(dir)][0]!.name}`)).match(
        /Version: (\S+)/,
      )?.[1];
    const whole = source.match(WHOLE)?.[1];
    if (whole === undefined || version === undefined) {
      throw new Error("The settings schema's builder or the version was not found");
    }
    const { createRequire } = await import("node:module");
    (globalThis as Record<string, unknown>).__claudeRequire = createRequire(schemaModule);
    const module = await import(`file://${schemaModule}`);
    const schema = toJsonSchema((module[whole] as () => Node)(), true);
    const { defs, properties } = namedHooks(schema);
    const lines = [
      "// @generated by scripts/claude_settings_schema.ts: do not edit.",
      "// deno-fmt-ignore-file",
      "// deno-lint-ignore-file",
      "/**",
      ` * Claude Code ${version}'s settings keys, their types, enums, bounds and nesting (JSON`,
      " * Schema), read out of the settings schema its own code builds (the native linux-x64",
      ` * binary, sha256 ${await sha256(bytes)}). Descriptions and the`,
      " * checks that are code left out; skald's changes are made in `lib/settings/schema.ts`.",
      " *",
      " * @module",
      " */",
      "",
      "/** A JSON Schema object. */",
      "type Schema = { [keyword: string]: unknown };",
      "",
      "/** The Claude Code version this table was read from. */",
      `export const CLAUDE_CODE_VERSION = ${JSON.stringify(version)};`,
      "",
    ];
    for (const [name, def] of Object.entries(defs)) {
      lines.push(
        `/** \`$defs/${name}\`. */`,
        `export const ${name}: Schema = ${JSON.stringify(def)};`,
        "",
      );
    }
    lines.push(
      "/** Every top-level key. */",
      "export const CLAUDE_SETTINGS_KEYS: Record<string, Schema> = {",
    );
    for (const [name, value] of Object.entries(properties)) {
      lines.push(`  ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
    }
    lines.push("};", "");
    await Deno.writeTextFile(
      new URL("../lib/_generated/claude_settings_keys.ts", import.meta.url),
      lines.join("\n"),
    );
    console.log(`Claude Code ${version}: ${Object.keys(properties).length} top-level keys`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
