/**
 * Subcommands a program documents under several names (`docker rm` is `docker container rm`
 * and `docker container remove`; `npm install` is `npm i`; `helm uninstall` is `helm delete`),
 * so that a deny or ask rule on one name holds for every other. Allow rules never use this.
 * Pure data, read when a program is first looked up, and one lookup.
 *
 * Each line: `program: name = other name = ...`, the first name the one both a rule and a
 * command are read as; `# ` lines name the documentation it was checked against.
 *
 * @module
 */

// deno-fmt-ignore
const TABLE = `
# 'docker X --help', Aliases (Docker 28.2)
docker: rm = container rm = container remove
docker: rmi = image rm = image remove
docker: kill = container kill
docker: stop = container stop
docker: start = container start
docker: restart = container restart
docker: run = container run
docker: exec = container exec
docker: cp = container cp
docker: logs = container logs
docker: ps = container ls = container list = container ps
docker: images = image ls = image list
docker: push = image push
docker: pull = image pull
docker: build = image build = builder build
docker: volume rm = volume remove
docker: network rm = network remove
# 'podman container --help', 'podman image --help' (podman 4.3.1)
podman: rm = container rm
podman: rmi = image rm
podman: kill = container kill
podman: stop = container stop
podman: run = container run
podman: exec = container exec
podman: ps = container ps = container list
podman: images = image list
podman: push = image push
# 'npm X --help', aliases, and the unique prefixes npm resolves (deref, lib/utils/cmd-list.js,
# npm 11.19: 'npm pu' is 'npm publish', 'npm exe' is 'npm exec')
npm: install = i = in = add = ins = inst = isnt = insta = isnta = instal = isntal = isntall
npm: uninstall = r = rm = un = rem = uni = unl = remo = unin = unli = remov = unins = unlin = remove = uninst = unlink = uninsta = uninstal
npm: run = ur = rum = urn = run- = run-s = run-sc = run-scr = run-scri = run-scrip = run-script
npm: test = t = ts = tes = tst
npm: ci = ic = isntall- = isntall-c = install-cl = isntall-cl = install-cle = isntall-cle = install-clea = isntall-clea = clean-install = install-clean = isntall-clean
npm: exec = x = exe
npm: publish = pu = pub = publ = publi = publis
npm: unpublish = unp = unpu = unpub = unpubl = unpubli = unpublis
npm: deprecate = dep = depr = depre = deprec = depreca = deprecat
npm: owner = ow = aut = own = auth = owne = autho = author
npm: access = ac = acc = acce = acces
npm: dist-tag = dist-tags
npm: token = to = tok = toke
# 'cargo --list' (cargo 1.9x)
cargo: build = b
cargo: check = c
cargo: doc = d
cargo: run = r
cargo: remove = rm
cargo: test = t
# git's plumbing that pushes (man git-send-pack, git-http-push: "push objects over ..."): a rule
# on git push holds for them (the red team's: git send-pack pushed under Bash(git push:*))
git: push = send-pack = http-push
# 'helm uninstall --help', Aliases: uninstall, del, delete, un (helm docs)
helm: uninstall = del = delete = un
`;

/** Program -> each name's words (joined by a blank) -> the words it is read as. */
const INDEX = new Map<string, Map<string, string[]>>();

function index(): Map<string, Map<string, string[]>> {
  if (INDEX.size > 0) return INDEX;
  for (const line of TABLE.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [program, rest] = line.split(": ") as [string, string];
    const names = rest.split(" = ");
    const first = names[0]!.split(" ");
    const map = INDEX.get(program) ?? new Map<string, string[]>();
    for (const n of names.slice(1)) map.set(n, first);
    INDEX.set(program, map);
  }
  return INDEX;
}

/**
 * True when a program has subcommands of several names.
 *
 * @param program the program's name
 * @returns whether the table has it
 */
export function hasSubcommandAliases(program: string): boolean {
  return index().has(program);
}

/**
 * The name a program's leading subcommand words are read as.
 *
 * @param program the program's name
 * @param words its first positional words (null: known only at run time)
 * @returns how many words the alias spans and the words it is read as, or undefined
 */
export function subcommandAlias(
  program: string,
  words: readonly (string | null)[],
): { span: number; words: string[] } | undefined {
  const map = index().get(program);
  if (map === undefined) return undefined;
  for (const span of [2, 1]) {
    const head = words.slice(0, span);
    if (head.length < span || head.some((w) => w === null)) continue;
    const found = map.get(head.join(" "));
    if (found !== undefined) return { span, words: found };
  }
  return undefined;
}

/**
 * Every group of names, for the tests.
 *
 * @returns each program with one subcommand's names, the one read as first
 */
export function subcommandAliasGroups(): { program: string; names: string[] }[] {
  return TABLE.split("\n").filter((l) => l !== "" && !l.startsWith("#")).map((line) => {
    const [program, rest] = line.split(": ") as [string, string];
    return { program, names: rest.split(" = ") };
  });
}
