// The state directory and the lock against a hostile or crowded machine,
// through the built CLI, each bounded:
//   - planted `done-*`/`journal-*` files and a symlinked `.chord-patch/`;
//   - two roots on one file (-C ROOT and -C ROOT/sub): 500+ processes, no
//     reported edit missing from the file;
//   - a PID-namespace lock (where `unshare -p -f --mount-proc` works, as
//     root): a holder in another namespace is waited for, never broken;
//   - recover on a full disk (a small tmpfs, as root).

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { rootIdentity, signJournal } from '../../src/commit/journal-file.js';
import { journalKey } from '../../src/commit/journal-key.js';
import { NodeFs } from '../../src/platform/node-fs.js';
import { cliCommand } from '../support/cli.js';
import { cli } from '../support/stress.js';

const top = mkdtempSync(join(tmpdir(), 'chord-state-stress-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(top, `t${n++}`);
  mkdirSync(d, { recursive: true });
  return d;
};
const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const isRoot = process.geteuid?.() === 0;

it('planted journals delete and write nothing, and a linked state directory is refused, 50 times each', () => {
  const t0 = Date.now();
  for (let i = 0; i < 50; i++) {
    const d = fresh();
    const repo = join(d, 'repo');
    mkdirSync(join(repo, '.chord-patch'), { recursive: true });
    writeFileSync(join(d, 'victim'), 'keep\n');
    writeFileSync(join(repo, 'f.txt'), 'a\n');
    const base = { pid: 999_999, root: repo, realRoot: repo, rootId: '1:1', dirs: [], mac: 'f'.repeat(64) };
    const entry = [{ target: join(d, 'victim'), op: i % 2 ? 'delete' : 'replace', backup: join(d, 'victim'), tmp: join(d, 'victim') }];
    writeFileSync(join(repo, '.chord-patch', `done-p${i}.json`), JSON.stringify({ ...base, version: 2, id: `p${i}`, entries: entry }));
    writeFileSync(
      join(repo, '.chord-patch', `journal-q${i}.json`),
      `${JSON.stringify({ ...base, version: 2, id: `q${i}`, entries: entry })}\n${'0'.repeat(64)}\n`,
    );
    const r = spawnSync(cliCommand().file, [...cliCommand().args, 'apply', '-C', repo], {
      input: P('*** Update File: f.txt', '-a', '+b'),
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(readFileSync(join(d, 'victim'), 'utf8')).toBe('keep\n');
    expect(readdirSync(join(repo, '.chord-patch')).length).toBe(2);
    const linked = join(d, 'linked');
    mkdirSync(linked);
    writeFileSync(join(linked, 'f.txt'), 'a\n');
    symlinkSync(join(d, 'elsewhere'), join(linked, '.chord-patch'));
    mkdirSync(join(d, 'elsewhere'));
    const l = spawnSync(cliCommand().file, [...cliCommand().args, 'apply', '-C', linked], {
      input: P('*** Update File: f.txt', '-a', '+b'),
      encoding: 'utf8',
    });
    expect(l.status).not.toBe(0);
    expect(readdirSync(join(d, 'elsewhere'))).toEqual([]);
    expect(readFileSync(join(linked, 'f.txt'), 'utf8')).toBe('a\n');
  }
  console.log(`planted and linked state: 100 runs, 0 files touched outside, in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
});

it('loses no edit when runs with -C ROOT and -C ROOT/sub write one file (520 processes)', async () => {
  const t0 = Date.now();
  const root = fresh();
  mkdirSync(join(root, 'sub'));
  const file = join(root, 'sub', 'f.txt');
  writeFileSync(file, 'END\n');
  const total = Number(process.env.STRESS_TWO_ROOTS ?? 520);
  const concurrency = 8;
  const r = { applied: 0, refused: 0, lost: 0 };
  const refusals: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < total; i = next++) {
      const outer = i % 2 === 0;
      const edit = JSON.stringify({ path: outer ? 'sub/f.txt' : 'f.txt', old_string: 'END\n', new_string: `line ${i}\nEND\n` });
      const p = await cli(['edit', '-C', outer ? root : join(root, 'sub')], edit);
      if (p.code === 0) r.applied++;
      else {
        r.refused++;
        refusals.push(`${outer ? '-C ROOT' : '-C ROOT/sub'}: exit ${p.code}: ${p.stderr.trim()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const text = readFileSync(file, 'utf8');
  const present = text.split('\n').filter((l) => l.startsWith('line ')).length;
  r.lost = r.applied - present;
  console.log(
    `two roots on one file: ${total} processes, ${JSON.stringify(r)}, ${present} lines, in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  expect(r.lost).toBe(0);
  expect(present).toBe(r.applied);
  expect(refusals).toEqual([]);
});

const unshareWorks = isRoot && spawnSync('unshare', ['-p', '-f', '--mount-proc', 'true']).status === 0;

it.skipIf(!unshareWorks)(
  'a holder in another PID namespace is waited for and never broken; its pid inside is not ours',
  async () => {
    const root = fresh();
    writeFileSync(join(root, 'f.txt'), 'a\n');
    // The holder: the CLI inside a new PID namespace (it is pid 1 there), stopped mid-run while it holds the locks.
    const holderScript = join(root, '..', 'hold.sh');
    writeFileSync(
      holderScript,
      `exec ${[cliCommand().file, ...cliCommand().args].join(' ')} apply -C ${root} < ${join(root, '..', 'p.patch')}\n`,
    );
    // Thousands of added files keep the holder inside its commit long enough to be caught there.
    const adds = Array.from({ length: 3000 }, (_, i) => [`*** Add File: many/x${i}.txt`, `+${i}`]).flat();
    writeFileSync(join(root, '..', 'p.patch'), P('*** Update File: f.txt', '-a', '+held', ...adds));
    const holder = spawn('unshare', ['-p', '-f', '--mount-proc', 'sh', holderScript], { stdio: 'ignore' });
    // Freeze it as soon as its lock appears.
    const lock = join(root, '.chord-patch', 'lock');
    const deadline = Date.now() + 10_000;
    while (!existsSync(lock) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const pids = execFileSync('pgrep', ['-P', String(holder.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const frozen = existsSync(lock);
    for (const pid of pids) spawnSync('kill', ['-STOP', pid]);
    try {
      if (!frozen || !existsSync(lock)) {
        console.log('pid namespace: the holder finished before it could be frozen; nothing to test this time');
        return;
      }
      const held = readFileSync(lock, 'utf8');
      expect(JSON.parse(held).pid).toBe(1);
      // Another namespace's run whose own pid is 1 too: it must not take the lock for its own.
      const inner = spawnSync(
        'unshare',
        ['-p', '-f', '--mount-proc', ...[cliCommand().file, ...cliCommand().args], 'recover', '-C', root],
        {
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(inner.status).not.toBe(0);
      expect(`${inner.stdout}${inner.stderr}`).toContain('another PID namespace');
      expect(readFileSync(lock, 'utf8')).toBe(held);
      console.log('pid namespace: a run in another namespace (its pid 1 as well) waited 30 s and refused, naming the holder; lock intact');
    } finally {
      for (const pid of pids) spawnSync('kill', ['-CONT', pid]);
      await new Promise((r) => holder.once('exit', r));
    }
    expect(readFileSync(join(root, 'f.txt'), 'utf8')).toBe('held\n');
  },
  120_000,
);

const canMount = isRoot && spawnSync('mount', ['--version']).status === 0;

it.skipIf(!canMount)('recover rolls back a crashed commit on a full disk (a 256 KiB tmpfs)', async () => {
  const mnt = fresh();
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mnt]).status !== 0) {
    console.log('full disk: mount refused here; skipped');
    return;
  }
  try {
    const id = 'full1';
    writeFileSync(join(mnt, 'a.txt'), 'new\n');
    writeFileSync(join(mnt, `.chord-patch-${id}-0.old`), 'old\n');
    mkdirSync(join(mnt, '.chord-patch'));
    const here = await rootIdentity(new NodeFs(), mnt);
    const key = journalKey();
    if (!('key' in key)) throw new Error(key.error);
    const journal = {
      version: 2 as const,
      id,
      pid: 999_999,
      root: mnt,
      realRoot: here.real,
      rootId: here.id,
      dirs: [],
      entries: [
        {
          target: join(mnt, 'a.txt'),
          op: 'replace' as const,
          tmp: join(mnt, `.chord-patch-${id}-0.tmp`),
          backup: join(mnt, `.chord-patch-${id}-0.old`),
        },
        {
          target: join(mnt, 'b.txt'),
          op: 'replace' as const,
          tmp: join(mnt, `.chord-patch-${id}-1.tmp`),
          backup: join(mnt, `.chord-patch-${id}-1.old`),
        },
      ],
    };
    writeFileSync(join(mnt, '.chord-patch', `journal-${id}.json`), signJournal(journal, key.key));
    spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'fill')}`, 'bs=4k'], { stdio: 'ignore' });
    expect(spawnSync('sh', ['-c', `echo x > ${join(mnt, 'probe')}`]).status).not.toBe(0);
    const r = spawnSync(cliCommand().file, [...cliCommand().args, 'recover', '-C', mnt], { encoding: 'utf8', timeout: 30_000 });
    console.log(`full disk: recover exit ${r.status}: ${`${r.stdout}${r.stderr}`.trim().slice(0, 200)}`);
    expect(r.status).toBe(0);
    expect(readFileSync(join(mnt, 'a.txt'), 'utf8')).toBe('old\n');
  } finally {
    spawnSync('umount', [mnt]);
  }
});
