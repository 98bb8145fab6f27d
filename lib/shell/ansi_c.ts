/**
 * Bash's `$'...'` quoting: the escapes it decodes, so that `$'\x72m'` is seen as `rm`.
 * Written by hand: no library decodes exactly bash's set (`\cX`, `\E`, octal without `\0`).
 *
 * @module
 */

const SIMPLE: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

const isHex = (c: string | undefined) => c !== undefined && /[0-9a-fA-F]/.test(c);
const isOct = (c: string | undefined) => c !== undefined && c >= "0" && c <= "7";

/**
 * Decodes the body of a `$'...'` string (without the quotes), as bash does. A NUL (`\0`,
 * `\x00`, `\u0000`, `\c@`, `\400`) ends the string there, as it ends a C string in bash:
 * `$'rm\0 -rf'` is `rm`.
 *
 * @param body the text between `$'` and the closing `'`
 * @returns the decoded text
 */
export function decodeAnsiC(body: string): string {
  let text = "";
  // `\xHH` and octal escapes are bytes: a run of them is UTF-8 (`$'\xc3\xa9'` is `é`, as bash
  // writes it to the file system); a byte that starts no character is U+FFFD.
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length > 0) text += (utf8 ??= new TextDecoder()).decode(new Uint8Array(bytes));
    bytes = [];
  };
  const add = (s: string) => {
    flush();
    text += s;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\" || i + 1 >= body.length) {
      add(c);
      continue;
    }
    const n = body[++i]!;
    let code: number | undefined;
    let byte: number | undefined;
    if (Object.hasOwn(SIMPLE, n)) {
      add(SIMPLE[n]!);
    } else if (n === "x" || n === "u" || n === "U") {
      const max = n === "x" ? 2 : n === "u" ? 4 : 8;
      let hex = "";
      while (hex.length < max && isHex(body[i + 1])) hex += body[++i];
      if (hex === "") add("\\" + n);
      else if (n === "x") byte = parseInt(hex, 16);
      else code = Math.min(parseInt(hex, 16), 0x10ffff);
    } else if (isOct(n)) {
      let oct = n;
      while (oct.length < 3 && isOct(body[i + 1])) oct += body[++i];
      byte = parseInt(oct, 8) & 0xff;
    } else if (n === "c" && i + 1 < body.length) {
      // `\c\\` takes the escaped backslash whole; `\c?` is DEL, as in bash.
      const x = body[++i]!;
      if (x === "\\" && body[i + 1] === "\\") i++;
      code = x === "?" ? 0x7f : x.toUpperCase().charCodeAt(0) & 0x1f;
    } else {
      add("\\" + n);
    }
    if (code === 0 || byte === 0) {
      flush();
      return text;
    }
    if (byte !== undefined) bytes.push(byte);
    if (code !== undefined) add(String.fromCodePoint(code));
  }
  flush();
  return text;
}

let utf8: TextDecoder | undefined;
