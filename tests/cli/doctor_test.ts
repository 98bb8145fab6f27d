/**
 * `skald doctor` (issue 14, point 4), run as a subprocess on scratch projects: a hook in place
 * (it is really run), a hook whose command is not found, one without the blocking fallback, one
 * in a file Claude Code ignores whole, one registered by an installed and enabled plugin, none.
 */

import assert from "node:assert/strict";
import { HOOK_EVENTS, hookCommand } from "../../lib/settings/hook_registration.ts";
import { EMPTY_HOME, FLAGS, flagsFor, REPO, skald } from "./_run.ts";
import { stopAndRemove } from "../_resident_dirs.ts";
import { V8_FLAGS } from "../../lib/cli/permission_flags.ts";
import { SOCKET } from "../../lib/hook/resident_client.ts";

/**
 * skald as a registration line runs it, with skald's V8 flags (a sample call under other flags
 * would compile the hook's bundle again and replace its code cache).
 */
const SKALD = [Deno.execPath(), "run", "--quiet", ...FLAGS, V8_FLAGS, `${REPO}/main.ts`].join(" ");

/** skald's hook on every event it answers (`onFailure` as given: none by default). */
function registration(
  command: string,
  extra: Record<string, unknown> = { permissions: { deny: ["Bash(rm:*)"] } },
  options: { onFailure?: string; events?: readonly string[] } = {},
) {
  const hook = {
    type: "command",
    command,
    ...options.onFailure ? { onFailure: options.onFailure } : {},
  };
  const entry = [{ matcher: "*", hooks: [hook] }];
  const events = options.events ?? HOOK_EVENTS;
  return JSON.stringify({ ...extra, hooks: Object.fromEntries(events.map((e) => [e, entry])) });
}

async function scratch(settings: string | undefined, files: Record<string, string> = {}) {
  const root = await Deno.makeTempDir({ prefix: "skald-doctor-" });
  await Deno.mkdir(`${root}/.claude`);
  if (settings !== undefined) await Deno.writeTextFile(`${root}/.claude/settings.json`, settings);
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(`${root}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${root}/${path}`, text);
  }
  return root;
}

/**
 * The home of doctor's sample hook runs: a hook registered with `--resident` would start its
 * resident decider in `~/.cache/skald` (doctor's sample calls start none), here a temporary home
 * (any decider stopped and the home removed at the end), never the fixture's.
 */
const RUN_HOME = Deno.makeTempDirSync({ prefix: "skald-doctor-home-" });
globalThis.addEventListener("unload", () => stopAndRemove(RUN_HOME));

/** skald as the README's line runs it for doctor's home: its socket granted, skald's V8 flags. */
const SKALD_LINE = [
  Deno.execPath(),
  "run",
  "--quiet",
  ...flagsFor(RUN_HOME),
  V8_FLAGS,
  `${REPO}/main.ts`,
]
  .join(" ");

/** A resident directory open to others, which no call uses (removed at the end). */
const OPEN_RESIDENT = Deno.makeTempDirSync({ prefix: "skald-open-resident-" });
Deno.chmodSync(OPEN_RESIDENT, 0o755);
globalThis.addEventListener("unload", () => Deno.removeSync(OPEN_RESIDENT, { recursive: true }));

const doctor = (root: string, home = EMPTY_HOME) =>
  skald(["doctor", "--json", "--root", root, "--home", home], { env: { HOME: RUN_HOME } });

const CASES: {
  name: string;
  settings?: (root: string) => string;
  code: number;
  expect: (
    out: {
      ok: boolean;
      hooks: {
        runs: boolean;
        blocksOnFailure: boolean;
        resident: boolean;
        residentProblem?: string;
        v8Problem?: string;
        fileIgnored?: string;
        hooksOff?: string;
      }[];
      missing: string[];
    },
  ) => void;
}[] = [
  {
    name: "a registration that runs and blocks on failure: in place",
    settings: () => registration(hookCommand(SKALD), { permissions: { deny: ["Bash(rm:*)"] } }),
    code: 0,
    expect: (o) => {
      assert.equal(o.hooks.length, 3);
      assert.ok(o.hooks.every((h) => h.runs && h.blocksOnFailure && h.resident));
    },
  },
  {
    name: 'onFailure "block" alone blocks a failing start (Claude Code 2.1.332): in place',
    settings: () => registration(`${SKALD} hook`, undefined, { onFailure: "block" }),
    code: 0,
    expect: (o) => assert.ok(o.hooks.every((h) => h.runs && h.blocksOnFailure)),
  },
  {
    name: "without PreSkillShellCommand: a skill's !`cmd` is not checked, NOT in place",
    settings: () =>
      registration(hookCommand(SKALD), undefined, { events: ["PreToolUse", "PermissionRequest"] }),
    code: 1,
    expect: (o) => assert.deepEqual(o.missing, ["PreSkillShellCommand"]),
  },
  {
    name: "no deny or ask rule: the hook protects nothing, NOT in place (issue 24)",
    settings: () => registration(hookCommand(SKALD), {}),
    code: 1,
    expect: (o) => {
      assert.ok(o.hooks.every((h) => h.runs && h.blocksOnFailure));
      assert.deepEqual([o.missing, (o as { protects?: boolean }).protects], [[], false]);
    },
  },
  {
    name: "disableAllHooks: Claude Code runs no hook of the file, NOT in place",
    settings: () =>
      registration(hookCommand(SKALD), {
        disableAllHooks: true,
        permissions: { deny: ["Bash(rm:*)"] },
      }),
    code: 1,
    expect: (o) => {
      assert.ok(o.hooks.every((h) => /disableAllHooks is true/.test(h.hooksOff!)));
      assert.deepEqual(o.missing, [...HOOK_EVENTS]);
    },
  },
  {
    name: "a registration without --resident: in place, every call decided in its own process",
    settings: () =>
      registration(`${SKALD} hook || { echo 'skald hook could not run' >&2; exit 2; }`),
    code: 0,
    expect: (o) => assert.ok(o.hooks.every((h) => h.runs && h.blocksOnFailure && !h.resident)),
  },
  {
    name: "a resident directory open to others: in place, the decider never asked, and said so",
    settings: () =>
      registration(
        `${SKALD} hook --resident=${OPEN_RESIDENT} || { echo 'skald hook could not run' >&2; exit 2; }`,
      ),
    code: 0,
    expect: (o) =>
      assert.ok(
        o.hooks.every((h) => h.runs && h.resident && /open to the group/.test(h.residentProblem!)),
        JSON.stringify(o.hooks),
      ),
  },
  {
    name:
      "a line of an older skald (its flags grant no socket): in place, the decider never asked, and said so",
    settings: () =>
      registration(
        hookCommand(SKALD.replace(/--allow-net=\S+/, "--allow-net=127.0.0.1")),
      ),
    code: 0,
    expect: (o) =>
      assert.ok(
        o.hooks.every((h) =>
          h.runs && h.resident && /do not grant the socket/.test(h.residentProblem!)
        ),
        JSON.stringify(o.hooks),
      ),
  },
  {
    name: "skald's own line: its socket granted, skald's V8 flags: nothing to say",
    settings: () => registration(hookCommand(SKALD_LINE)),
    code: 0,
    expect: (o) =>
      assert.ok(
        o.hooks.every((h) => h.runs && h.resident && !h.residentProblem && !h.v8Problem),
        JSON.stringify(o.hooks),
      ),
  },
  {
    name:
      "a line without skald's V8 flags: in place, and said so (it costs its calls the code cache)",
    settings: () => registration(hookCommand(SKALD_LINE.replace(` ${V8_FLAGS}`, ""))),
    code: 0,
    expect: (o) =>
      assert.ok(o.hooks.every((h) => /no V8 flags/.test(h.v8Problem!)), JSON.stringify(o.hooks)),
  },
  {
    name: "a command that is not found: it would not run",
    settings: () => registration("/nonexistent/skald hook"),
    code: 1,
    expect: (o) => assert.ok(o.hooks.every((h) => !h.runs)),
  },
  {
    name: "no fallback: a failing start would let the call through",
    settings: () => registration(`${SKALD} hook`),
    code: 1,
    expect: (o) => {
      assert.ok(o.hooks.every((h) => h.runs && !h.blocksOnFailure));
      assert.deepEqual(o.missing, [...HOOK_EVENTS]);
    },
  },
  {
    name: "a file Claude Code ignores whole (model: 5) registers nothing",
    settings: () => registration(hookCommand(SKALD), { model: 5 }),
    code: 1,
    expect: (o) => assert.ok(o.hooks.every((h) => h.fileIgnored?.includes("whole file"))),
  },
  {
    name: "none registered",
    code: 1,
    expect: (o) => assert.deepEqual([o.hooks, o.missing], [[], [...HOOK_EVENTS]]),
  },
];

for (const c of CASES) {
  Deno.test(`doctor: ${c.name}`, async () => {
    const root = await scratch(c.settings?.(""));
    try {
      const r = await doctor(root);
      assert.equal(r.code, c.code, r.stdout + r.stderr);
      c.expect(JSON.parse(r.stdout));
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  });
}

Deno.test("doctor: a skald hook of an installed and enabled plugin counts", async () => {
  const home = await Deno.makeTempDir({ prefix: "skald-doctor-home-" });
  const root = await scratch(
    JSON.stringify({
      enabledPlugins: { "skald@skald": true },
      permissions: { deny: ["Bash(rm:*)"] },
    }),
  );
  try {
    const plugin = `${home}/.claude/plugins/cache/skald`;
    await Deno.mkdir(`${plugin}/.claude-plugin`, { recursive: true });
    await Deno.mkdir(`${plugin}/hooks`);
    await Deno.writeTextFile(
      `${plugin}/.claude-plugin/plugin.json`,
      JSON.stringify({ name: "skald" }),
    );
    // The repository's own hooks.json, its command run with CLAUDE_PLUGIN_ROOT at a copy of it.
    await Deno.writeTextFile(
      `${plugin}/hooks/hooks.json`,
      Deno.readTextFileSync(`${REPO}/hooks/hooks.json`).replaceAll("${CLAUDE_PLUGIN_ROOT}", REPO),
    );
    await Deno.writeTextFile(
      `${home}/.claude/plugins/installed_plugins.json`,
      JSON.stringify({
        version: 2,
        plugins: { "skald@skald": [{ scope: "user", installPath: plugin }] },
      }),
    );
    const r = await doctor(root, home);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(
      out.hooks.map((h: { where: string; runs: boolean }) => [h.where.split(" (")[0], h.runs]),
      HOOK_EVENTS.map(() => ["plugin skald", true]),
    );
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("doctor: says when a registration decides every call in its own process (no --resident)", async () => {
  const root = await scratch(
    registration(`${SKALD} hook || { echo 'skald hook could not run' >&2; exit 2; }`),
  );
  try {
    const got = await skald(["doctor", "--root", root, "--home", EMPTY_HOME], {
      env: { HOME: RUN_HOME },
    });
    assert.equal(got.code, 0, got.stdout);
    assert.match(got.stdout, /every call is decided in its own process: add --resident/);
    assert.match(got.stdout, /protection is in place/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("doctor: starts no resident decider (it would be left running)", async () => {
  // skald's own line, its socket granted: a call of it that finds no decider starts one; doctor's
  // sample calls start none.
  const root = await scratch(registration(hookCommand(SKALD_LINE)));
  try {
    const got = await doctor(root);
    assert.equal(got.code, 0, got.stdout);
    await new Promise((done) => setTimeout(done, 500)); // a launch would have made the socket
    const socket = `${RUN_HOME}/.cache/skald/${SOCKET}`;
    assert.equal(await Deno.lstat(socket).catch(() => undefined), undefined, "no decider's socket");
    const ps = await new Deno.Command("ps", { args: ["-A", "-ww", "-o", "args="] }).output();
    assert.doesNotMatch(new TextDecoder().decode(ps.stdout), new RegExp(`${RUN_HOME}.*--serve`));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
