/**
 * The archive readers (`lib/fs/archive_members.ts`, `tar_members.ts`, `zip_members.ts`) held
 * against the programs: each archive is made by `tar` or `zip` in a scratch directory, and the
 * names read are exactly what `tar -tf` or `unzip -Z1` lists; what the readers refuse
 * (bzip2, a corrupt header, an archive past its bound) gives undefined, never a shorter list.
 */

import assert from "node:assert/strict";
import { archiveMembers, loadGunzip, patchText } from "../../lib/fs/archive_members.ts";
import { MAX_MEMBERS } from "../../lib/fs/tar_members.ts";

async function has(program: string): Promise<boolean> {
  try {
    await new Deno.Command(program, { args: ["--help"], stdout: "null", stderr: "null" })
      .output();
    return true;
  } catch {
    return false;
  }
}
const gunzip = await loadGunzip();
const tools = { tar: await has("tar"), zip: await has("zip"), unzip: await has("unzip") };

async function sh(dir: string, script: string): Promise<string> {
  const out = await new Deno.Command("bash", { args: ["-c", script], cwd: dir }).output();
  if (!out.success) throw new Error(`${script}: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

/** A scratch tree of ordinary names: long ones, deep ones, dot files, a link. */
async function tree(dir: string): Promise<void> {
  await sh(
    dir,
    [
      "mkdir -p src/deep/er docs secrets empty",
      "echo a > src/a.py; echo b > src/deep/er/b.ts; echo k > secrets/key; echo e > .env",
      `echo l > "docs/${"long-name-".repeat(12)}.md"`,
      `mkdir -p "${"d".repeat(90)}/${"e".repeat(90)}" && echo x > "${"d".repeat(90)}/${
        "e".repeat(90)
      }/f.txt"`,
      "ln -s ../secrets src/keys; ln src/a.py src/hard.py",
    ].join(" && "),
  );
}

const lines = (s: string) => s.split("\n").filter((l) => l !== "");

const TAR_CASES: { name: string; make: string; file: string; read: "same" | "undefined" }[] = [
  {
    name: "GNU format (long names as L headers)",
    make: "tar -cf a.tar t",
    file: "a.tar",
    read: "same",
  },
  {
    name: "pax format (long names as pax paths)",
    make: "tar --format=pax -cf a.tar t",
    file: "a.tar",
    read: "same",
  },
  {
    name: "ustar format (names split by the prefix)",
    make: "tar --format=ustar -cf a.tar t/src t/ddd*",
    file: "a.tar",
    read: "same",
  },
  { name: "v7 format", make: "tar --format=v7 -cf a.tar t/src", file: "a.tar", read: "same" },
  { name: "gzip-compressed", make: "tar -czf a.tgz t", file: "a.tgz", read: "same" },
  {
    name: "two gzip members (gzip reads on)",
    make: "tar -cf - t/src | gzip > a.tgz && gzip -c /dev/null >> a.tgz",
    file: "a.tgz",
    read: "same",
  },
  { name: "bzip2: not read", make: "tar -cjf a.tbz t", file: "a.tbz", read: "undefined" },
  { name: "xz: not read", make: "tar -cJf a.txz t", file: "a.txz", read: "undefined" },
  {
    name: "a corrupt header: not read",
    make: "tar -cf a.tar t && printf 'X' | dd of=a.tar bs=1 seek=10 conv=notrunc status=none",
    file: "a.tar",
    read: "undefined",
  },
  {
    name: "with ./ names (tar -C t .)",
    make: "tar -C t -cf a.tar .",
    file: "a.tar",
    read: "same",
  },
];

for (const c of TAR_CASES) {
  Deno.test({
    name: `archive members: tar, ${c.name}`,
    ignore: !tools.tar,
    fn: async () => {
      const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-tar-" }));
      try {
        await Deno.mkdir(`${dir}/t`);
        await tree(`${dir}/t`);
        await sh(dir, c.make);
        const got = archiveMembers(`${dir}/${c.file}`, "tar", gunzip);
        if (c.read === "undefined") return assert.equal(got, undefined);
        assert.ok(got !== undefined && got !== "missing");
        const listed = lines(await sh(dir, `tar --quoting-style=literal -tf ${c.file}`));
        assert.deepEqual(got.members.map((m) => m.name), listed);
        assert.equal(got.trailing, false);
        const link = got.members.find((m) => m.name.endsWith("src/keys"));
        if (link !== undefined) {
          assert.deepEqual(link, { ...link, kind: "symlink", target: "../secrets" });
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

Deno.test({
  name: "archive members: a gzip-compressed tar without the decompressor is not read",
  ignore: !tools.tar,
  fn: async () => {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-tar-" }));
    try {
      await sh(dir, "echo a > a && tar -czf a.tgz a");
      assert.equal(archiveMembers(`${dir}/a.tgz`, "tar"), undefined);
      assert.deepEqual(
        (archiveMembers(`${dir}/a.tgz`, "tar", gunzip) as { members: unknown[] }).members,
        [{ name: "a", kind: "file" }],
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "archive members: tar stops at its end mark, and says something follows (tar -i reads it)",
  ignore: !tools.tar,
  fn: async () => {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-tar-" }));
    try {
      await sh(dir, "echo a > a && echo b > b && tar -cf 1.tar a && tar -cf 2.tar b");
      await sh(dir, "cat 1.tar 2.tar > both.tar");
      const got = archiveMembers(`${dir}/both.tar`, "tar");
      assert.ok(got !== undefined && got !== "missing");
      assert.deepEqual(got.members.map((m) => m.name), lines(await sh(dir, "tar -tf both.tar")));
      assert.deepEqual(got.members.map((m) => m.name), ["a"]);
      assert.equal(got.trailing, true);
      assert.deepEqual(lines(await sh(dir, "tar -itf both.tar")), ["a", "b"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "archive members: a tar of more members than are read is not read",
  ignore: !tools.tar,
  fn: async () => {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-tar-" }));
    try {
      await sh(
        dir,
        `mkdir m && cd m && seq 1 ${MAX_MEMBERS + 1} | xargs touch && cd .. && tar -cf m.tar m`,
      );
      assert.equal(archiveMembers(`${dir}/m.tar`, "tar"), undefined);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

const ZIP_CASES: { name: string; make: string; read: "same" | "undefined" }[] = [
  { name: "zip -r", make: "cd t && zip -qr ../a.zip . && cd ..", read: "same" },
  {
    name: "zip -r of a folder, links stored as links (-y)",
    make: "zip -qry a.zip t",
    read: "same",
  },
  { name: "no directory entries (-D)", make: "zip -qrD a.zip t", read: "same" },
  {
    name: "a comment at its end",
    make: "zip -qr a.zip t && echo note | zip -qz a.zip",
    read: "same",
  },
  {
    name: "data before it (a self-extractor)",
    make: "zip -qr b.zip t && (head -c 1000 /dev/urandom; cat b.zip) > a.zip && zip -qA a.zip",
    read: "same",
  },
  {
    name: "zip64 records (-fz)",
    make: "zip -qr -fz a.zip t",
    read: "same",
  },
  { name: "not a zip: not read", make: "echo hello > a.zip", read: "undefined" },
];

for (const c of ZIP_CASES) {
  Deno.test({
    name: `archive members: zip, ${c.name}`,
    ignore: !tools.zip || !tools.unzip,
    fn: async () => {
      const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-zip-" }));
      try {
        await Deno.mkdir(`${dir}/t`);
        await tree(`${dir}/t`);
        await sh(dir, c.make);
        const got = archiveMembers(`${dir}/a.zip`, "zip");
        if (c.read === "undefined") return assert.equal(got, undefined);
        assert.ok(got !== undefined && got !== "missing");
        assert.deepEqual(got.members.map((m) => m.name), lines(await sh(dir, "unzip -Z1 a.zip")));
        const link = got.members.find((m) => m.name.endsWith("src/keys"));
        if (c.make.includes("-qry")) assert.equal(link?.kind, "symlink");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}

Deno.test("archive members: missing, a directory, a fifo", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "skald-arch-" }));
  try {
    assert.equal(archiveMembers(`${dir}/none.tar`, "tar"), "missing");
    assert.equal(archiveMembers(dir, "zip"), undefined);
    assert.equal(patchText(`${dir}/none.patch`), "missing");
    const fifo = await new Deno.Command("mkfifo", { args: [`${dir}/p`] }).output();
    if (fifo.success) {
      assert.equal(archiveMembers(`${dir}/p`, "tar"), undefined);
      assert.equal(patchText(`${dir}/p`), undefined);
    }
    await Deno.writeTextFile(`${dir}/x.patch`, "--- a/x\n+++ b/x\n");
    assert.equal(patchText(`${dir}/x.patch`), "--- a/x\n+++ b/x\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
