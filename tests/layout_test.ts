/**
 * The layout docs/architecture.md's "Where things are" describes, held by the module graph Deno itself
 * reads (`deno info --json`): no import cycle among the library's modules, and each folder
 * imports only from the folders below it (shell <- permissions <- settings, skills <- render <-
 * cli, hook beside cli; the file-system edge implements the core's interfaces).
 */

import assert from "node:assert/strict";
import { moduleGraph } from "../scripts/bundle_hook.ts";

const LIB = new URL("../lib/", import.meta.url).href;

/** A module's folder under `lib/` (`permissions` for `lib/permissions/reading/x.ts`). */
const folder = (specifier: string) => specifier.slice(LIB.length).split("/")[0]!;

/**
 * What each folder may import, besides itself: values (and types) from `uses`, types only from
 * `implements` (an edge that implements an interface the core defines).
 */
const LAYERS: Readonly<Record<string, { uses: string[]; implements?: string[] }>> = {
  "path.ts": { uses: [] },
  _generated: { uses: [] },
  glob: { uses: [] },
  deps: { uses: [] },
  programs: { uses: ["path.ts", "glob"] },
  shell: { uses: ["path.ts", "glob", "programs"] },
  permissions: { uses: ["path.ts", "glob", "shell", "programs"] },
  settings: {
    uses: ["path.ts", "_generated", "deps", "permissions", "fs"],
    implements: ["skills"],
  },
  skills: { uses: ["path.ts", "_generated", "glob", "deps", "permissions"] },
  tools: { uses: ["path.ts"] },
  exec: { uses: [] },
  fs: { uses: ["path.ts", "glob", "tools"], implements: ["skills", "render", "permissions"] },
  render: { uses: ["path.ts", "shell", "permissions", "skills", "tools", "exec"] },
  hook: { uses: ["path.ts", "permissions", "settings", "fs"] },
  audit: { uses: ["path.ts", "permissions", "settings"] },
  "project.ts": {
    uses: [
      "path.ts",
      "deps",
      "fs",
      "exec",
      "permissions",
      "settings",
      "skills",
      "render",
    ],
  },
  cli: {
    uses: [
      "project.ts",
      "path.ts",
      "_generated",
      "deps",
      "glob",
      "shell",
      "permissions",
      "settings",
      "skills",
      "tools",
      "fs",
      "exec",
      "render",
      "hook",
      "audit",
    ],
  },
};

/** Every local module of the library's entries, with its imports (`type`: type-only). */
async function graph(): Promise<Map<string, { to: string; type: boolean }[]>> {
  const seen = new Map<string, { to: string; type: boolean }[]>();
  for (const entry of ["mod.ts", "main.ts", "lib/cli/app.ts", "lib/cli/hook.ts"]) {
    for (const m of await moduleGraph(entry) as unknown as Module[]) {
      if (!m.specifier.startsWith(LIB) || seen.has(m.specifier)) continue;
      const deps = (m.dependencies ?? []).flatMap((d) => {
        const to = d.code?.specifier ?? d.type?.specifier;
        return to?.startsWith(LIB) ? [{ to, type: d.code === undefined }] : [];
      });
      seen.set(m.specifier, deps);
    }
  }
  return seen;
}

/** A module as `deno info --json` lists it, with where each import resolved to. */
interface Module {
  specifier: string;
  dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
}

Deno.test("layout: no import cycle among the library's modules", async () => {
  const g = await graph();
  assert.ok(g.size > 100, `${g.size} modules`);
  const state = new Map<string, "open" | "done">();
  const cycles: string[] = [];
  const visit = (m: string, path: string[]) => {
    if (state.get(m) === "done") return;
    if (state.get(m) === "open") {
      cycles.push([...path.slice(path.indexOf(m)), m].map((s) => s.slice(LIB.length)).join(" -> "));
      return;
    }
    state.set(m, "open");
    for (const d of g.get(m) ?? []) visit(d.to, [...path, m]);
    state.set(m, "done");
  };
  for (const m of g.keys()) visit(m, []);
  assert.deepEqual(cycles, []);
});

Deno.test("layout: each folder imports only from the folders below it", async () => {
  const wrong: string[] = [];
  for (const [m, deps] of await graph()) {
    const from = folder(m);
    const layer = LAYERS[from];
    if (layer === undefined) {
      wrong.push(`${m.slice(LIB.length)}: lib/${from} is in no layer (add it to LAYERS)`);
      continue;
    }
    for (const d of deps) {
      const to = folder(d.to);
      if (to === from || layer.uses.includes(to)) continue;
      if (d.type && layer.implements?.includes(to)) continue;
      wrong.push(`${m.slice(LIB.length)} imports ${d.to.slice(LIB.length)}`);
    }
  }
  assert.deepEqual(wrong, []);
});
