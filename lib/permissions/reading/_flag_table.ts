/**
 * The flag table of `flag_aliases.ts`, as text (its format is described there): each entry the
 * spellings of one command's options and the documentation they were checked against.
 *
 * @module
 */

/** The table. */
// deno-fmt-ignore
export const FLAG_TABLE = `
# man rm (GNU coreutils 9.1): -r, -R, --recursive; -f, --force
rm
  -r -R --recursive
  -f --force
  -d --dir
  -v --verbose
# man cp (GNU coreutils 9.1): -a, --archive is -dR --preserve=all
cp
  -r -R --recursive
  -f --force
  -a --archive = --archive --recursive
  -v --verbose
  -n --no-clobber
  -u --update
  -l --link
  -s --symbolic-link
  values: -t|--target-directory -S|--suffix
# man mv (GNU coreutils 9.1)
mv
  -f --force
  -n --no-clobber
  -u --update
  -v --verbose
  values: -t|--target-directory -S|--suffix
# man chmod (GNU coreutils 9.1): -R, --recursive
chmod
  -R --recursive
  -c --changes
  -f --silent --quiet
  -v --verbose
# man chown (GNU coreutils 9.1): -R, --recursive
chown
  -R --recursive
  -c --changes
  -f --silent --quiet
  -v --verbose
# man chgrp (GNU coreutils 9.1): -R, --recursive
chgrp
  -R --recursive
  -c --changes
  -f --silent --quiet
  -v --verbose
# man sed (GNU sed 4.9): -i[SUFFIX], --in-place[=SUFFIX]
sed
  -n --quiet --silent
  -E -r --regexp-extended
  -s --separate
  -z --null-data
  values: -i|--in-place? -e|--expression -f|--file -l|--line-length
# man git-push (git 2.39): -f, --force; --force-with-lease overrides the same check; --mirror
# force-updates and deletes; --prune deletes; -d, --delete
git push
  -f --force --force-with-lease
  -d --delete
  --mirror = --mirror --force --delete
  --prune = --prune --delete
  -n --dry-run
  -u --set-upstream
  -q --quiet
  -v --verbose
  values: -o|--push-option --repo --receive-pack --exec
# man git-clean (git 2.39)
git clean
  -f --force
  -d
  -x
  -X
  -n --dry-run
  -i --interactive
  -q --quiet
  values: -e|--exclude
# man git-branch (git 2.39): -D is --delete --force, -M --move --force, -C --copy --force
git branch
  -d --delete
  -D = --delete --force
  -f --force
  -m --move
  -M = --move --force
  -c --copy
  -C = --copy --force
  -r --remotes
  -a --all
  -l --list
  -i --ignore-case
  -q --quiet
  -v --verbose
  values: -u|--set-upstream-to --sort --points-at --format
# man git-checkout and git-switch (git 2.39): -f, --force; git switch: '--force: an alias for
# --discard-changes'
git checkout
  -f --force --discard-changes
  -q --quiet
  -m --merge
  -p --patch
  -d --detach
  -t --track
  values: -b -B --orphan --conflict --pathspec-from-file
# man git-switch (git 2.39): -f, --force, an alias for --discard-changes
git switch
  -f --force --discard-changes
  -q --quiet
  -m --merge
  -d --detach
  -t --track
  values: -c|--create -C|--force-create --orphan --conflict
# man git-reset (git 2.39): --hard, --soft, --mixed, --merge, --keep have no short form
git reset
  -q --quiet
  -p --patch
  -N --intent-to-add
  values: --pathspec-from-file
# man git-commit (git 2.39): -n, --[no-]verify
git commit
  -n --no-verify
  -a --all
  -q --quiet
  -v --verbose
  -s --signoff
  -e --edit
  -p --patch
  -i --include
  -o --only
  -z --null
  values: -m|--message -F|--file -C|--reuse-message -c|--reedit-message -t|--template --author
  values: --date --fixup --squash --cleanup --trailer -u|--untracked-files? -S|--gpg-sign?
# man git-tag (git 2.39)
git tag
  -d --delete
  -f --force
  -a --annotate
  -s --sign
  -v --verify
  -l --list
  -e --edit
  -i --ignore-case
  values: -m|--message -F|--file -u|--local-user --sort --format --cleanup -n?
# man git-add (git 2.39)
git add
  -f --force
  -A --all --no-ignore-removal
  -n --dry-run
  -u --update
  -p --patch
  -i --interactive
  -e --edit
  -N --intent-to-add
  -v --verbose
  values: --chmod --pathspec-from-file
# man git-rm (git 2.39)
git rm
  -r
  -f --force
  -n --dry-run
  -q --quiet
  values: --pathspec-from-file
# man git-worktree (git 2.39)
git worktree
  -f --force
  -d --detach
  -n --dry-run
  -q --quiet
  -v --verbose
  values: -b -B --reason --expire
# man git-stash (git 2.39)
git stash
  -a --all
  -u --include-untracked
  -k --keep-index
  -p --patch
  -S --staged
  -q --quiet
  values: -m|--message --pathspec-from-file
# man git-fetch (git 2.39)
git fetch
  -f --force
  -p --prune
  -P --prune-tags
  -a --append
  -t --tags
  -n --no-tags
  -k --keep
  -u --update-head-ok
  -q --quiet
  -v --verbose
  values: -j|--jobs -o|--server-option --depth --upload-pack --refmap
# man git-pull (git 2.39): the fetch options, and -r, --rebase
git pull
  -f --force
  -p --prune
  -P --prune-tags
  -a --append
  -t --tags
  -n --no-tags
  -k --keep
  -u --update-head-ok
  -q --quiet
  -v --verbose
  -r --rebase
  values: -j|--jobs -o|--server-option --depth --upload-pack --refmap -s|--strategy
  values: -X|--strategy-option
# man git-rebase (git 2.39): --no-ff, --force-rebase, -f
git rebase
  -i --interactive
  -f --force-rebase --no-ff
  -m --merge
  -q --quiet
  -v --verbose
  -n --no-stat
  -r --rebase-merges
  values: -s|--strategy -X|--strategy-option -x|--exec --onto -S|--gpg-sign?
# 'docker rm --help' (Docker 28.2): -f, --force; -v, --volumes; 'podman rm --help'
docker rm, docker container rm, docker container remove, podman rm
  -f --force
  -v --volumes
  -l --link
# 'docker rmi --help' (Docker 28.2)
docker rmi, docker image rm, docker image remove, podman rmi
  -f --force
# 'docker system prune --help' (Docker 28.2): -a, --all; -f, --force
docker system prune, docker volume prune, docker image prune, podman system prune
  -a --all
  -f --force
  values: --filter
# 'docker run --help' (Docker 28.2)
docker run, docker container run, docker create, podman run
  -d --detach
  -i --interactive
  -t --tty
  -P --publish-all
  -q --quiet
  --rm
  --init
  --privileged
  --read-only
  --no-healthcheck
  --oom-kill-disable
  --sig-proxy
  --disable-content-trust
  --use-api-socket
  values: -v|--volume -e|--env --env-file -p|--publish --name -w|--workdir -u|--user --network
  values: --mount --entrypoint -l|--label -m|--memory --cpus -h|--hostname --add-host --device
  values: --cap-add --cap-drop --security-opt --platform --pull --restart --ulimit -a|--attach
  values: --gpus --ipc --pid --log-driver --log-opt --tmpfs --volumes-from --dns --expose
  values: --group-add --cidfile --label-file --link --runtime --shm-size --stop-signal
  values: --stop-timeout --userns --uts
# 'kubectl delete --help' (kubectl 1.32): -f is --filename, not force
kubectl delete
  -A --all-namespaces
  -i --interactive
  -R --recursive
  values: -f|--filename -l|--selector -k|--kustomize -o|--output --field-selector --grace-period
  values: --cascade --timeout --raw
# npm 11.19 shorthands (@npmcli/config definitions): -f --force, -g --global, ...
npm
  -f --force
  -g --global
  -D --save-dev
  -E --save-exact
  -S --save
  -O --save-optional
  -P --save-prod
  -y --yes
  -ws --workspaces
  values: -w|--workspace -C|--prefix --tag --otp --access --registry
# 'pnpm --help' (pnpm 12.21)
pnpm
  -r --recursive
  -w --workspace-root
  -g --global
  -D --save-dev
  -P --save-prod
  -O --save-optional
  -E --save-exact
  -f --force
  values: -F|--filter -C|--dir
# 'cargo help install', 'cargo help build' (cargo 1.9x)
cargo
  -q --quiet
  -v --verbose
  -r --release
  -f --force
  values: -p|--package -j|--jobs -F|--features --target --manifest-path --registry --token
# node --help (Node.js 20): -e, --eval=...; -p, --print [...]; -r, --require=...
node
  -c --check
  -i --interactive
  values: -e|--eval -p|--print -r|--require --import --loader
# man curl (curl 7.88)
curl
  -k --insecure
  -L --location
  -s --silent
  -S --show-error
  -f --fail
  -O --remote-name
  -I --head
  -i --include
  -v --verbose
  -G --get
  values: -X|--request -o|--output -d|--data --data-raw --data-binary -H|--header -u|--user
  values: -T|--upload-file -F|--form -x|--proxy -A|--user-agent -e|--referer -b|--cookie
  values: -c|--cookie-jar -K|--config -w|--write-out -m|--max-time -r|--range -C|--continue-at
  values: -E|--cert --url
`;
