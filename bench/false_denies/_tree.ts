/**
 * The project the corpus's commands run in, laid out on disk: a Python repository in the shape
 * of the SWE-bench ones (`django/`, `tests/`, `setup.py`, `tox.ini`), the Python service and
 * Next.js front end of the Claude Code sessions (`src/`, `web/` with a `node_modules/`), the
 * BookMinder package and its specs, docs, and what real projects also hold: a `.env` and
 * `.env.local` that `.gitignore` ignores, a `.env.example` that is committed, a `secrets/`
 * folder, lock files, and a real `.git` (`git init`, every tracked file committed). The home
 * beside it holds the keys the policies protect (`~/.ssh`, `~/.aws`, `~/.config/gh`) and a
 * `.gitconfig`. The files and directories the corpus's commands name (`sympy/sets/tests/`,
 * `lib/matplotlib/axes/_base.py`, `reproduce.py`) are added as placeholders and committed, so
 * that a command finds the tree its agent worked in rather than a missing directory.
 *
 * @module
 */

/** Files of the project, relative to its root. */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
  "README.md": "# shop\n\nA Django app with a Next.js front end.\n",
  "LICENSE": "MIT License\n",
  "CLAUDE.md": "Run the tests with `python tests/runtests.py` and `npm test` in web/.\n",
  "setup.py":
    "from setuptools import setup, find_packages\n\nsetup(name='shop', packages=find_packages())\n",
  "setup.cfg": "[metadata]\nname = shop\n\n[flake8]\nmax-line-length = 100\n",
  "pyproject.toml":
    '[project]\nname = "shop"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  "tox.ini": "[tox]\nenvlist = py311\n\n[testenv]\ncommands = python tests/runtests.py\n",
  "requirements.txt": "Django>=4.2\nrequests\n",
  "uv.lock": "version = 1\n",
  "Makefile": "test:\n\tpython3 tests/runtests.py\n\nlint:\n\tpython3 -m pyflakes django\n",
  ".gitignore":
    ".env\n.env.local\nsecrets/\nnode_modules/\n__pycache__/\n*.pyc\n.venv/\nbuild/\ndist/\n",
  ".env.example": "DATABASE_URL=postgres://localhost/shop\nSECRET_KEY=change-me\n",
  "django/__init__.py": "VERSION = (4, 2, 0)\n\n\ndef setup():\n    pass\n",
  "django/conf/__init__.py": "settings = {}\n",
  "django/conf/global_settings.py": "DEBUG = False\nALLOWED_HOSTS = []\n",
  "django/db/__init__.py": "",
  "django/db/models/__init__.py": "from .query import QuerySet\n",
  "django/db/models/query.py":
    "class QuerySet:\n    def __init__(self, model=None):\n        self.model = model\n\n    def filter(self, **kwargs):\n        return self\n",
  "django/db/models/fields/__init__.py": "class Field:\n    pass\n",
  "django/utils/__init__.py": "",
  "django/utils/functional.py": "def cached_property(func):\n    return property(func)\n",
  "django/contrib/admin/filters.py": "class ListFilter:\n    pass\n",
  "tests/__init__.py": "",
  "tests/runtests.py":
    "import sys\nimport unittest\n\nif __name__ == '__main__':\n    suite = unittest.defaultTestLoader.discover('tests')\n    sys.exit(not unittest.TextTestRunner().run(suite).wasSuccessful())\n",
  "tests/test_query.py":
    "import unittest\n\nfrom django.db.models import QuerySet\n\n\nclass QuerySetTests(unittest.TestCase):\n    def test_filter(self):\n        self.assertIsInstance(QuerySet().filter(a=1), QuerySet)\n",
  "docs/conf.py": "project = 'shop'\n",
  "docs/index.rst": "Shop\n====\n",
  "src/__init__.py": "",
  "src/api/__init__.py": "",
  "src/api/routers/chat.py": "def chat(message):\n    return {'reply': message}\n",
  "src/knowledge/manager.py":
    "class KnowledgeManager:\n    def get_info(self):\n        return {}\n",
  "src/services/llm/__init__.py": "def complete(prompt):\n    return ''\n",
  "bookminder/__init__.py": "",
  "bookminder/cli.py": "def main():\n    print('bookminder')\n",
  "specs/cli_spec.py": "def describe_cli():\n    pass\n",
  "memory/constitution.md": "# Constitution\n\nTests first.\n",
  "scripts/build.sh": "#!/bin/sh\necho build\n",
  "web/package.json":
    '{\n  "name": "web",\n  "private": true,\n  "scripts": {\n    "test": "node --test",\n    "build": "node build.js",\n    "lint": "node lint.js"\n  }\n}\n',
  "web/package-lock.json": '{\n  "name": "web",\n  "lockfileVersion": 3\n}\n',
  "web/tsconfig.json": '{\n  "compilerOptions": { "strict": true }\n}\n',
  "web/app/page.tsx": "export default function Page() {\n  return null;\n}\n",
  "web/lib/i18n.ts": "export const locale = 'en';\n",
  "web/src/index.ts": "export const answer = 42;\n",
  "web/build.js": "console.log('built');\n",
  "web/lint.js": "console.log('lint ok');\n",
};

/** Files of the project that are not committed (`.gitignore` names them). */
export const UNTRACKED_FILES: Readonly<Record<string, string>> = {
  ".env": "DATABASE_URL=postgres://shop:local-password@localhost/shop\nSECRET_KEY=dev-only\n",
  ".env.local": "STRIPE_KEY=dev-placeholder\n",
  "secrets/service-account.json": '{\n  "type": "service_account"\n}\n',
  "secrets/api_key.txt": "placeholder-api-key\n",
  "web/node_modules/left-pad/package.json": '{\n  "name": "left-pad",\n  "version": "1.3.0"\n}\n',
  "web/node_modules/left-pad/index.js": "module.exports = (s) => s;\n",
};

/** Files of the home beside the project. */
export const HOME_FILES: Readonly<Record<string, string>> = {
  ".ssh/id_ed25519": "placeholder private key\n",
  ".ssh/config": "Host *\n  IdentityFile ~/.ssh/id_ed25519\n",
  ".aws/credentials": "[default]\naws_access_key_id = placeholder\n",
  ".config/gh/hosts.yml": "github.com:\n  user: dev\n",
  ".gitconfig": "[user]\n\tname = Dev\n\temail = dev@example.com\n[init]\n\tdefaultBranch = main\n",
  ".bashrc": "export EDITOR=vi\n",
  ".zshrc": "export EDITOR=vi\n",
};

async function writeAll(dir: string, files: Readonly<Record<string, string>>) {
  for (const [path, text] of Object.entries(files)) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text, path.endsWith(".sh") ? { mode: 0o755 } : undefined);
  }
}

async function git(cwd: string, home: string, ...args: string[]) {
  const out = await new Deno.Command("git", {
    args,
    cwd,
    env: { HOME: home, GIT_CONFIG_NOSYSTEM: "1", PATH: "/usr/bin:/bin" },
    clearEnv: true,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** Names nothing is created under: the project's own secrets, git's files, keys. */
const SENSITIVE = /(^|\/)(\.env[^/]*|secrets?|\.git|\.ssh|\.aws|node_modules)(\/|$)|\.(pem|key)$/i;
const TOKEN = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*(\/[A-Za-z0-9_.+-]+)*\/?$/;
const FILE =
  /\.(py|pyi|js|mjs|cjs|ts|tsx|jsx|json|md|rst|txt|cfg|toml|ini|yaml|yml|sh|html|css|c|h|rs|go|lock)$/;

/**
 * The project-relative paths the commands name (`django/db/models/query.py`, `sympy/sets/`,
 * `reproduce.py`), so that the project holds the files and directories its commands work on
 * as the agents' projects did: a word with a slash, or a file name with a known extension; a
 * name under a sensitive one (`.env`, `secrets/`, `.git/`) is left out. Pure.
 *
 * @param commands the commands, with the project's root already taken off their paths
 * @param limit at most this many paths
 * @returns files (with an extension) and directories, sorted
 */
export function pathsNamed(
  commands: readonly string[],
  limit = 6000,
): { files: string[]; dirs: string[] } {
  const files = new Set<string>();
  const dirs = new Set<string>();
  for (const command of commands) {
    for (let word of command.split(/[\s;&|()<>'"`=,:]+/)) {
      if (word.startsWith("./")) word = word.slice(2);
      if (!TOKEN.test(word) || SENSITIVE.test(word) || word.split("/").length > 8) continue;
      if (!word.includes("/") && !FILE.test(word)) continue;
      if (word.split("/").some((s) => s === ".." || s === "." || s.startsWith("-"))) continue;
      const clean = word.replace(/\/$/, "");
      if (FILE.test(clean) && !word.endsWith("/")) files.add(clean);
      else dirs.add(clean);
      if (files.size + dirs.size >= limit) break;
    }
  }
  // A name used both ways is a directory.
  for (const f of [...files]) {
    if ([...dirs].some((d) => d === f || d.startsWith(f + "/"))) files.delete(f);
  }
  return { files: [...files].sort(), dirs: [...dirs].sort() };
}

/** Where a laid-out project and its home are. */
export interface Layout {
  /** The project's root. */
  root: string;
  /** The home. */
  home: string;
}

/**
 * Lays the project and its home out under `dir` (`dir/project`, `dir/home`), with a committed
 * git repository.
 *
 * @param dir an empty directory
 * @returns the paths
 */
export async function layOut(
  dir: string,
  named: { files: string[]; dirs: string[] } = { files: [], dirs: [] },
): Promise<Layout> {
  const root = `${dir}/project`;
  const home = `${dir}/home`;
  await writeAll(home, HOME_FILES);
  await writeAll(root, PROJECT_FILES);
  for (const d of named.dirs) {
    await Deno.mkdir(`${root}/${d}`, { recursive: true }).catch(() => {});
  }
  for (const f of named.files) {
    const full = `${root}/${f}`;
    try {
      await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
      await Deno.writeTextFile(full, "# placeholder\n", { createNew: true });
    } catch {
      // a directory of that name, or a file of the project's own
    }
  }
  await git(root, home, "init", "-q");
  await git(root, home, "add", "-A");
  await git(root, home, "commit", "-q", "-m", "Initial commit");
  await writeAll(root, UNTRACKED_FILES);
  return { root, home };
}
