/**
 * The transcript reader against every permission observation of the oracle (issue 15, point
 * 3): the transcripts Claude Code 2.1.332 wrote for the 34 runs of the oracle's
 * `cases/perm-*.json` (frozen by `freeze_perm_transcripts.ts`: 209 calls, every kind of
 * refusal the oracle README lists), each call's outcome held to what the oracle read from the
 * stream-json metadata, with the metadata beside each result and without it (as in older
 * transcripts, by the texts alone).
 */

import assert from "node:assert/strict";
import { readTranscript } from "../../lib/audit/transcript.ts";
import { AUDIT_FIXTURES, OUTCOME_OF } from "./_fixtures.ts";

interface Row {
  transcript: string;
  group: string;
  call: string;
  id: string;
  decision: string;
}

const ROWS: Row[] = JSON.parse(Deno.readTextFileSync(`${AUDIT_FIXTURES}perm/expect.json`));

function lines(transcript: string, strip: boolean): string[] {
  const text = Deno.readTextFileSync(`${AUDIT_FIXTURES}perm/${transcript}`);
  return text.trimEnd().split("\n").map((l) => {
    if (!strip || !l.includes('"tool_result"')) return l;
    const d = JSON.parse(l);
    delete d.toolDenialKind;
    delete d.permissionDecision;
    return JSON.stringify(d);
  });
}

for (const strip of [false, true]) {
  const how = strip ? "by the texts alone" : "with the metadata";
  Deno.test(`perm transcripts: every oracle call's outcome, ${how}`, async () => {
    const files = [...new Set(ROWS.map((r) => r.transcript))];
    assert.ok(
      ROWS.length >= 200 && files.length >= 30,
      `${ROWS.length} calls, ${files.length} files`,
    );
    const outcomes = new Map<string, string>();
    for (const f of files) {
      const read = await readTranscript(lines(f, strip), f);
      assert.deepEqual(read.problems, [], f);
      for (const c of read.calls) outcomes.set(`${f}\0${c.id}`, c.outcome);
    }
    const wrong = ROWS.filter((r) =>
      outcomes.get(`${r.transcript}\0${r.id}`) !== OUTCOME_OF[r.decision]
    )
      .map((r) =>
        `${r.group}#${r.call}: oracle ${r.decision}, read ${
          outcomes.get(`${r.transcript}\0${r.id}`)
        }`
      );
    assert.deepEqual(wrong, []);
  });
}
