/**
 * The JavaScript modules a Bun standalone executable carries (Claude Code's native build is
 * one): its ELF `.bun` section holds a module graph, each module a name (`/$bunfs/root/...`)
 * and its source text. Written by hand: no published library reads this format. Used only by
 * the schema generator (`claude_settings_schema.ts`), never by skald itself.
 *
 * Layout (Bun 1.2/1.3, `StandaloneModuleGraph`): the section starts with the graph's byte count
 * (u64); the graph ends with a 32-byte `Offsets` record and the trailer `\n---- Bun! ----\n`.
 * `Offsets.modules` points at an array of 52-byte records, each starting with two string
 * pointers (u32 offset, u32 length) into the graph: the module's name and its contents.
 *
 * @module
 */

const TRAILER = new TextEncoder().encode("\n---- Bun! ----\n");
const RECORD = 52;

/** One embedded module. */
export interface BunModule {
  /** Its path inside the executable, `/$bunfs/root/chunk-xxxx.js`. */
  name: string;
  /** Its source text. */
  contents: Uint8Array;
}

/** The file offset and size of the ELF section named `name`. */
function elfSection(bytes: Uint8Array, name: string): { offset: number; size: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) !== 0x7f454c46) throw new Error("Not an ELF executable");
  const shoff = Number(view.getBigUint64(0x28, true));
  const shentsize = view.getUint16(0x3a, true);
  const shnum = view.getUint16(0x3c, true);
  const shstrndx = view.getUint16(0x3e, true);
  const header = (i: number) => shoff + i * shentsize;
  const strtab = Number(view.getBigUint64(header(shstrndx) + 0x18, true));
  const decoder = new TextDecoder();
  for (let i = 0; i < shnum; i++) {
    const at = strtab + view.getUint32(header(i), true);
    const end = bytes.indexOf(0, at);
    if (decoder.decode(bytes.subarray(at, end)) !== name) continue;
    return {
      offset: Number(view.getBigUint64(header(i) + 0x18, true)),
      size: Number(view.getBigUint64(header(i) + 0x20, true)),
    };
  }
  throw new Error(`No ${name} section: not a Bun standalone executable`);
}

/**
 * Every module embedded in a Bun standalone executable.
 *
 * @param bytes the executable's bytes
 * @returns its modules, in the graph's order
 */
export function bunModules(bytes: Uint8Array): BunModule[] {
  const section = elfSection(bytes, ".bun");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = Number(view.getBigUint64(section.offset, true));
  const graph = bytes.subarray(section.offset + 8, section.offset + 8 + size);
  const tail = graph.length - TRAILER.length;
  if (!TRAILER.every((b, i) => graph[tail + i] === b)) throw new Error("No Bun trailer");
  const g = new DataView(graph.buffer, graph.byteOffset, graph.byteLength);
  const offsets = tail - 32;
  const listAt = g.getUint32(offsets + 8, true);
  const listLength = g.getUint32(offsets + 12, true);
  if (listLength % RECORD !== 0) throw new Error("Unknown Bun module record size");
  const decoder = new TextDecoder();
  const out: BunModule[] = [];
  for (let at = listAt; at < listAt + listLength; at += RECORD) {
    const slice = (p: number) =>
      graph.subarray(g.getUint32(p, true), g.getUint32(p, true) + g.getUint32(p + 4, true));
    const name = decoder.decode(slice(at));
    if (!name.startsWith("/$bunfs/")) throw new Error(`Unexpected module name "${name}"`);
    out.push({ name, contents: slice(at + 8) });
  }
  return out;
}
