// Two users' runs on one file: root with -C DIR and nobody with -C DIR/sub,
// each with its own HOME and state directory (so their per-user lock links
// never meet), each appending its own line. Only a lock both users see
// keeps every line: the binary's kernel lock (src/platform/flock.ts).
// Needs root, runuser and the binary (or CHORD_PATCH_STRESS_BIN).

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const BINARY = process.env.CHORD_PATCH_STRESS_BIN ?? join(ROOT, 'build', 'chord-patch');

const nobody = (() => {
  const r = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' });
  return r.status === 0 && g.status === 0 ? { uid: Number(r.stdout), gid: Number(g.stdout) } : undefined;
})();

/** Root, with runuser and a nobody user that can start the binary. */
export const twoUsersPossible =
  process.geteuid?.() === 0 &&
  nobody !== undefined &&
  existsSync(BINARY) &&
  spawnSync('runuser', ['-u', 'nobody', '--', BINARY, '--version'], { stdio: 'ignore' }).status === 0;

export interface TwoUsersResult {
  applied: number;
  refused: number;
  lost: number;
  /** Lines in the file at the end. */
  present: number;
  /** The first refusals' messages. */
  refusals: string[];
  /** Runs that wrote with a note that they took no lock (kernel or link). */
  unlocked: number;
}

function run(asNobody: boolean, cwd: string, state: string, args: string[], input: string): Promise<{ code: number | null; out: string }> {
  const env = [`HOME=${state}`, `XDG_STATE_HOME=${state}`, 'NO_COLOR=1', 'CHORD_PATCH_SESSION=', `PATH=${process.env.PATH ?? ''}`];
  const [file, argv] = asNobody
    ? ['runuser', ['-u', 'nobody', '--', 'env', '-i', ...env, BINARY, ...args]]
    : ['env', ['-i', ...env, BINARY, ...args]];
  return new Promise((resolve) => {
    const child = spawn(file, argv as string[], { cwd });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** `perUser` runs as root and as many as nobody, `concurrency` at a time, alternating; each appends one line. */
export async function twoUserAppends(perUser: number, concurrency: number): Promise<TwoUsersResult> {
  const top = mkdtempSync(join(tmpdir(), 'chord-two-users-'));
  try {
    chmodSync(top, 0o755);
    const dir = join(top, 'repo');
    const sub = join(dir, 'sub');
    mkdirSync(sub, { recursive: true });
    chownSync(sub, nobody!.uid, nobody!.gid);
    const file = join(sub, 'f.txt');
    writeFileSync(file, 'END\n');
    chmodSync(file, 0o666);
    const states = { root: join(top, 'state-root'), nobody: join(top, 'state-nobody') };
    mkdirSync(states.root, { mode: 0o700 });
    mkdirSync(states.nobody, { mode: 0o700 });
    chownSync(states.nobody, nobody!.uid, nobody!.gid);
    const r: TwoUsersResult = { applied: 0, refused: 0, lost: 0, present: 0, refusals: [], unlocked: 0 };
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < 2 * perUser; i = next++) {
        const asNobody = i % 2 === 1;
        const line = `${asNobody ? 'nobody' : 'root'} ${i}`;
        const edit = JSON.stringify({ path: asNobody ? 'f.txt' : 'sub/f.txt', old_string: 'END\n', new_string: `${line}\nEND\n` });
        const p = asNobody
          ? await run(true, sub, states.nobody, ['edit', '-C', sub], edit)
          : await run(false, dir, states.root, ['edit', '-C', dir], edit);
        if (p.code === 0) {
          r.applied++;
          if (/no (kernel|file) lock/.test(p.out)) r.unlocked++;
        } else {
          r.refused++;
          if (r.refusals.length < 3) r.refusals.push(p.out.trim().slice(0, 300));
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    r.present = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^(root|nobody) \d+$/.test(l)).length;
    r.lost = r.applied - r.present;
    return r;
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
}
