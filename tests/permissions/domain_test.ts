/**
 * `WebFetch(domain:...)` hosts: `normalHost` skips the URL parser for a plain host; it must give
 * what the URL parser gives (permission-rule spec: the host "case-insensitive", as URLs carry
 * it), for every host.
 */

import assert from "node:assert/strict";
import { normalHost, parseDomainSpecifier } from "../../lib/permissions/domain_pattern.ts";

/** The URL parser's answer, as `normalHost` gave it before its shortcut. */
function byUrl(host: string): string | undefined {
  try {
    const h = new URL(`http://${host}/`).hostname;
    return h.endsWith(".") ? h.slice(0, -1) : h;
  } catch {
    return undefined;
  }
}

const HOSTS = [
  "docs.deno.com",
  "Docs.Deno.COM",
  "docs.deno.com.",
  "a..b",
  "a.",
  "a..",
  ".a",
  "-a.example",
  "a-.example",
  "1.2.3.4",
  "1.2.3",
  "127.1",
  "0x7f.1",
  "a.0x",
  "a.0x1f",
  "a.0xg",
  "a.08",
  "a.1e",
  "a.b1",
  "12345",
  "xn--bcher-kva.example",
  "XN--bcher-kva.example",
  "xn--a.example",
  "a.xn--",
  "bücher.example",
  "a_b.example",
  "a%41.example",
  "a b",
  "[::1]",
  "x".repeat(64) + ".example",
  "a.b.c.d.e.f.g.h",
];

Deno.test("domain: a host is what the URL parser makes of it, shortcut or not", () => {
  for (const host of HOSTS) {
    assert.deepEqual({ host, normal: normalHost(host) }, { host, normal: byUrl(host) });
  }
});

Deno.test("domain: random hosts of letters, digits, dots, dashes and x", () => {
  // A seeded generator: the same hosts on every run.
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = "aAbxX0189.-_";
  let shortcut = 0;
  for (let i = 0; i < 5000; i++) {
    const length = 1 + Math.floor(next() * 12);
    let host = "";
    for (let j = 0; j < length; j++) host += alphabet[Math.floor(next() * alphabet.length)];
    if (next() < 0.2) host = `xn--${host}`;
    const normal = normalHost(host);
    assert.deepEqual({ host, normal }, { host, normal: byUrl(host) });
    if (normal !== undefined && normal === host.toLowerCase().replace(/\.$/, "")) shortcut++;
  }
  assert.ok(shortcut > 500, `only ${shortcut} hosts were plain`);
});

Deno.test("domain: the specifier's host is normalised the same way (domain:*.Host.)", () => {
  assert.deepEqual(parseDomainSpecifier("domain:*.Evil.Example."), {
    host: "evil.example",
    subdomains: true,
  });
  assert.deepEqual(parseDomainSpecifier("domain:bücher.example"), {
    host: "xn--bcher-kva.example",
    subdomains: false,
  });
});
