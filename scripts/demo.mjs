// The README's first command ends here: copy examples/ to a scratch directory,
// apply examples/demo.patch there with the built CLI, and show the result.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-demo-'));
cpSync('examples', scratch, { recursive: true });
// The copy is kept, and named, so the result can be looked at after the run.
console.log(`scratch copy of examples/: ${scratch} (kept for you to look at; remove it when done)\n`);
const patch = readFileSync('examples/demo.patch');
const run = spawnSync(join(import.meta.dirname, '..', 'bin', 'chord-patch'), ['apply', '-C', scratch, ...process.argv.slice(2)], {
  input: patch,
  stdio: ['pipe', 'inherit', 'inherit'],
});
process.exitCode = run.status ?? 1;
