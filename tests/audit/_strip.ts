/**
 * A real transcript's line kept to its structure and tool calls, for the fixtures the freeze
 * scripts write: the keys `skald audit` and a reader need, `tool_use` blocks whole,
 * `tool_result` texts cut to their first line (300 characters at most); Claude Code's own texts
 * (prompts, system reminders, attachments' renderings, request bodies) left out.
 *
 * @module
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const KEPT = [
  "type",
  "operation",
  "uuid",
  "parentUuid",
  "isSidechain",
  "agentId",
  "sessionId",
  "cwd",
  "timestamp",
  "version",
  "isMeta",
  "toolDenialKind",
  "permissionDecision",
  "sourceToolAssistantUUID",
];

const firstLine = (t: string) => t.split("\n")[0]!.slice(0, 300);

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((x: Json) => x.type === "text" ? x.text : "").join("\n");
}

/** The keys a compact line leaves out too: the threading and the times, which audit never reads. */
const THREADING = new Set([
  "uuid",
  "parentUuid",
  "timestamp",
  "version",
  "sourceToolAssistantUUID",
]);

/**
 * A line kept to its structure and tool calls.
 *
 * @param line the line as Claude Code wrote it
 * @param compact leave out the threading and the times too
 * @returns the line to freeze
 */
export function stripLine(line: string, compact = false): string {
  const d = JSON.parse(line) as Json;
  const out: Json = {};
  for (const k of KEPT) if (k in d && !(compact && THREADING.has(k))) out[k] = d[k];
  if (isObject(d.attachment)) out.attachment = { type: d.attachment.type };
  if (isObject(d.message)) {
    const m = d.message;
    const content = m.content;
    if (typeof content === "string") out.message = { role: m.role, content: "(prompt)" };
    else if (Array.isArray(content)) {
      out.message = {
        role: m.role,
        content: content.map((b: Json) => {
          if (b.type === "tool_use") {
            return { type: b.type, id: b.id, name: b.name, input: b.input };
          }
          if (b.type !== "tool_result") return { type: b.type };
          const r: Json = {
            type: b.type,
            tool_use_id: b.tool_use_id,
            content: firstLine(resultText(b.content)),
          };
          if ("is_error" in b) r.is_error = b.is_error;
          return r;
        }),
      };
    }
  }
  return JSON.stringify(out);
}
