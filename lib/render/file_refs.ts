/**
 * Step 3 of a render, the finding half: `@path` and `@"path with spaces"` at the start of a
 * line or after whitespace, in the text of the body and the inserted arguments, never in
 * command output. Pure: whether a path exists is a function the caller passes in.
 *
 * @module
 */

/** A piece of rendered text and where it came from. */
export interface SourcedPiece {
  text: string;
  /** Command output is never scanned. */
  fromOutput: boolean;
}

/** Punctuation that ends a sentence rather than a path. */
const PUNCTUATION = ".,;:!?)";

/**
 * Finds the file references of a rendered text.
 *
 * @param pieces the rendered text, piece by piece
 * @param exists whether a path (as written) names an existing file or directory
 * @returns the paths referred to, as written (quotes and sentence punctuation taken off), in
 *   order, each once
 */
export function findFileRefs(pieces: SourcedPiece[], exists: (path: string) => boolean): string[] {
  const text = pieces.map((p) => p.text).join("");
  // 1 where a character came from a command's output (a byte each: a body may be 8 MB).
  const output = new Uint8Array(text.length);
  let at = 0;
  for (const p of pieces) {
    if (p.fromOutput) output.fill(1, at, at + p.text.length);
    at += p.text.length;
  }
  const refs = new Set<string>();
  for (let i = text.indexOf("@"); i !== -1; i = text.indexOf("@", i + 1)) {
    if (output[i]) continue;
    if (i > 0 && !/\s/.test(text[i - 1]!)) continue;
    let end = i + 1;
    let path: string;
    if (text[end] === '"') {
      const close = text.indexOf('"', end + 1);
      if (close === -1 || text.slice(end + 1, close).includes("\n")) continue;
      if (output.slice(end, close + 1).some(Boolean)) continue;
      path = text.slice(end + 1, close);
    } else {
      while (end < text.length && !/\s/.test(text[end]!) && !output[end]) end++;
      path = text.slice(i + 1, end);
      while (path !== "" && !exists(path) && PUNCTUATION.includes(path.at(-1)!)) {
        path = path.slice(0, -1);
      }
    }
    if (path !== "") refs.add(path);
  }
  return [...refs];
}
