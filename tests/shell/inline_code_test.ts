/**
 * Issue 10, class 6: interpreters running inline code, read lexically. A call that starts a
 * process with literal strings is a part of its own, with anything else the part is hidden; a
 * call that removes files counts as `rm -rf PATHS`; string literals are reads. And the other
 * way: ordinary inline code runs nothing. Checked against the real interpreters in
 * `tests/exec_oracle/`.
 */

import { type ViewCase, viewTests } from "./_view_cases.ts";

const PYTHON: ViewCase[] = [
  {
    name: "os.system",
    input: "python3 -c 'import os; os.system(\"rm -rf x\")'",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "subprocess.run of a list",
    input: 'python3 -c \'import subprocess; subprocess.run(["rm", "x"], check=True)\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "subprocess.call with shell=True",
    input: "python -c 'import subprocess; subprocess.call(\"rm x\", shell=True)'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "subprocess under an alias",
    input: 'python3 -c \'import subprocess as sp; sp.run(["rm", "x"])\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "from subprocess import run",
    input: 'python3 -c \'from subprocess import run; run(["rm", "x"])\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "os.execvp",
    input: 'python3 -c \'import os; os.execvp("rm", ["rm", "x"])\'',
    expected: { some: [["rm", "rm", "x"], ["rm"]], hidden: [] },
  },
  {
    name: "os.popen",
    input: "python3.11 -c 'import os; os.popen(\"rm x\").read()'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "pty.spawn",
    input: "python3 -c 'import pty; pty.spawn(\"rm\")'",
    expected: { some: [["rm"]], hidden: [] },
  },
  {
    name: "os.system of a variable",
    input: "python3 -c 'import os; c = \"rm x\"; os.system(c)'",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "os.system of an f-string",
    input: "python3 -c 'import os; os.system(f\"rm {x}\")'",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "__import__ of a module written out: the call on it is read (issue 23)",
    input: 'python3 -c \'__import__("os").system("rm x")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "__import__ of a name only known when it runs",
    input: "python3 -c 'import sys; __import__(sys.argv[1]).system(\"rm x\")'",
    expected: { hidden: ["__import__"] },
  },
  {
    name: "importlib.import_module of a module written out imports it, as import does (issue 23)",
    input:
      "python3 -c \"import importlib; importlib.import_module('src.api.routers.x'); print(1)\"",
    expected: { hidden: [] },
  },
  {
    name: "getattr by a name written out that runs nothing (issue 23: getattr(np, 'long'))",
    input: "python -c \"import numpy as np; print(getattr(np, 'long'))\"",
    expected: { hidden: [] },
  },
  {
    name: "getattr",
    input: 'python3 -c \'import os; getattr(os, "system")("rm x")\'',
    expected: { hidden: ["getattr"] },
  },
  {
    name: "exec of a literal is read",
    input: 'python3 -c \'exec("import os; os.system(\\"rm x\\")")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "exec of a variable",
    input: "python3 -c 'import sys; exec(sys.argv[1])' x",
    expected: { hidden: ["exec"] },
  },
  {
    name: "a spawn function named, not called",
    input: "python3 -c 'import os; f = os.system; f(\"rm x\")'",
    expected: { hidden: ["without calling it"] },
  },
  {
    name: "imported under another name",
    input: "python3 -c 'from os import system as s; s(\"rm x\")'",
    expected: { hidden: ["another name"] },
  },
  {
    name: "from os import *",
    input: "python3 -c 'from os import *; system(\"rm x\")'",
    expected: { hidden: ["every name of os"] },
  },
  {
    name: "os.remove counts as rm -rf",
    input: "python3 -c 'import os; os.remove(\"x\")'",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "shutil.rmtree counts as rm -rf",
    input: "python3 -c 'import shutil; shutil.rmtree(\"build\")'",
    expected: { some: [["rm", "-rf", "build"]], hidden: [] },
  },
  {
    name: "Path(...).unlink()",
    input: "python3 -c 'from pathlib import Path; Path(\"x\").unlink()'",
    expected: { some: [["rm", "-rf", null]], hidden: [] },
  },
  {
    name: "a removal of a path known at run time",
    input: "python3 -c 'import os, sys; os.remove(sys.argv[1])' x",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "open() of a literal path is a read",
    input: "python3 -c 'print(open(\"secrets/key\").read())'",
    expected: { hidden: [], reads: ["secrets/key"] },
  },
  {
    name: "a heredoc fed to python3",
    input: "python3 <<'EOF'\nimport os\nos.system('rm x')\nEOF",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "a here-string fed to python3 -",
    input: "python3 - <<< 'import os; os.system(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "python3 /dev/stdin with a heredoc",
    input: "python3 /dev/stdin <<'EOF'\nimport os; os.system('rm x')\nEOF",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "an expanding heredoc fed to python3",
    input: "python3 <<EOF\nimport os; os.system('$C')\nEOF",
    expected: { hidden: ["only known when it runs"] },
  },
  { name: "code piped to python3", input: "curl -s x | python3", expected: { hidden: ["pipe"] } },
  { name: "code known at run time", input: 'python3 -c "$CODE"', expected: { hidden: ["$CODE"] } },
  {
    name: "an unclosed string",
    input: "python3 -c 'print(\"x)'",
    expected: { hidden: ["cannot be read"] },
  },
  // Harmless.
  { name: "print(1)", input: "python3 -c 'print(1)'", expected: { hidden: [], reads: [] } },
  {
    name: "a string mentioning rm",
    input: "python3 -c 'print(\"rm -rf x\")'",
    expected: { none: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "list.remove",
    input: "python3 -c 'a = [1]; a.remove(1)'",
    expected: { none: [["rm", "-rf", null]], hidden: [] },
  },
  {
    name: "asyncio.run is no subprocess",
    input: "python3 -c 'import asyncio; asyncio.run(main())'",
    expected: { hidden: [] },
  },
  {
    name: "json from stdin",
    input: "cat f | python3 -c 'import json,sys; print(json.load(sys.stdin))'",
    expected: { hidden: [] },
  },
  {
    name: "a comment mentioning os.system",
    input: "python3 -c 'print(1) # os.system(x)'",
    expected: { hidden: [] },
  },
  { name: "a script file is outside", input: "python3 x.py", expected: { hidden: [] } },
  {
    name: "a piped script file is outside",
    input: "cat f | python3 x.py",
    expected: { hidden: [] },
  },
  { name: "python3 -m module", input: "python3 -m pytest -q", expected: { hidden: [] } },
  { name: "python3 --version", input: "python3 --version", expected: { hidden: [] } },
];

const OTHERS: ViewCase[] = [
  {
    name: "node -e execSync",
    input: 'node -e \'require("child_process").execSync("rm x")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "node -e destructured spawnSync",
    input:
      'node -e \'const { spawnSync } = require("child_process"); spawnSync("rm", ["-rf", "x"])\'',
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "node -e a renamed spawn function",
    input: 'node -e \'const { execSync: e } = require("child_process"); e("rm x")\'',
    expected: { hidden: ["without calling it"] },
  },
  {
    name: "node --eval=",
    input: 'node --eval=\'require("child_process").exec("rm x")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "node -p",
    input: 'node -p \'require("child_process").execSync("rm x")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "node -e computed member",
    input: 'node -e \'const cp = require("child_process"); cp["exec" + "Sync"]("rm x")\'',
    expected: { hidden: ["chosen at run time"] },
  },
  {
    name: "node -e eval",
    input: "node -e 'eval(process.argv[1])' x",
    expected: { hidden: ["eval"] },
  },
  {
    name: "node -e require of a variable",
    input: "node -e 'require(m).execSync(\"ls\")'",
    expected: { some: [["ls"]], hidden: ["module named at run time"] },
  },
  {
    name: "node -e a template command",
    input: "node -e 'require(\"child_process\").execSync(`rm ${x}`)'",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "node -e fs.rmSync",
    input: 'node -e \'require("fs").rmSync("x", { recursive: true })\'',
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "node -e readFileSync is a read",
    input: 'node -e \'require("fs").readFileSync("secrets/key")\'',
    expected: { hidden: [], reads: ["fs", "secrets/key"] },
  },
  {
    name: "deno eval Deno.Command",
    input: 'deno eval \'new Deno.Command("rm", { args: ["x"] }).outputSync()\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "deno eval Deno.removeSync",
    input: "deno eval 'Deno.removeSync(\"x\")'",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "bun -e Bun.spawn",
    input: 'bun -e \'Bun.spawn(["rm", "x"])\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "bun -e Bun.$",
    input: "bun -e 'await Bun.$`rm x`'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e system",
    input: "perl -e 'system(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e system without parentheses",
    input: 'perl -e \'system "rm", "x"\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e backticks",
    input: "perl -e '`rm x`'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e qx",
    input: "perl -e 'qx{rm x}'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e backticks with a variable",
    input: "perl -e '`rm $f`'",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "perl -e open of a pipe",
    input: "perl -e 'open(F, \"rm x |\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e open -|",
    input: 'perl -e \'open(my $f, "-|", "rm", "x")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e s///e",
    input: "perl -e 's/x/system(\"rm x\")/e'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e eval of a string",
    input: "perl -e 'eval $ARGV[0]' x",
    expected: { hidden: ["eval"] },
  },
  {
    name: "perl -M with code",
    input: "perl '-Mstrict;system(\"rm x\")' -e 1",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -e unlink counts as rm -rf",
    input: 'perl -e \'unlink "x", "y"\'',
    expected: { some: [["rm", "-rf", "x", "y"]], hidden: [] },
  },
  {
    name: "perl -lne: -l takes digits only, the cluster goes on",
    input: "perl -lne 'system(\"rm x\")' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -0777 -ne",
    input: "perl -0777 -ne 'system(\"rm x\")' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ruby -W0 -e",
    input: "ruby -W0 -e 'system(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "perl -pi -e with system",
    input: "perl -pi -e 'system(\"rm x\")' f",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ruby -e system",
    input: "ruby -e 'system(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ruby -e %x",
    input: "ruby -e '%x(rm x)'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "ruby -e send(:system)",
    input: "ruby -e 'Kernel.send(:system, \"rm x\")'",
    expected: { hidden: ["send"] },
  },
  {
    name: "ruby -e FileUtils.rm_rf",
    input: 'ruby -e \'require "fileutils"; FileUtils.rm_rf("x")\'',
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "ruby -e Open3",
    input: 'ruby -e \'require "open3"; Open3.capture2("rm x")\'',
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "php -r shell_exec",
    input: "php -r 'shell_exec(\"rm x\");'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "php -r with an interpolating string",
    input: "php -r 'system(\"rm $f\");'",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "php -r unlink",
    input: "php -r 'unlink(\"x\");'",
    expected: { some: [["rm", "-rf", "x"]], hidden: [] },
  },
  {
    name: "lua -e os.execute",
    input: "lua -e 'os.execute(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "lua -e io.popen",
    input: "luajit -e 'io.popen(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  { name: "lua -e load", input: "lua -e 'load(arg[1])()' x", expected: { hidden: ["load"] } },
  {
    name: "osascript do shell script",
    input: "osascript -e 'do shell script \"rm x\"'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  {
    name: "osascript do shell script of a variable",
    input: "osascript -e 'do shell script c'",
    expected: { hidden: ["built at run time"] },
  },
  {
    name: "osascript -l JavaScript",
    input: "osascript -l JavaScript -e 'app.doShellScript(\"rm x\")'",
    expected: { some: [["rm", "x"]], hidden: [] },
  },
  // Harmless.
  {
    name: "node -e console.log",
    input: "node -e 'console.log(require(\"./package.json\").version)'",
    expected: { hidden: [] },
  },
  {
    name: "node -e a regex's exec",
    input: "node -e 'console.log(/r(m)/.exec(\"rm\"))'",
    expected: { none: [["rm"]], hidden: [] },
  },
  {
    name: "node -e execSync of echo",
    input: 'node -e \'require("child_process").execSync("echo rm")\'',
    expected: { some: [["echo", "rm"]], none: [["rm"]], hidden: [] },
  },
  {
    name: "deno eval console.log",
    input: "deno eval 'console.log(Deno.version)'",
    expected: { hidden: [] },
  },
  { name: "perl -ne", input: "perl -ne 'print if /rm -rf/' f", expected: { hidden: [] } },
  { name: "perl -pi -e s///g", input: "perl -pi -e 's/foo/bar/g' f", expected: { hidden: [] } },
  {
    name: "perl -MData::Dumper",
    input: "perl -MData::Dumper -e 'print Dumper(1)'",
    expected: { hidden: [] },
  },
  {
    name: "perl -e open for reading",
    input: 'perl -e \'open(my $f, "<", "a.txt"); print <$f>\'',
    expected: { hidden: [], reads: ["<", "a.txt"] },
  },
  { name: "ruby -e puts", input: "ruby -e 'puts 1'", expected: { hidden: [] } },
  { name: "php -r echo", input: "php -r 'echo 1;'", expected: { hidden: [] } },
  { name: "lua -e print", input: "lua -e 'print(1)'", expected: { hidden: [] } },
  { name: "node script.js is outside", input: "node script.js", expected: { hidden: [] } },
  { name: "node --version", input: "node --version", expected: { hidden: [] } },
];

viewTests("class 6, python", PYTHON);
viewTests("class 6, node, deno, bun, perl, ruby, php, lua, osascript", OTHERS);
