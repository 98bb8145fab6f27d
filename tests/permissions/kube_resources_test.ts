/**
 * Kubernetes resource types under all their names (`lib/permissions/reading/kube_resources.ts`):
 * a deny or ask rule on `kubectl delete namespace` holds for every spelling kubectl takes for the
 * same deletion (short names, plurals, `TYPE/NAME`, `TYPE.GROUP`, comma lists, `all`), and only
 * for those; allow rules stay as written.
 */

import assert from "node:assert/strict";
import { Policy } from "../../lib/permissions/policy.ts";
import type { Verdict } from "../../lib/permissions/verdict.ts";
import { testEnv } from "../_env.ts";

interface Case {
  name: string;
  command: string;
  verdict: Verdict;
  rule?: string;
}

const DENY = [
  "Bash(kubectl delete namespace:*)",
  "Bash(kubectl delete deploy:*)",
  "Bash(oc delete pvc:*)",
  "Bash(oc delete namespace:*)",
];

const CASES: Case[] = [
  // One resource type, every name kubectl takes for it.
  { name: "the short name", command: "kubectl delete ns prod", verdict: "deny", rule: DENY[0] },
  { name: "the plural", command: "kubectl delete namespaces prod", verdict: "deny", rule: DENY[0] },
  { name: "TYPE/NAME", command: "kubectl delete namespace/prod", verdict: "deny", rule: DENY[0] },
  {
    name: "TYPE.GROUP",
    command: "kubectl delete deployments.apps web",
    verdict: "deny",
    rule: DENY[1],
  },
  { name: "TYPE.GROUP/NAME", command: "kubectl delete deployment.apps/web", verdict: "deny" },
  { name: "in capitals", command: "kubectl delete NS prod", verdict: "deny", rule: DENY[0] },
  { name: "a comma list", command: "kubectl delete svc,ns --all", verdict: "deny", rule: DENY[0] },
  {
    name: "a later TYPE/NAME",
    command: "kubectl delete svc/a deploy/b",
    verdict: "deny",
    rule: DENY[1],
  },
  {
    name: "all: kubectl's category",
    command: "kubectl delete all --all",
    verdict: "deny",
    rule: DENY[1],
  },
  { name: "after a global option", command: "kubectl -n prod delete deploy web", verdict: "deny" },
  {
    name: "oc's long name",
    command: "oc delete persistentvolumeclaim data",
    verdict: "deny",
    rule: DENY[2],
  },
  {
    name: "an option before the type",
    command: "kubectl delete --wait=false ns prod",
    verdict: "deny",
  },
  // The red team's: the types named elsewhere (a manifest, a kustomization, an API path) may be
  // any, and OpenShift's projects are namespaces.
  { name: "-f FILE", command: "kubectl delete -f ns.yaml", verdict: "deny" },
  { name: "--filename=FILE", command: "kubectl delete --filename=ns.yaml", verdict: "deny" },
  { name: "-f - (standard input)", command: "cat ns.yaml | kubectl delete -f -", verdict: "deny" },
  { name: "-k DIR", command: "kubectl delete -k .", verdict: "deny" },
  { name: "--raw PATH", command: "kubectl delete --raw /api/v1/namespaces/prod", verdict: "deny" },
  {
    name: "oc delete project",
    command: "oc delete project prod",
    verdict: "deny",
    rule: "Bash(oc delete namespace:*)",
  },
  { name: "oc delete projects/NAME", command: "oc delete projects/prod", verdict: "deny" },
  {
    name: "get -f reads, under a delete rule",
    command: "kubectl get -f ns.yaml",
    verdict: "allow",
  },
  // Other types, other verbs, other programs: the rule does not speak.
  { name: "another type", command: "kubectl delete pod web", verdict: "allow" },
  {
    name: "all holds no namespace",
    command: "kubectl delete all --all -n x",
    verdict: "deny",
    rule: DENY[1],
  },
  { name: "another verb", command: "kubectl get ns", verdict: "allow" },
  {
    name: "a type no table knows",
    command: "kubectl delete widgets.example.com w",
    verdict: "allow",
  },
  { name: "a name like a type", command: "kubectl delete pod ns", verdict: "allow" },
  {
    name: "rollout restart of another type",
    command: "kubectl rollout restart sts/db",
    verdict: "allow",
  },
];

Deno.test("kube resources: a rule on one type's name holds for all of its names", () => {
  const policy = new Policy({
    sources: [{
      label: ".claude/settings.json",
      scope: "project",
      deny: DENY,
      allow: ["Bash(kubectl:*)", "Bash(oc:*)"],
    }],
    env: testEnv(),
  });
  const failures = CASES.flatMap((c) => {
    const d = policy.decide({ tool: "Bash", input: { command: c.command } });
    const bad = d.verdict !== c.verdict || (c.rule !== undefined && d.rule !== c.rule);
    return bad ? [`${c.name}: ${c.command} -> ${d.verdict} ${d.rule ?? ""}`] : [];
  });
  assert.deepEqual(failures, []);
});

Deno.test("kube resources: the rule itself may use any name, and rollout takes its type third", () => {
  const policy = new Policy({
    sources: [{
      label: "p",
      scope: "project",
      ask: ["Bash(kubectl delete namespaces:*)", "Bash(kubectl rollout restart deployment:*)"],
      allow: ["Bash(kubectl:*)"],
    }],
    env: testEnv(),
  });
  const verdict = (command: string) => policy.decide({ tool: "Bash", input: { command } }).verdict;
  assert.equal(verdict("kubectl delete ns prod"), "ask");
  assert.equal(verdict("kubectl rollout restart deploy/web"), "ask");
  assert.equal(verdict("kubectl rollout restart deployments.apps api"), "ask");
  assert.equal(verdict("kubectl rollout status deploy/web"), "allow");
});

Deno.test("kube resources: an allow rule stays as written", () => {
  const policy = new Policy({
    sources: [{ label: "p", scope: "project", allow: ["Bash(kubectl get pods:*)"] }],
    env: testEnv(),
  });
  assert.equal(
    policy.decide({ tool: "Bash", input: { command: "kubectl get pods" } }).verdict,
    "allow",
  );
  assert.notEqual(
    policy.decide({ tool: "Bash", input: { command: "kubectl get po" } }).verdict,
    "allow",
  );
});
