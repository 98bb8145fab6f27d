/**
 * `WebFetch(domain:host)` specifiers: the host of the URL, case-insensitive; `domain:*.host`
 * matches the subdomains of host (not host itself). Pure.
 *
 * @module
 */

/** A parsed domain specifier. */
export interface DomainPattern {
  /** The host, normalised. */
  host: string;
  /** `*.host`: the subdomains of host, not host itself. */
  subdomains: boolean;
}

/**
 * True for a host the URL parser would only lower-case (given lower-cased): ASCII labels of
 * letters, digits and `-`, none `xn--` (punycode is checked), the last not a number (`1.2.3`,
 * `0x7f` are IPv4 addresses). Simple expressions: compiling one costs at start-up.
 */
function isPlainHost(host: string): boolean {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) return false;
  const labels = host.split(".");
  return !labels.some((l) => l.startsWith("xn--")) && !/^(\d*|0x[0-9a-f]*)$/.test(labels.at(-1)!);
}

/**
 * A host name lower-cased, IDN in punycode, a trailing dot taken off; undefined if invalid.
 *
 * @param host the host as written
 * @returns the host as URLs carry it
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalHost } from "./domain_pattern.ts";
 *
 * assert.equal(normalHost("Docs.Deno.COM."), "docs.deno.com");
 * assert.equal(normalHost("bücher.example"), "xn--bcher-kva.example");
 * assert.equal(normalHost("0x7f.1"), "127.0.0.1");
 * assert.equal(normalHost("a b"), undefined);
 * ```
 */
export function normalHost(host: string): string | undefined {
  // The URL parser's first use costs a quarter of a millisecond, a hook call's whole budget
  // for a rule: a plain host is only lower-cased (tests/permissions/domain_test.ts compares).
  const bare = (host.endsWith(".") ? host.slice(0, -1) : host).toLowerCase();
  if (isPlainHost(bare)) return bare;
  try {
    const h = new URL(`http://${host}/`).hostname;
    return h.endsWith(".") ? h.slice(0, -1) : h;
  } catch {
    return undefined;
  }
}

/**
 * Parses `domain:example.com` or `domain:*.example.com`.
 *
 * @param spec the text inside the parentheses
 * @returns the pattern, or an error message
 */
export function parseDomainSpecifier(spec: string): DomainPattern | { error: string } {
  if (!spec.startsWith("domain:")) return { error: 'expected "domain:HOST"' };
  let host = spec.slice("domain:".length).trim();
  const subdomains = host.startsWith("*.");
  if (subdomains) host = host.slice(2);
  const normal = host === "" || /[/*@\s]/.test(host) ? undefined : normalHost(host);
  if (normal === undefined) return { error: `invalid domain "${host}"` };
  return { host: normal, subdomains };
}

/**
 * The host of a URL as rules compare it, or undefined when the URL cannot be read.
 *
 * @param url the URL of the call
 * @returns the normalised host
 */
export function urlHost(url: string): string | undefined {
  try {
    const h = new URL(url).hostname;
    if (h === "") return undefined;
    return h.endsWith(".") ? h.slice(0, -1) : h;
  } catch {
    return undefined;
  }
}

/**
 * True when the pattern matches the host.
 *
 * @param pattern a parsed domain specifier
 * @param host a normalised host
 * @returns whether it matches
 */
export function domainMatches(pattern: DomainPattern, host: string): boolean {
  const matches = (h: string) =>
    pattern.subdomains ? h.endsWith("." + pattern.host) : h === pattern.host;
  return matches(host) || sameAddress(host).some(matches);
}

/**
 * The other names of an address a URL reaches (the red team's: `http://[::ffff:127.0.0.1]/`
 * reached a server on 127.0.0.1 past `WebFetch(domain:127.0.0.1)`): an IPv4-mapped IPv6
 * address (`[::ffff:7f00:1]`, as the URL parser writes it) is its IPv4 address; `0.0.0.0`,
 * `[::]` and `[::1]` reach the machine itself, as `127.0.0.1` does.
 *
 * @param host a normalised host
 * @returns its other names
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameAddress } from "./domain_pattern.ts";
 *
 * assert.deepEqual(sameAddress("[::ffff:a9fe:a9fe]"), ["169.254.169.254"]);
 * assert.deepEqual(sameAddress("0.0.0.0"), ["127.0.0.1"]);
 * assert.deepEqual(sameAddress("docs.example"), []);
 * ```
 */
export function sameAddress(host: string): string[] {
  const m = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (m !== null) {
    const [hi, lo] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
    return [[hi >> 8, hi & 255, lo >> 8, lo & 255].join(".")];
  }
  return host === "0.0.0.0" || host === "[::]" || host === "[::1]" ? ["127.0.0.1"] : [];
}
