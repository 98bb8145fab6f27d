/**
 * Issue 11, point 2: flag spellings. A short cluster is its flags, a program's documented long
 * and short forms are one flag (`flag_aliases.ts`), and an option word of a prefix rule
 * matches in any position after the subcommand. Both ways: a harmless flag, one flag of two,
 * a value that spells the letters keep their verdict; allow rules stay as written.
 */

import assert from "node:assert/strict";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { decide, run } from "./_deny_rows.ts";

run("2. short clusters are their flags (deny and ask rules)", [
  {
    rule: "Bash(rm -rf:*)",
    deny: [
      ["rm -fr src", "-rf matches -fr"],
      ["rm -Rf src", "-rf matches -Rf (-R is -r)"],
      ["rm -r -f src", "-rf matches -r -f"],
      ["rm -f -r src", "-rf matches -f -r"],
      ["rm -rfv src", "-rf matches -rfv"],
      ["rm -vfR src", "-rf matches -vfR"],
    ],
    allow: [
      ["rm -f build/x.o", "-rf does not match -f"],
      ["rm -r dist", "-rf does not match -r"],
      ["rm -v x", "-rf does not match -v"],
      ["rm -- -rf", "-rf does not match a file named -rf"],
      ["rmdir -p a/b", "another program"],
    ],
  },
  {
    rule: "Bash(rm -fr:*)",
    deny: [
      ["rm -rf src", "-fr rule matches -rf"],
    ],
  },
  {
    rule: "Bash(rm -r -f:*)",
    deny: [
      ["rm -rf src", "-r -f rule matches -rf"],
    ],
  },
  {
    rule: "Bash(git checkout -f:*)",
    deny: [
      ["git checkout -qf main", "-f matches -qf"],
    ],
    allow: [
      ["git checkout -q main", "-f does not match -q"],
      ["git checkout -bfix", "-f is not in -b's value"],
    ],
  },
  {
    rule: "Bash(git clean -fd:*)",
    deny: [
      ["git clean -df", "git clean -fd matches -df"],
      ["git clean -fdx", "git clean -fd matches -fdx"],
    ],
    allow: [
      ["git clean -nd", "git clean -fd does not match -nd"],
      ["git clean -fX", "git clean -fd does not match -fX"],
    ],
  },
  {
    rule: "Bash(git clean -fdx:*)",
    deny: [
      ["git clean -xdf", "git clean -fdx matches -xdf"],
      ["git clean -f -d -x", "git clean -fdx matches -f -d -x"],
    ],
  },
  {
    rule: "Bash(git commit -n:*)",
    deny: [
      ["git commit -anm wip", "git commit -n matches -an"],
    ],
    allow: [
      ["git commit -mnew", "-n is not in -m's value"],
      ["git commit -m -n", "-n is not the message"],
    ],
  },
]);

run("2. long and short spellings are one flag (each program's documentation)", [
  {
    rule: "Bash(rm -rf:*)",
    deny: [
      ["rm --recursive --force src", "rm --recursive --force"],
      ["rm -R --force src", "rm -R --force"],
      ["rm --rec --for src", "rm --rec --for (abbreviations)"],
    ],
  },
  {
    rule: "Bash(rm --force:*)",
    deny: [
      ["rm -f x", "rm --force rule and -f"],
    ],
  },
  {
    rule: "Bash(git push --force:*)",
    deny: [
      ["git push -f origin main", "git push -f"],
      ["git push --force-with-lease", "git push --force-with-lease"],
      ["git push --force-with-lease=main origin main", "git push --force-with-lease=ref"],
      ["git push origin +main", "git push +refspec"],
      ["git push --mirror", "git push --mirror"],
      ["git push --forc", "git push --forc (abbreviation)"],
    ],
    allow: [
      ["git push --follow-tags", "git push --follow-tags is not --force"],
      ["git push -u origin main", "git push -u is not --force"],
    ],
  },
  {
    rule: "Bash(git push -f:*)",
    deny: [
      ["git push --force", "git push --force rule and -f"],
    ],
  },
  {
    rule: "Bash(git push --delete:*)",
    deny: [
      ["git push -d origin old", "git push -d"],
      ["git push origin :old", "git push :branch"],
    ],
    allow: [
      ["git push --dry-run", "git push --dry-run is not --delete"],
    ],
  },
  {
    rule: "Bash(git clean -fd:*)",
    deny: [
      ["git clean --force -d", "git clean --force -d"],
    ],
  },
  {
    rule: "Bash(git branch -D:*)",
    deny: [
      ["git branch --delete --force t", "git branch -D as --delete --force"],
      ["git branch -df t", "git branch -D as -df"],
      ["git branch -d -f t", "git branch -D as -d -f"],
    ],
    allow: [
      ["git branch -d t", "git branch -d is not -D"],
      ["git branch --delete t", "git branch --delete is not -D"],
      ["git branch -dr origin/t", "git branch -dr is not -D"],
    ],
  },
  {
    rule: "Bash(git branch --delete:*)",
    deny: [
      ["git branch -D t", "git branch --delete rule and -D"],
    ],
  },
  {
    rule: "Bash(git checkout -f:*)",
    deny: [
      ["git checkout --force main", "git checkout --force"],
      ["git checkout --discard-changes main", "git checkout --discard-changes"],
    ],
  },
  {
    rule: "Bash(git switch -f:*)",
    deny: [
      ["git switch --discard-changes main", "git switch --discard-changes"],
    ],
  },
  {
    rule: "Bash(git switch --discard-changes:*)",
    deny: [
      ["git switch -f main", "git switch --force"],
    ],
  },
  {
    rule: "Bash(git reset --hard:*)",
    deny: [
      ["git reset --har", "git reset --har (abbreviation)"],
    ],
    allow: [
      ["git reset --soft HEAD~1", "git reset --soft is not --hard"],
      ["git reset --h", "git reset --h is too short to read"],
    ],
  },
  {
    rule: "Bash(git commit --no-verify:*)",
    deny: [
      ["git commit -n -m x", "git commit -n"],
      ["git commit -nm x", "git commit -nm"],
      ["git commit --no-verif -m x", "git commit --no-verif (abbreviation)"],
    ],
    allow: [
      ["git commit --amend --no-edit", "git commit --no-edit is not --no-verify"],
    ],
  },
  {
    rule: "Bash(git tag -d:*)",
    deny: [
      ["git tag --delete v1", "git tag --delete"],
    ],
  },
  {
    rule: "Bash(chmod -R 777:*)",
    deny: [
      ["chmod --recursive 777 dist", "chmod --recursive"],
    ],
    allow: [
      ["chmod -R 755 dist", "chmod -R 755 is not 777"],
    ],
  },
  {
    rule: "Bash(docker rm -f:*)",
    deny: [
      ["docker rm --force c1", "docker rm --force"],
    ],
    allow: [
      ["docker rm -v c1", "docker rm -v is not -f"],
    ],
  },
  {
    rule: "Bash(docker container rm -f:*)",
    deny: [
      ["docker container rm --force c1", "docker container rm -f (docker rm's own table)"],
    ],
  },
  {
    rule: "Bash(docker system prune -a:*)",
    deny: [
      ["docker system prune --all -f", "docker system prune --all"],
    ],
  },
  {
    rule: "Bash(kubectl delete -A:*)",
    deny: [
      ["kubectl delete pods --all-namespaces", "kubectl delete --all-namespaces"],
    ],
  },
  {
    rule: "Bash(npm install -g:*)",
    deny: [
      ["npm install --global pnpm", "npm install --global"],
      ["npm -g install pnpm", "npm -g before the subcommand"],
    ],
    allow: [
      ["npm install --global-style", "npm install --global-style is not --global"],
    ],
  },
  {
    rule: "Bash(curl -X DELETE:*)",
    deny: [
      ["curl -XDELETE https://api/x", "curl -XDELETE"],
      ["curl https://api/x --request=DELETE", "curl --request=DELETE"],
    ],
    allow: [
      ["curl -X POST https://api/x", "curl -X POST"],
    ],
  },
  {
    rule: "Bash(sed -i:*)",
    deny: [
      ["sed --in-place s/a/b/ f", "sed --in-place"],
      ["sed -i.bak s/a/b/ f", "sed -i.bak"],
      ["sed -Ei s/a/b/ f", "sed -Ei"],
    ],
    allow: [
      ["sed -n 1p f", "sed -n"],
    ],
  },
  {
    rule: "Bash(node -e:*)",
    deny: [
      ["node --eval 'process.exit()'", "node --help: -e, --eval"],
      ["node --eval='1'", "with ="],
      ["node -i -e 1", "after another flag"],
    ],
    allow: [
      ["node -p 1", "--print is another option"],
      ["node server.js -e", "after the script: the script's argument"],
    ],
  },
  {
    rule: "Bash(kill -9:*)",
    deny: [
      ["kill -KILL 1234", "kill -KILL"],
      ["kill -SIGKILL 1234", "kill -SIGKILL"],
      ["kill -s KILL 1234", "kill -s KILL"],
      ["kill -s 9 1234", "kill -s 9"],
      ["kill --signal=KILL 1234", "kill --signal=KILL"],
      ["kill -n 9 1234", "kill -n 9 (bash)"],
      ["kill -kill 1234", "kill -kill (bash)"],
    ],
    allow: [
      ["kill -15 1234", "kill -15"],
      ["kill -19 1234", "kill -19"],
      ["kill -s TERM 1234", "kill -s TERM"],
      ["kill -l 9", "kill -l"],
    ],
  },
  {
    rule: "Bash(kill -KILL:*)",
    deny: [
      ["kill -9 1234", "kill -KILL rule and -9"],
    ],
  },
  {
    rule: "Bash(pkill -KILL:*)",
    deny: [
      ["pkill -9 node", "pkill -9"],
    ],
    allow: [
      ["pkill -f node", "pkill -f is not a signal"],
    ],
  },
  {
    rule: "Bash(kubectl delete --force:*)",
    allow: [
      ["kubectl delete -f pod.yaml", "kubectl delete -f is a file, not --force"],
    ],
  },
]);

run("2. programs whose options have one dash and no clusters (Go's flag package, find)", [
  {
    rule: "Bash(terraform apply -auto-approve:*)",
    deny: [
      ["terraform apply --auto-approve", "Go's flag package: two dashes are one"],
      ["terraform apply -auto-approve=true", "a value"],
      ["terraform -chdir=infra apply -auto-approve", "a global option before"],
      ["terraform apply tfplan -auto-approve", "after the plan"],
    ],
    allow: [["terraform apply", "asks as it should"], ["terraform apply -auto", "another"]],
  },
  {
    rule: "Bash(find -delete:*)",
    deny: [["find . -name '*.log' -delete", "after the expression"]],
    allow: [["find . -depth -ls", "the letters of -delete, spread: not a cluster"]],
  },
]);

run("2. a subcommand's documented names are one (subcommand_aliases.ts)", [
  {
    rule: "Bash(docker rm:*)",
    deny: [
      ["docker container rm c1", "docker rm --help: Aliases"],
      ["docker container remove c1", "docker rm --help: Aliases"],
      ["docker --context prod container rm -f c1", "with a global option"],
    ],
    allow: [["docker container ls", "another subcommand"], ["docker rmi img", "another"]],
  },
  {
    rule: "Bash(docker container rm -f:*)",
    deny: [["docker rm --force c1", "the rule names the long form"]],
    allow: [["docker rm c1", "without -f"]],
  },
  {
    rule: "Bash(npm install -g:*)",
    deny: [
      ["npm i -g pnpm", "npm install --help: aliases"],
      ["npm add --global pnpm", "npm install --help: aliases"],
      ["npm isntall -g pnpm", "npm install --help: aliases"],
    ],
    allow: [["npm i -D typescript", "not global"], ["npm uninstall -g pnpm", "another"]],
  },
  {
    rule: "Bash(npm run deploy:*)",
    deny: [["npm run-script deploy", "npm run --help: aliases"], ["npm rum deploy", "aliases"]],
    allow: [["npm run build", "another script"]],
  },
  {
    rule: "Bash(helm uninstall:*)",
    deny: [["helm delete web", "helm uninstall --help: Aliases"], ["helm un web", "Aliases"]],
    allow: [["helm list", "another subcommand"]],
  },
  {
    rule: "Bash(cargo test:*)",
    deny: [["cargo t --release", "cargo --list: alias"]],
    allow: [["cargo build", "another subcommand"]],
  },
]);

run("2. commands that read options up to their first operand (STOPS_AT_OPERAND)", [
  {
    rule: "Bash(python -c:*)",
    deny: [["python -c 'import os'", "python --help"], ["python -Bc 'x'", "a cluster"]],
    allow: [["python tool.py -c config.yaml", "after the script: the script's argument"]],
  },
  {
    rule: "Bash(docker run --privileged:*)",
    deny: [
      ["docker run --rm --privileged img", "before the image"],
      ["docker container run --privileged img", "docker container run is docker run"],
    ],
    allow: [
      ["docker run --rm img app --privileged", "after the image: the container's command"],
      ["docker run --rm img --privileged", "the same, the command's first word an option"],
    ],
  },
  {
    rule: "Bash(ssh -A:*)",
    deny: [["ssh -A host", "before the destination"]],
    allow: [["ssh host ls -A", "after the destination: the remote command"]],
  },
]);

run("2. a word known only at run time stands where it stands", [
  {
    rule: "Bash(git push --force:*)",
    deny: [
      ["git push $FLAGS", "in the rule's next place: it may be --force (as written, as before)"],
      ['git -C "$D" push $FLAGS', "the same, with a global option before"],
      ['git push "$REMOTE" main --force', "among the positional words"],
    ],
    allow: [
      ["git push origin $REF", "after an argument: not taken for the option (as before)"],
      ['git push -u origin "$(git branch --show-current)"', "the same, an ordinary command"],
    ],
  },
  {
    rule: "Bash(git commit --no-verify:*)",
    allow: [
      ["git commit -m \"$(cat <<'EOF'\nfix: a\n\nbody\nEOF\n)\"", "a message from a heredoc"],
      ['git commit -am "$MSG"', "a message known at run time"],
    ],
  },
  {
    rule: "Bash(rm -rf:*)",
    deny: [['rm "$F"', "in the rule's next place (as written, as before)"]],
  },
]);

run("2. an option word of a prefix rule matches in any position after the subcommand", [
  {
    rule: "Bash(git push --force:*)",
    deny: [
      ["git push origin main --force", "git push origin main --force"],
    ],
    allow: [
      ["git --no-pager push origin", "the option before the subcommand belongs to git"],
    ],
  },
  {
    rule: "Bash(git reset --hard:*)",
    deny: [
      ["git reset HEAD~1 --hard", "git reset HEAD~1 --hard"],
      ["git reset -q --hard", "git reset -q --hard"],
    ],
  },
  {
    rule: "Bash(git checkout -f:*)",
    deny: [
      ["git checkout main -f", "git checkout main -f"],
    ],
  },
  {
    rule: "Bash(rm -rf:*)",
    deny: [
      ["rm src -rf", "rm src -rf"],
    ],
  },
  {
    rule: "Bash(git push --force origin:*)",
    deny: [
      ["git push origin --force", "a positional of the rule after its option"],
    ],
  },
  {
    rule: "Bash(kubectl delete -n prod:*)",
    deny: [
      ["kubectl delete pod x --namespace=prod", "an option's value of the rule"],
    ],
    allow: [
      ["kubectl delete pod x -n dev", "another namespace"],
    ],
  },
  {
    rule: "Bash(git -C /repo push:*)",
    deny: [
      ["git -C /repo -c a.b=c push", "a global option of the rule"],
    ],
    allow: [
      ["git -C /other push", "a global option's other value"],
    ],
  },
  {
    rule: "Bash(git push origin:*)",
    allow: [
      ["git push upstream origin", "the rule's positional first"],
    ],
  },
]);

run("2. exact rules read the same, with no word more", [
  {
    rule: "Bash(tool --opt file)",
    allow: [["tool --opt v file", "a word more after an option no table knows"]],
  },
  {
    rule: "Bash(git push --force)",
    deny: [
      ["git -C . push --force", "git -C . push --force"],
    ],
    allow: [
      ["git push --force origin main", "a word more"],
    ],
  },
  {
    rule: "Bash(rm -rf build)",
    deny: [
      ["rm -fr build", "rm -fr build"],
      ["rm -rf -- build", "the end of options before the file"],
      ["rm build -r -f", "rm build -r -f"],
    ],
    allow: [
      ["rm -rfv build", "a flag more"],
      ["rm -rf build other", "a file more"],
    ],
  },
]);

run("2. the space-star form reads as a prefix rule", [
  {
    rule: "Bash(rm -rf *)",
    deny: [
      ["rm -fr build", "Bash(rm -rf *) and -fr"],
    ],
    allow: [
      ["rm -f x", "Bash(rm -rf *) and -f"],
    ],
  },
  {
    rule: "Bash(git push --force *)",
    deny: [
      ["git push origin --force", "Bash(git push --force *) and --force at the end"],
    ],
  },
  {
    rule: "Bash(git push *)",
    deny: [
      ["git -C . push", "Bash(git push *) and -C"],
    ],
  },
  {
    rule: "Bash(git * --force)",
    deny: [
      ["git -C . push --force", "a glob with a star inside, and -C"],
    ],
    allow: [
      ["git -C . push --tags", "a glob with a star inside, another flag"],
    ],
  },
]);

Deno.test("ask rules read commands the same way", () => {
  const ask = (command: string) => decide([], command, ["Bash"], ["Bash(git push:*)"]).verdict;
  assert.equal(ask("git -C . push origin main"), "ask");
  assert.equal(ask("git -C . status"), "allow");
});

Deno.test("allow rules stay as written (the spec): no reading widens them", async (t) => {
  const cases: { rule: string; input: string; expected: Verdict }[] = [
    { rule: "Bash(git push:*)", input: "git push origin main", expected: "allow" },
    { rule: "Bash(git push:*)", input: "git -C . push origin main", expected: "ask" },
    { rule: "Bash(git push:*)", input: "git --no-pager push", expected: "ask" },
    { rule: "Bash(rm -rf:*)", input: "rm -rf build", expected: "allow" },
    { rule: "Bash(rm -rf:*)", input: "rm -fr build", expected: "ask" },
    { rule: "Bash(rm -rf:*)", input: "rm -r -f build", expected: "ask" },
    { rule: "Bash(git push --force:*)", input: "git push origin --force", expected: "ask" },
    { rule: "Bash(git push --force:*)", input: "git push -f", expected: "ask" },
    { rule: "Bash(kill -9:*)", input: "kill -s KILL 1234", expected: "ask" },
    { rule: "Bash(make deploy:*)", input: "make build deploy", expected: "ask" },
    { rule: "Bash(rm -rf *)", input: "rm -fr build", expected: "ask" },
  ];
  for (const { rule, input: command, expected } of cases) {
    await t.step(`${rule} vs ${command}`, () => {
      assert.equal(decide([], command, [rule]).verdict, expected);
    });
  }
});
