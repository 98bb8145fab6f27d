/**
 * The entry of the resident decider's client bundle (`lib/_generated/hook_client.js`): all that
 * `main.ts` loads for a hook call the resident decider answers, in one file (docs/hook.md, "The
 * resident decider"): the client, the input reader and the digest of the hook's bundle.
 *
 * @module
 */

export { callResident } from "../hook/resident_client.ts";
export { readAll } from "../fs/read_all.ts";
export { HOOK_BUNDLE_SHA256 } from "../_generated/hook_digest.ts";
