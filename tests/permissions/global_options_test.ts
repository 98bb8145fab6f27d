/**
 * Issue 11, point 1: global options before the subcommand. A deny or ask rule's words are held
 * against the command's words after the program's global options (`global_options.ts`, each
 * checked against the program's own documentation): `Bash(git push:*)` denies `git -C x push`.
 * Both ways: the same command with another subcommand, or a global option's value that looks
 * like the subcommand, keeps its verdict (a bare `Bash` allow rule is in force, so "allow"
 * means "no deny rule matched").
 */

import { run } from "./_deny_rows.ts";

run("1. git's global options before the subcommand (man git, git.c)", [
  {
    rule: "Bash(git push:*)",
    deny: [
      ["git -C . push origin main", "-C DIR"],
      ["git -C. push", "-CDIR (git refuses it)"],
      ["git -c k.v=1 push", "-c K=V"],
      ["git -ck.v=1 push", "-cK=V (git refuses it)"],
      ["git --git-dir=.git push", "--git-dir="],
      ["git --git-dir .git push", "--git-dir DIR"],
      ["git --work-tree=. push", "--work-tree="],
      ["git --work-tree . push", "--work-tree DIR"],
      ["git --namespace=n push", "--namespace="],
      ["git --namespace n push", "--namespace N"],
      ["git --exec-path=/x push", "--exec-path="],
      ["git --no-pager push", "--no-pager"],
      ["git -P push", "-P"],
      ["git -p push", "-p"],
      ["git --paginate push", "--paginate"],
      ["git --bare push", "--bare"],
      ["git --no-replace-objects push", "--no-replace-objects"],
      ["git --literal-pathspecs push", "--literal-pathspecs"],
      ["git --glob-pathspecs push", "--glob-pathspecs"],
      ["git --noglob-pathspecs push", "--noglob-pathspecs"],
      ["git --icase-pathspecs push", "--icase-pathspecs"],
      ["git --no-optional-locks push", "--no-optional-locks"],
      ["git --config-env=a.b=HOME push", "--config-env="],
      ["git --config-env a.b=HOME push", "--config-env K=ENV"],
      ["git --attr-source HEAD push", "--attr-source T"],
      ["git --shallow-file f push", "--shallow-file F"],
      ["git --no-advice push", "--no-advice"],
      ["git --no-lazy-fetch push", "--no-lazy-fetch"],
      ["git -- push", "-- (git refuses it)"],
      ["git -Pp push", "-Pp (git refuses it)"],
      ["git -C a -c x.y=z --no-pager --bare push", "several"],
      ["git --new-option v push", "an option git does not know, with a value"],
      ['git -C "$DIR" push', "a value known at run time"],
      ["git -c alias.p=push p origin main", "-c alias.p=push"],
      ["git -c 'alias.x=!git push' x", "-c alias.x=!shell"],
      ["git --config-env=alias.x=E x", "--config-env=alias.x=ENV"],
      ["/usr/lib/git-core/git-push origin", "git-push, the dashed form"],
      ["sudo git -C /repo push", "through sudo"],
      ["bash -c 'git --no-pager push'", "through bash -c"],
      ["cd x && git -C y push", "after &&"],
      // Issue 10: a literal command written in an argument is a part of its own, used or not.
      ["git -c alias.p=push status", "an alias defined and not used"],
    ],
    allow: [
      ["git -C x status", "-C x status"],
      ["git -C push status", "-C push status: push is the directory"],
      ["git -c push.default=simple status", "-c push.default=x status"],
      ["git --git-dir push log", "--git-dir push log"],
      ["git --no-pager log", "--no-pager log"],
      ["git -C . pushx", "another word: pushx"],
      ["git -c alias.p=status p", "an alias of another command"],
      ["hg -C . push", "another program"],
      ["git-lfs push origin", "git-lfs push is not git push"],
      ["git --version push", "--version push prints the version"],
    ],
  },
  {
    rule: "Bash(git reset --hard:*)",
    deny: [
      ["git --no-pager reset --hard", "git reset --hard"],
    ],
  },
  {
    rule: "Bash(git push --force:*)",
    deny: [
      ["git -c 'alias.fp=push --force' fp", "-c alias with options"],
    ],
  },
]);

run("1. other programs' global options (each program's documentation)", [
  {
    rule: "Bash(docker rm:*)",
    deny: [
      ["docker --context prod rm c1", "docker --context"],
      ["docker -c prod rm c1", "docker -c"],
      ["docker -H tcp://h:2375 rm c1", "docker -H"],
      ["docker --config /tmp/c rm c1", "docker --config"],
      ["docker --log-level=debug rm c1", "docker --log-level="],
      ["docker -Dl debug rm c1", "docker -D -l"],
      ["docker --tlsverify --tlscacert ca.pem rm c1", "docker --tlsverify --tlscacert"],
    ],
    allow: [
      ["docker --context prod ps", "docker ps"],
      ["docker --context rm ps", "docker --context rm ps: rm is the context"],
    ],
  },
  {
    rule: "Bash(podman rm:*)",
    deny: [
      ["podman -c remote rm c1", "podman --connection"],
      ["podman --root /var/x rm c1", "podman --root"],
    ],
    allow: [
      ["podman --root /var/x ps", "podman ps"],
    ],
  },
  {
    rule: "Bash(kubectl delete:*)",
    deny: [
      ["kubectl -n prod delete pod x", "kubectl -n"],
      ["kubectl -nprod delete pod x", "kubectl -nNS"],
      ["kubectl --namespace=prod delete pod x", "kubectl --namespace="],
      ["kubectl --context prod delete pod x", "kubectl --context"],
      ["kubectl --kubeconfig k.yaml delete pod x", "kubectl --kubeconfig"],
      ["kubectl --cluster c --user u delete pod x", "kubectl --cluster --user"],
      ["kubectl -s https://k:6443 delete pod x", "kubectl -s"],
      ["kubectl --insecure-skip-tls-verify delete pod x", "kubectl --insecure-skip-tls-verify"],
    ],
    allow: [
      ["kubectl -n delete get pods", "kubectl get"],
    ],
  },
  {
    rule: "Bash(kubectl delete pod:*)",
    deny: [
      ["kubectl delete -n prod pod x", "kubectl delete pod, -n between"],
    ],
  },
  {
    rule: "Bash(oc delete:*)",
    deny: [
      ["oc -n prod delete pod x", "oc -n"],
    ],
    allow: [
      ["oc -n prod get pods", "oc get"],
    ],
  },
  {
    rule: "Bash(helm uninstall:*)",
    deny: [
      ["helm -n web uninstall web", "helm -n"],
      ["helm --kube-context prod uninstall web", "helm --kube-context"],
    ],
    allow: [
      ["helm -n web list", "helm list"],
    ],
  },
  {
    rule: "Bash(npm publish:*)",
    deny: [
      ["npm --prefix pkg publish", "npm --prefix"],
      ["npm -w packages/a publish", "npm -w"],
      ["npm --workspace=a publish", "npm --workspace="],
      ["npm -ws publish", "npm -ws"],
    ],
    allow: [
      ["npm --prefix pkg test", "npm test"],
      ["npm --prefix publish test", "npm --prefix publish test"],
    ],
  },
  {
    rule: "Bash(pnpm publish:*)",
    deny: [
      ["pnpm -C pkg publish", "pnpm -C"],
      ["pnpm --dir pkg publish", "pnpm --dir"],
      ["pnpm --filter a publish", "pnpm --filter"],
      ["pnpm -F a publish", "pnpm -F"],
      ["pnpm -r publish", "pnpm -r"],
    ],
    allow: [
      ["pnpm -r --filter a build", "pnpm build"],
    ],
  },
  {
    rule: "Bash(yarn publish:*)",
    deny: [
      ["yarn --cwd pkg publish", "yarn --cwd"],
    ],
    allow: [
      ["yarn --cwd pkg build", "yarn build"],
    ],
  },
  {
    rule: "Bash(cargo publish:*)",
    deny: [
      ["cargo +nightly publish", "cargo +toolchain"],
      ["cargo -Z unstable-options publish", "cargo -Z"],
      ["cargo --config net.offline=true publish", "cargo --config"],
      ["cargo -C crates/a publish", "cargo -C"],
    ],
    allow: [
      ["cargo +nightly build", "cargo build"],
    ],
  },
  {
    rule: "Bash(terraform destroy:*)",
    deny: [
      ["terraform -chdir=infra destroy", "terraform -chdir="],
    ],
    allow: [
      ["terraform -chdir=infra plan", "terraform plan"],
      ["terraform plan -destroy", "terraform plan -destroy"],
    ],
  },
  {
    rule: "Bash(make deploy:*)",
    deny: [
      ["make -C infra deploy", "make -C"],
      ["make -f Other.mk deploy", "make -f"],
      ["make -j 4 deploy", "make -j N"],
      ["make ENV=prod deploy", "make VAR=value"],
      ["make build deploy", "make, the second target"],
    ],
    allow: [
      ["make -C deploy build", "make build"],
      ["make deploy-docs", "make deploy-docs"],
    ],
  },
  {
    rule: "Bash(gh repo delete:*)",
    deny: [
      ["gh -R o/r repo delete", "gh -R"],
    ],
  },
  {
    rule: "Bash(gh pr close:*)",
    deny: [
      ["gh --repo=o/r pr close 1", "gh --repo="],
    ],
    allow: [
      ["gh -R o/r pr view 1", "gh pr view"],
    ],
  },
  {
    rule: "Bash(aws s3 rm:*)",
    deny: [
      ["aws --profile p s3 rm s3://b/k", "aws --profile"],
      ["aws --region eu-west-1 --output json s3 rm s3://b/k", "aws --region --output"],
      ["aws s3 --profile p rm s3://b/k", "aws --profile between"],
    ],
    allow: [
      ["aws --profile p s3 ls", "aws s3 ls"],
    ],
  },
  {
    rule: "Bash(gcloud projects delete:*)",
    deny: [
      ["gcloud --project p projects delete x", "gcloud --project"],
      ["gcloud -q --account a projects delete x", "gcloud -q --account"],
    ],
    allow: [
      ["gcloud --project p projects list", "gcloud projects list"],
    ],
  },
]);

run("1. git aliases: chains, loops and shell aliases", [
  {
    rule: "Bash(git push:*)",
    deny: [
      ["git -c alias.a=b -c alias.b=push a", "an alias of an alias"],
      ["git -c alias.a=b -c alias.b=a a", "a loop (git refuses it): it may run anything"],
      ["git -c 'alias.x=!f(){ git p$1; }; f' x ush", "a shell alias that builds the word"],
      [
        "git " + Array.from({ length: 12 }, (_, i) => `-c alias.a${i}=a${i + 1}`).join(" ") +
        " -c alias.a12=push a0",
        "a chain longer than skald follows: it may run anything",
      ],
    ],
    allow: [
      ["git -c alias.a=b -c alias.b=status a", "a chain to another command"],
      ["git -c alias.x=log x --oneline", "an alias of another command"],
    ],
  },
]);
