// The launcher of the bench's timed runs (startRunner in measure.mjs): a
// process that holds nothing but this loop, so that starting a tool from it
// costs the same few milliseconds whatever the bench itself holds in memory.
// One request at a time: { file, args, cwd, stdin, env, stdout } in, { ms,
// code, stderr, error } out. stdout goes to /dev/null, as in a script that
// ignores it, unless the command asks for 'pipe': then it is read (and dropped),
// as by a script that captures it.

import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

process.on('message', ({ file, args, cwd, stdin, env, stdout }) => {
  const fd = stdin ? openSync(stdin, 'r') : 'ignore';
  try {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(file, args, { cwd, stdio: [fd, stdout === 'pipe' ? 'pipe' : 'ignore', 'pipe'], env, maxBuffer: 64 << 20 });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.send({ ms, code: r.status ?? -1, stderr: r.stderr?.toString() ?? '', error: r.error?.message });
  } catch (e) {
    process.send({ ms: 0, code: -1, stderr: '', error: e.message });
  } finally {
    if (typeof fd === 'number') closeSync(fd);
  }
});
