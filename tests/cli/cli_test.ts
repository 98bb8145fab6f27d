/**
 * The CLI as a user runs it: `main.ts` in a subprocess under its declared permission flags,
 * on `examples/` and fixtures; output compared with golden files; exit codes checked.
 */

import assert from "node:assert/strict";
import { EMPTY_HOME, ENV, golden, REPO, run, skald } from "./_run.ts";

const EXAMPLE = ["--root", "examples/project", "--home", EMPTY_HOME];

Deno.test("cli: check prints the verdict, the rule and its source; exit 2 for deny", async () => {
  const r = await skald(["check", ...EXAMPLE, "Bash", "sudo rm -rf /"]);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, "");
  await golden("check-deny.txt", r.stdout);
});

Deno.test("cli: check --json; exit 0 for allow", async () => {
  const r = await skald(["check", "--json", ...EXAMPLE, "Bash", "npm run test -- --watch"]);
  assert.equal(r.code, 0);
  await golden("check-allow.json", r.stdout);
});

Deno.test("cli: check exits 3 for ask and lists the parts", async () => {
  const r = await skald(["check", ...EXAMPLE, "Bash", "npm run test && npm publish"]);
  assert.equal(r.code, 3);
  await golden("check-ask.txt", r.stdout);
});

Deno.test("cli: check takes Claude Code's tool names and the engine's", async () => {
  const a = await skald(["check", "--json", ...EXAMPLE, "Read", "secrets/api-key.txt"]);
  const b = await skald(["check", "--json", ...EXAMPLE, "read_file", "secrets/api-key.txt"]);
  assert.equal(a.code, 2);
  assert.equal(b.code, 2);
  assert.equal(a.stdout, b.stdout);
});

Deno.test("cli: check --input gives a whole tool input", async () => {
  const r = await skald([
    "check",
    "--json",
    ...EXAMPLE,
    "Grep",
    "--input",
    '{"pattern": "KEY", "path": "secrets"}',
  ]);
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).rule, "Read(./secrets/**)");
});

Deno.test("cli: check --mode and --add-dir", async () => {
  const write = await skald(["check", ...EXAMPLE, "--mode", "acceptEdits", "Write", "README.md"]);
  assert.equal(write.code, 0);
  const asks = await skald(["check", ...EXAMPLE, "Write", "README.md"]);
  assert.equal(asks.code, 3, "without --mode acceptEdits a write asks");
  const read = await skald([
    "check",
    ...EXAMPLE,
    "--add-dir",
    "tests",
    "Read",
    `${REPO}/tests/_env.ts`,
  ]);
  assert.equal(read.code, 0);
  const without = await skald(["check", ...EXAMPLE, "Read", `${REPO}/tests/_env.ts`]);
  assert.equal(without.code, 3);
});

Deno.test("cli: check --batch --json decides one call a line, in order", async () => {
  const calls = await Deno.readTextFile(`${REPO}/examples/calls.jsonl`);
  const r = await skald(["check", "--batch", "--json", ...EXAMPLE], { stdin: calls });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim().split("\n").length, calls.trim().split("\n").length);
  await golden("check-batch.jsonl", r.stdout);
});

Deno.test("cli: check --batch reports a bad line as an error line and goes on", async () => {
  const stdin = [
    "not json",
    '{"tool": "Bash", "input": {"command": "ls"}}',
    '{"tool": "Nope", "input": {}}',
    '{"input": {}}',
  ].join("\n");
  const r = await skald(["check", "--batch", "--json", ...EXAMPLE], { stdin });
  assert.equal(r.code, 1);
  const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 4);
  assert.match(lines[0].error, /^Line 1: cannot parse JSON/);
  assert.equal(lines[1].verdict, "allow");
  assert.match(lines[2].error, /^Line 3: Unknown tool "Nope"/);
  assert.match(lines[3].error, /^Line 4: expected/);
});

Deno.test("cli: check --batch refuses a TOOL, SUBJECT or --input it would ignore", async () => {
  for (const args of [["Read", "/etc/passwd"], ["--input", "{}"]]) {
    const r = await skald(["check", "--batch", ...args, ...EXAMPLE], { stdin: "" });
    assert.equal(r.code, 1, args.join(" "));
    assert.equal(
      r.stderr,
      "skald: --batch reads the calls from stdin: give no TOOL, SUBJECT or --input\n",
    );
  }
});

Deno.test("cli: errors exit 1 with one line on stderr", async () => {
  const cases: [string[], RegExp][] = [
    [["check", ...EXAMPLE, "Frobnicate", "x"], /^skald: Unknown tool "Frobnicate"\n$/],
    [["check", ...EXAMPLE, "Bash"], /^skald: Give the subject of the Bash call/],
    [["check", ...EXAMPLE, "Bash", "--input", "{bad"], /^skald: Cannot parse --input/],
    [["check", "--frobnicate"], /unknown option '--frobnicate'/],
    [["check", "--mode", "yolo", "Bash", "ls"], /argument 'yolo' is invalid/],
    [["nosuch"], /unknown command 'nosuch'/],
  ];
  for (const [args, re] of cases) {
    const r = await skald(args);
    assert.equal(r.code, 1, args.join(" "));
    assert.match(r.stderr, re);
    assert.match(r.stderr, /^[^\n]+\n$/, `one line: ${args.join(" ")}`);
    assert.equal(r.stdout, "");
  }
});

Deno.test("cli: a --settings file is named relative to the current directory, as every path argument is (the hook's: to the project, its directory moves with cd)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "skald-settings-" });
  try {
    await Deno.writeTextFile(
      `${dir}/team.json`,
      JSON.stringify({ permissions: { deny: ["Bash(mytool:*)"] } }),
    );
    const root = ["--root", `${REPO}/examples/project`, "--home", EMPTY_HOME];
    const check = await skald(
      ["check", "--json", ...root, "--settings", "team.json", "Bash", "mytool x"],
      { cwd: dir },
    );
    assert.deepEqual([check.code, check.stderr], [2, ""]);
    assert.equal(JSON.parse(check.stdout).rule, "Bash(mytool:*)");
    const rules = await skald(["rules", "--json", ...root, "--settings", "./team.json"], {
      cwd: dir,
    });
    assert.deepEqual(JSON.parse(rules.stdout).problems, []);
    const stdin = JSON.stringify({
      cwd: `${REPO}/examples/project`,
      tool_name: "Bash",
      tool_input: { command: "mytool x" },
    });
    const hook = await skald(["hook", "--settings", `${dir}/team.json`], { cwd: dir, stdin });
    assert.equal(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision, "deny");
    // Claude Code starts a hook in the call's directory, which a `cd` moves: a relative
    // --settings file is the project's (here examples/project has none: the hook blocks).
    const relative = await skald(["hook", "--settings", "team.json"], { cwd: dir, stdin });
    assert.equal(relative.code, 2);
    assert.match(relative.stderr, /^skald: team\.json: The settings file does not exist/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cli: no colour when the output is not a terminal, NO_COLOR or not", async () => {
  for (
    const args of [
      ["--help"],
      ["check", "--help"],
      ["check", ...EXAMPLE, "Bash", "npm run test && npm publish"],
      ["list", ...EXAMPLE],
      ["nosuch"],
    ]
  ) {
    const plain = await skald(args);
    const r = await skald(args, { env: { NO_COLOR: undefined } });
    assert.ok(!(r.stdout + r.stderr).includes("\x1b"), `an escape code: ${args.join(" ")}`);
    assert.deepEqual(r, plain, args.join(" "));
  }
});

Deno.test("cli: a settings file that cannot be parsed fails check (exit 1, the file and reason named)", async () => {
  // Issue 14, point 8: a typo fails. Deciding without the file's deny rules would report a
  // verdict the team never wrote.
  const dir = `${REPO}/tests/fixtures/settings/broken`;
  const r = await skald([
    "check",
    "--root",
    `${dir}/project`,
    "--home",
    `${dir}/home`,
    "Bash",
    "rm -rf x",
  ]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^skald: \.claude\/settings\.json:1: Cannot parse JSON/m);
});

Deno.test("cli: diagnostics never fail closed: rules and explain show every readable source, name the broken file, exit 1 (issue 24)", async () => {
  const dir = `${REPO}/tests/fixtures/settings/broken`;
  const where = [
    "--root",
    `${dir}/project`,
    "--home",
    `${dir}/home`,
    "--settings",
    "examples/project/.claude/settings.json",
  ];
  const rules = await skald(["rules", ...where]);
  assert.equal(rules.code, 1);
  assert.match(rules.stderr, /^skald: \.claude\/settings\.json(:\d+)?: Cannot parse JSON/m);
  // The readable source's rules are all there.
  assert.match(
    rules.stdout,
    /deny +bash +Bash\(rm:\*\) +\(examples\/project\/\.claude\/settings\.json\)/,
  );
  const explain = await skald(["explain", ...where, "Bash", "rm -rf x"]);
  assert.equal(explain.code, 1);
  assert.match(explain.stdout, /^verdict: deny +Bash\(rm:\*\)/m);
  assert.match(explain.stderr, /the hook and check block every call until this is fixed/);
});

Deno.test("cli: a settings file of the wrong shape is reported and the other sources still decide", async () => {
  // ~/.claude/settings.json is JSON but not an object: read, reported, the others decide.
  const dir = `${REPO}/tests/fixtures/settings/broken`;
  const r = await skald([
    "check",
    "--root",
    "examples/project",
    "--home",
    `${dir}/home`,
    "Bash",
    "rm -rf x",
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^skald: ~\/\.claude\/settings\.json: The settings are not an object$/m);
});

Deno.test("cli: rules lists every rule with kind, family and error", async () => {
  const r = await skald([
    "rules",
    ...EXAMPLE,
    "--settings",
    '{"permissions": {"allow": ["Bsh(ls)"]}}',
  ]);
  assert.equal(r.code, 0);
  await golden("rules.txt", r.stdout);
  const j = await skald([
    "rules",
    "--json",
    ...EXAMPLE,
    "--settings",
    '{"permissions": {"allow": ["Bsh(ls)"]}}',
  ]);
  await golden("rules.json", j.stdout);
});

Deno.test("cli: split prints the parts and whether the command is opaque", async () => {
  const r = await skald(["split", "--json", "echo $(rm -rf x) && git push"]);
  assert.equal(r.code, 0);
  assert.deepEqual(JSON.parse(r.stdout), {
    parts: ["echo $(rm -rf x)", "rm -rf x", "git push"],
    opaque: true,
    reasons: ["command substitution: $(rm -rf x)"],
  });
  const t = await skald(["split", "npm test && git push"]);
  await golden("split.txt", t.stdout);
});

Deno.test("cli: --help of every subcommand, and --version", async () => {
  for (
    const sub of [
      "check",
      "explain",
      "rules",
      "split",
      "list",
      "show",
      "prompt",
      "activate",
      "lint",
      "hook",
      "render",
      "test",
    ]
  ) {
    const r = await skald([sub, "--help"]);
    assert.equal(r.code, 0);
    await golden(`help-${sub}.txt`, r.stdout);
  }
  const main = await skald(["--help"]);
  assert.equal(main.code, 0);
  await golden("help.txt", main.stdout);
  const version = await skald(["--version"]);
  const deno = JSON.parse(await Deno.readTextFile(`${REPO}/deno.json`));
  assert.deepEqual([version.code, version.stdout], [0, `${deno.version}\n`]);
});

Deno.test("cli: check --cwd, explain --cwd and a batch line's cwd decide the call where it runs", async () => {
  const root = ["--root", `${REPO}/examples/project`, "--home", EMPTY_HOME];
  const check = await skald(["check", "--json", ...root, "--cwd", "src", "Bash", "cat ../.env"], {
    cwd: `${REPO}/examples/project`,
  });
  assert.deepEqual([check.code, JSON.parse(check.stdout).rule], [2, "Read(*.env)"]);
  const fromRoot = await skald(["check", "--json", ...root, "Bash", "cat ../.env"]);
  assert.equal(fromRoot.code, 3, "from the root, ../.env is outside the project: the default");
  const explain = await skald(
    ["explain", "--json", ...root, "--cwd", `${REPO}/examples/project/src`, "Bash", "cat ../.env"],
  );
  assert.equal(JSON.parse(explain.stdout).verdict, "deny");
  const lines = [
    { tool: "Bash", input: { command: "cat ../.env" }, cwd: "src" },
    { tool: "Bash", input: { command: "cat ../.env" } },
    { tool: "Bash", input: { command: "ls" }, cwd: 7 },
  ].map((l) => JSON.stringify(l)).join("\n");
  const batch = await skald(["check", "--batch", "--json", ...root], { stdin: lines });
  const out = batch.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(out.map((o) => o.verdict ?? o.error), [
    "deny",
    "ask",
    'Line 3: expected {"tool": NAME, "input": {...}, "cwd"?: DIR}',
  ]);
  assert.equal(batch.code, 1);
});

Deno.test("cli: run with a narrower --allow-read, a settings file Deno refuses is named, never read as missing", async () => {
  // The home's deny rule is outside what may be read: deciding without it would ask for `rm`
  // where the user's settings deny it.
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/home/.claude`, { recursive: true });
    await Deno.mkdir(`${dir}/p/.claude`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/home/.claude/settings.json`,
      JSON.stringify({ permissions: { deny: ["Bash(rm:*)"] } }),
    );
    await Deno.writeTextFile(`${dir}/p/.claude/settings.json`, "{}");
    const out = await run(Deno.execPath(), [
      "run",
      "--quiet",
      `--allow-read=${REPO},${dir}/p`,
      "--allow-env",
      `${REPO}/main.ts`,
      "check",
      "--root",
      `${dir}/p`,
      "Bash",
      "rm -rf x",
    ], { env: { ...ENV, HOME: `${dir}/home` } }); // ENV names Deno's cache: HOME moves
    const stderr = out.stderr;
    assert.equal(out.code, 1, stderr);
    assert.match(stderr, /~\/\.claude\/settings\.json: Cannot read the file/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
