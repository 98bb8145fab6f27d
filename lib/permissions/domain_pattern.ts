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

/** A host name lower-cased, IDN in punycode, a trailing dot taken off; undefined if invalid. */
export function normalHost(host: string): string | undefined {
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
  return pattern.subdomains ? host.endsWith("." + pattern.host) : host === pattern.host;
}
