/**
 * Where skald's deny and ask rules read a command the way its program does and Claude Code
 * 2.1.332 reads it as written (`tests/oracle/cases/perm-deny-readings.json`, frozen in
 * `tests/fixtures/oracle/perm-readings.json`): each call skald denies and Claude Code lets
 * through. docs/differences.md lists the same readings.
 *
 * @module
 */

import type { Verdict } from "../../lib/permissions/verdict.ts";

const deny = (why: string) => ({ skald: "deny" as Verdict, why });

/** Key: "group name#id". */
export const READING_DEVIATIONS: Record<string, { skald: Verdict; why: string }> = {
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#C-dot": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#c-kv": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#no-pager": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#P": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#paginate": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#git-dir-eq": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#git-dir-sp": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#work-tree": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#namespace": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#bare": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#literal-pathspecs": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#no-optional-locks": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#config-env": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#two": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#C-glued": deny(
    "-C. is read as -C . (git itself stops with 'unknown option'; the issue asks for it)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#c-glued": deny(
    "-ck.v=1 is read as -c k.v=1 (git itself stops with 'unknown option'; the issue asks for it)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#dashdash": deny(
    "`git -- push` is read as `git push` (git itself stops with 'unknown option: --'; the issue asks for it)",
  ),
  "readings: deny Bash(git push:*), allow Bash(git:*): git global options#alias": deny(
    "-c alias.p=push makes `git p` run `git push`",
  ),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#reset-no-pager":
    deny("git's global options are taken off before the subcommand (man git)"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#reset-after":
    deny("an option word of a prefix rule matches in any position after the subcommand"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#checkout-after":
    deny("an option word of a prefix rule matches in any position after the subcommand"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#reset-q":
    deny("an option word of a prefix rule matches in any position after the subcommand"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#reset-abbrev":
    deny("git takes an unambiguous prefix of a long option: --har is --hard"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#checkout-qf":
    deny("a short cluster is its flags: -qf is -q -f"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#checkout-force":
    deny("-f and --force are one option of git checkout (man git-checkout)"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#branch-long":
    deny("-D is --delete --force (man git-branch)"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#branch-df":
    deny("-df is -d -f, that is --delete --force (man git-branch)"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#clean-df":
    deny("a short cluster is its flags: -df is -d -f"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#clean-fdx":
    deny("a short cluster is its flags: -fdx sets -f and -d"),
  "readings: deny git reset --hard, git checkout -f, git branch -D, git clean -fd; allow Bash(git:*)#clean-f-d":
    deny("--force is -f of git clean (man git-clean)"),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#fr": deny("-fr is -f -r"),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#Rf": deny(
    "-Rf is -R -f, and -R is -r (man rm)",
  ),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#r-f": deny("-r -f is -rf"),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#f-r": deny("-f -r is -rf"),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#long": deny(
    "--recursive --force is -rf (man rm)",
  ),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#abbrev": deny(
    "rm takes an unambiguous prefix of a long option: --rec --for is --recursive --force",
  ),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#rfv": deny(
    "a short cluster is its flags: -rfv sets -r and -f",
  ),
  "readings: deny Bash(rm -rf:*), allow Bash(rm:*): flag clusters#after": deny(
    "an option word of a prefix rule matches in any position: rm build -rf",
  ),
  "readings: deny Bash(git push --force:*), allow Bash(git:*): option word positions#force-after":
    deny("an option word of a prefix rule matches in any position after the subcommand"),
  "readings: deny Bash(git push --force:*), allow Bash(git:*): option word positions#f": deny(
    "-f is --force (man git-push)",
  ),
  "readings: deny Bash(git push --force:*), allow Bash(git:*): option word positions#lease": deny(
    "--force-with-lease overrides the same check --force does (man git-push): a force push",
  ),
  "readings: deny Bash(git push --force:*), allow Bash(git:*): option word positions#plus": deny(
    "a +refspec force-updates that ref (man git-push, <refspec>)",
  ),
  "readings: deny Bash(git push --force:*), allow Bash(git:*): option word positions#mirror": deny(
    "--mirror force-updates and deletes remote refs (man git-push)",
  ),
  "readings: deny Bash(rm -rf *) (space-star form), allow Bash(rm:*)#fr": deny(
    "`Bash(rm -rf *)` is read as `Bash(rm -rf:*)`: -fr is -f -r",
  ),
  "readings: exact deny rules#C": deny(
    "git's global options are taken off before the subcommand (man git)",
  ),
  "readings: exact deny rules#rm-fr": deny("an exact rule's options are a set: -fr is -rf"),
  "readings: kill signals, chmod -R#KILL": deny("-KILL is -9 (man kill)"),
  "readings: kill signals, chmod -R#SIGKILL": deny("-SIGKILL is -9 (man kill)"),
  "readings: kill signals, chmod -R#s-KILL": deny("-s KILL is -9 (man kill)"),
  "readings: kill signals, chmod -R#chmod-long": deny("--recursive is -R (man chmod)"),
  "readings: other programs' global options before the subcommand#docker": deny(
    "--context is a docker global option (docker --help)",
  ),
  "readings: other programs' global options before the subcommand#docker-H": deny(
    "-H is a docker global option (docker --help)",
  ),
  "readings: other programs' global options before the subcommand#kubectl": deny(
    "-n is a kubectl global option (kubectl options)",
  ),
  "readings: other programs' global options before the subcommand#kubectl-ctx": deny(
    "--context is a kubectl global option (kubectl options)",
  ),
  "readings: other programs' global options before the subcommand#helm": deny(
    "-n is a helm global option (helm docs)",
  ),
  "readings: other programs' global options before the subcommand#npm": deny(
    "--prefix is an npm config option, read anywhere (npm help config)",
  ),
  "readings: other programs' global options before the subcommand#npm-w": deny(
    "-w is npm's --workspace (npm help config)",
  ),
  "readings: other programs' global options before the subcommand#pnpm": deny(
    "-C is pnpm's --dir (pnpm --help)",
  ),
  "readings: other programs' global options before the subcommand#pnpm-filter": deny(
    "--filter is a pnpm option read anywhere (pnpm --help)",
  ),
  "readings: other programs' global options before the subcommand#yarn": deny(
    "--cwd is a yarn global option (yarn --help)",
  ),
  "readings: other programs' global options before the subcommand#cargo": deny(
    "+nightly picks a toolchain before cargo's subcommand",
  ),
  "readings: other programs' global options before the subcommand#cargo-Z": deny(
    "-Z is a cargo global option (cargo --help)",
  ),
  "readings: other programs' global options before the subcommand#terraform": deny(
    "-chdir= is terraform's global option (terraform -help)",
  ),
  "readings: other programs' global options before the subcommand#make": deny(
    "-C is a make option; deploy is the target",
  ),
  "readings: other programs' global options before the subcommand#make-f": deny(
    "-f is a make option; deploy is the target",
  ),
  "readings: other programs' global options before the subcommand#make-two": deny(
    "make runs every target it is given: deploy too",
  ),
  "readings: other programs' global options before the subcommand#gh": deny(
    "-R is gh's --repo (gh help)",
  ),
  "readings: other programs' global options before the subcommand#aws": deny(
    "--profile is an aws global option (aws help)",
  ),
  "readings: other programs' global options before the subcommand#gcloud": deny(
    "--project is a gcloud global flag (gcloud help)",
  ),
  "readings: a subcommand's other names#docker-container-rm": deny(
    "docker rm --help: Aliases: docker container rm, docker container remove, docker rm",
  ),
  "readings: a subcommand's other names#docker-container-remove": deny(
    "docker rm --help: Aliases: docker container rm, docker container remove, docker rm",
  ),
  "readings: a subcommand's other names#npm-i-g": deny("npm install --help: aliases: add, i, ..."),
  "readings: a subcommand's other names#npm-add-g": deny(
    "npm install --help: aliases: add, i, ...",
  ),
  "readings: a subcommand's other names#helm-delete": deny(
    "helm uninstall --help: Aliases: uninstall, del, delete, un",
  ),
  "readings: Kubernetes resource names#short-name": deny(
    "ns is namespaces (kubectl api-resources)",
  ),
  "readings: Kubernetes resource names#plural": deny(
    "namespaces is namespace (kubectl api-resources)",
  ),
  "readings: Kubernetes resource names#type-slash-name": deny(
    "TYPE/NAME is the type and the name",
  ),
  "readings: Kubernetes resource names#comma-list": deny(
    "a comma list names each type",
  ),
  "readings: Kubernetes resource names#type-group": deny(
    "TYPE.GROUP is the type: deployments.apps is deploy",
  ),
  "readings: Kubernetes resource names#all-category": deny(
    "all is kubectl's category, deployments among them",
  ),
  "readings: Kubernetes resource names#oc-long-name": deny(
    "persistentvolumeclaim is pvc, for oc as for kubectl",
  ),
};
