/**
 * Kubernetes resource types under all their names, for deny and ask rules on `kubectl` and `oc`
 * (`Bash(kubectl delete namespace:*)` must hold for `kubectl delete ns prod`,
 * `kubectl delete namespaces/prod`, `kubectl delete ns,deploy --all`). A resource word is read as
 * the type's plural name, as `kubectl api-resources` lists it; `TYPE/NAME` is the type and the
 * name; `TYPE.GROUP` (`deployments.apps`) the type; a comma list each type in turn; `all` every
 * type of kubectl's `all` category. Allow rules never use this. Pure data, read when kubectl is
 * first looked up.
 *
 * @module
 */

/** What this module needs of a reading (`command_reading.ts`'s `Reading`). */
export interface KubeReading {
  /** The program's name. */
  program: string;
  /** The positional words. */
  positionals: { word: string | null; optional: boolean; index: number }[];
  /** The options, by the names they set and their spelling. */
  options: readonly { ids: readonly string[]; spelling: string }[];
  /** The readings taken, for `skald explain`. */
  notes: string[];
}

/** Options that name the resources elsewhere: a manifest, a kustomization, an API path. */
const ELSEWHERE = new Set(["-f", "--filename", "-k", "--kustomize", "--raw"]);

// Each line: the plural name (what a rule and a command are read as), then the short names and
// the singular (the kind in lower case) kubectl also takes.
// deno-fmt-ignore
const TABLE = `
# 'kubectl api-resources' (Kubernetes 1.30): NAME, SHORTNAMES, KIND
bindings binding
componentstatuses cs componentstatus
configmaps cm configmap
endpoints ep
events ev event
limitranges limits limitrange
namespaces ns namespace
nodes no node
persistentvolumeclaims pvc persistentvolumeclaim
persistentvolumes pv persistentvolume
pods po pod
podtemplates podtemplate
replicationcontrollers rc replicationcontroller
resourcequotas quota resourcequota
secrets secret
serviceaccounts sa serviceaccount
services svc service
mutatingwebhookconfigurations mutatingwebhookconfiguration
validatingwebhookconfigurations validatingwebhookconfiguration
customresourcedefinitions crd crds customresourcedefinition
apiservices apiservice
controllerrevisions controllerrevision
daemonsets ds daemonset
deployments deploy deployment
replicasets rs replicaset
statefulsets sts statefulset
horizontalpodautoscalers hpa horizontalpodautoscaler
cronjobs cj cronjob
jobs job
certificatesigningrequests csr certificatesigningrequest
leases lease
endpointslices endpointslice
ingressclasses ingressclass
ingresses ing ingress
networkpolicies netpol networkpolicy
runtimeclasses runtimeclass
poddisruptionbudgets pdb poddisruptionbudget
clusterrolebindings clusterrolebinding
clusterroles clusterrole
rolebindings rolebinding
roles role
priorityclasses pc priorityclass
csidrivers csidriver
csinodes csinode
storageclasses sc storageclass
volumeattachments volumeattachment
# OpenShift ('oc api-resources'): deleting a project deletes its namespace
namespaces projects project
`;

/** kubectl's `all` category (`kubectl api-resources --categories=all`). */
const ALL = [
  "pods",
  "services",
  "daemonsets",
  "deployments",
  "replicasets",
  "statefulsets",
  "horizontalpodautoscalers",
  "cronjobs",
  "jobs",
  "replicationcontrollers",
];

/** Where a verb's resource word stands among the positional words (`rollout restart TYPE`). */
const RESOURCE_AT: Readonly<Record<string, number>> = {
  get: 1,
  describe: 1,
  delete: 1,
  edit: 1,
  patch: 1,
  replace: 1,
  label: 1,
  annotate: 1,
  scale: 1,
  autoscale: 1,
  expose: 1,
  explain: 1,
  wait: 1,
  create: 1,
  top: 1,
  logs: 1,
  "port-forward": 1,
  rollout: 2,
  set: 2,
};

/** At most this many readings of one command's resources. */
const MAX_RESOURCES = 16;

let names: Map<string, string> | undefined;

/** Each name -> the plural it is read as. */
function index(): Map<string, string> {
  if (names !== undefined) return names;
  const map = new Map<string, string>();
  for (const line of TABLE.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [plural, ...others] = line.split(" ") as [string, ...string[]];
    map.set(plural, plural);
    for (const o of others) map.set(o, plural);
  }
  return names = map;
}

/**
 * True when the program names Kubernetes resources.
 *
 * @param program the program's name
 * @returns whether it is kubectl or oc
 */
export function namesKubeResources(program: string): boolean {
  return program === "kubectl" || program === "oc";
}

/** The plural a resource type word is read as (`deploy`, `deployments.apps`), or the word. */
function plural(type: string): string {
  const t = type.toLowerCase();
  const map = index();
  return map.get(t) ?? map.get(t.slice(0, t.indexOf(".") === -1 ? t.length : t.indexOf("."))) ??
    type;
}

/**
 * The readings of a kubectl or oc command with its resource words read as the types' plural
 * names: one per type it names (`pods,svc`, `all`, each `TYPE/NAME`); the reading itself when
 * nothing changes.
 *
 * @param r a reading of the command
 * @returns its readings
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCommand } from "./command_reading.ts";
 *
 * const words = (c: string) =>
 *   readCommand(c.split(" ")).map((r) => r.positionals.map((s) => s.word).join(" "));
 * assert.deepEqual(words("kubectl delete ns prod"), ["delete namespaces prod"]);
 * assert.deepEqual(words("kubectl delete deploy/web svc/web"), [
 *   "delete deployments web svc/web",
 *   "delete services web deploy/web",
 * ]);
 * assert.deepEqual(words("kubectl rollout restart deployment.apps/api"), [
 *   "rollout restart deployments api",
 * ]);
 * ```
 */
export function kubeResourceReadings<R extends KubeReading>(r: R): R[] {
  if (!namesKubeResources(r.program)) return [r];
  const slots = r.positionals;
  const verb = slots[0]?.word;
  const at = typeof verb === "string" ? RESOURCE_AT[verb] : undefined;
  const first = at === undefined ? undefined : slots[at];
  if (at === undefined) return [r];
  if (first === undefined) {
    // `kubectl delete -f ns.yaml`, `-k .`, `--raw /api/v1/namespaces/x`: the types are in the
    // file or the path, only known when it runs (any type a rule names may be among them).
    const elsewhere = r.options.some((o) =>
      o.ids.some((id) => ELSEWHERE.has(id)) || ELSEWHERE.has(o.spelling.replace(/=.*$/, ""))
    );
    if (!elsewhere || slots.length < at) return [r];
    const index = slots[at - 1]?.index ?? 0;
    const any = { word: null, optional: false, index };
    return [r, {
      ...r,
      positionals: [...slots, any],
      notes: [...r.notes, "the types are in a file"],
    }];
  }
  if (first.word === null) return [r];
  // The resource words: the first one, and with `TYPE/NAME` every later `TYPE/NAME` too.
  const at2 = first.word.includes("/")
    ? slots.flatMap((s, i) => i >= at && s.word?.includes("/") ? [i] : [])
    : [at];
  const out: R[] = [];
  for (const i of at2) {
    const slot = slots[i]!;
    const word = slot.word!;
    const cut = word.indexOf("/");
    const types = cut === -1 ? word.split(",") : [word.slice(0, cut)];
    const name = cut === -1 ? undefined : word.slice(cut + 1);
    for (const type of types.flatMap((t) => t.toLowerCase() === "all" ? ALL : [t])) {
      const p = plural(type);
      const read = [{ ...slot, word: p }, ...(name ? [{ ...slot, word: name }] : [])];
      const rest = slots.filter((_, k) => k >= at && k !== i);
      const positionals = [...slots.slice(0, at), ...read, ...rest];
      if (
        positionals.length === slots.length &&
        positionals.every((s, k) => s.word === slots[k]!.word)
      ) {
        out.push(r);
        continue;
      }
      const note = `\`${word}\` is \`${[p, name].filter(Boolean).join(" ")}\``;
      out.push({ ...r, positionals, notes: [...r.notes, note] });
    }
  }
  if (out.length <= MAX_RESOURCES) return out;
  // Too many to try one by one: any type may be the one a rule names.
  const any = { ...first, word: null };
  const positionals = [...slots.slice(0, at), any, ...slots.slice(at + 1)];
  return [out[0]!, { ...r, positionals, notes: [...r.notes, `${out.length} resource types`] }];
}
