/**
 * POSIX path functions with `node:path`'s results (`posix.join`, `normalize`, `resolve`, ...).
 * Written by hand because importing `node:path` costs about 20 ms at start-up (Deno's Node
 * layer), which `skald hook`, run on every tool call, cannot pay; JSR's `@std/path` is out of
 * reach. `tests/path_test.ts` holds every function against `node:path`.
 *
 * @module
 */

function normalizeSegments(segments: string[], absolute: boolean): string[] {
  const out: string[] = [];
  for (const s of segments) {
    if (s === "" || s === ".") continue;
    if (s === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
    } else out.push(s);
  }
  return out;
}

function normalize(path: string): string {
  if (path === "") return ".";
  const absolute = path.startsWith("/");
  const trailing = path.endsWith("/");
  let out = normalizeSegments(path.split("/"), absolute).join("/");
  if (out === "" && !absolute) out = ".";
  if (out !== "" && trailing && out !== ".") out += "/";
  else if (out === "." && trailing) out = "./";
  return absolute ? `/${out}` : out;
}

function join(...parts: string[]): string {
  const joined = parts.filter((p) => p !== "").join("/");
  return joined === "" ? "." : normalize(joined);
}

function resolve(...parts: string[]): string {
  let path = "";
  for (let i = parts.length - 1; i >= 0 && !path.startsWith("/"); i--) {
    if (parts[i] !== "") path = path === "" ? parts[i]! : `${parts[i]}/${path}`;
  }
  if (!path.startsWith("/")) path = path === "" ? Deno.cwd() : `${Deno.cwd()}/${path}`;
  return `/${normalizeSegments(path.split("/"), true).join("/")}`;
}

// dirname and basename follow Node's own algorithm, quirks included (`dirname("//a")` is "//").
function dirname(path: string): string {
  if (path.length === 0) return ".";
  const hasRoot = path.charCodeAt(0) === 47;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path.charCodeAt(i) === 47) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else matchedSlash = false;
  }
  if (end === -1) return hasRoot ? "/" : ".";
  if (hasRoot && end === 1) return "//";
  return path.slice(0, end);
}

function basename(path: string, suffix?: string): string {
  let start = 0;
  let end = -1;
  let matchedSlash = true;
  if (suffix !== undefined && suffix.length > 0 && suffix.length <= path.length) {
    if (suffix === path) return "";
    let extIdx = suffix.length - 1;
    let firstNonSlashEnd = -1;
    for (let i = path.length - 1; i >= 0; --i) {
      const code = path.charCodeAt(i);
      if (code === 47) {
        if (!matchedSlash) {
          start = i + 1;
          break;
        }
      } else {
        if (firstNonSlashEnd === -1) {
          matchedSlash = false;
          firstNonSlashEnd = i + 1;
        }
        if (extIdx >= 0) {
          if (code === suffix.charCodeAt(extIdx)) {
            if (--extIdx === -1) end = i;
          } else {
            extIdx = -1;
            end = firstNonSlashEnd;
          }
        }
      }
    }
    if (start === end) end = firstNonSlashEnd;
    else if (end === -1) end = path.length;
    return path.slice(start, end);
  }
  for (let i = path.length - 1; i >= 0; --i) {
    if (path.charCodeAt(i) === 47) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
    } else if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
  }
  return end === -1 ? "" : path.slice(start, end);
}

function extname(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf(".");
  return dot <= 0 || (dot === 1 && name === "..") ? "" : name.slice(dot);
}

function isAbsolute(path: string): boolean {
  return path.startsWith("/");
}

function relative(from: string, to: string): string {
  const a = resolve(from).split("/").filter((s) => s !== "");
  const b = resolve(to).split("/").filter((s) => s !== "");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/");
}

/** The POSIX path functions skald uses, named as in `node:path`. */
export const posix = {
  sep: "/",
  normalize,
  join,
  resolve,
  dirname,
  basename,
  extname,
  isAbsolute,
  relative,
} as const;
