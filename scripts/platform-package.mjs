// `npm pack` in npm/<platform>/ (its prepack and postpack scripts): puts the
// native binary that `npm run binary` built into the package's bin/, and takes
// it out again once packed, so that a checkout keeps running the Node CLI
// through bin/chord-patch (which looks for an installed platform package).
// Only the package of the machine that built build/chord-patch can be packed.
//   node scripts/platform-package.mjs prepack|postpack   (in npm/<platform>/)

import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const here = process.cwd();
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const [os] = pkg.os;
const [cpu] = pkg.cpu;
const name = os === 'win32' ? 'chord-patch.exe' : 'chord-patch';
const target = join(here, 'bin', name);

if (process.argv[2] === 'postpack') {
  rmSync(join(here, 'bin'), { recursive: true, force: true });
} else {
  if (os !== process.platform || cpu !== process.arch) {
    throw new Error(`${pkg.name} holds the ${os}-${cpu} binary: pack it on that platform (this is ${process.platform}-${process.arch})`);
  }
  const built = join(ROOT, 'build', name);
  if (!existsSync(built)) throw new Error(`no ${built}: run npm run binary first`);
  mkdirSync(join(here, 'bin'), { recursive: true });
  copyFileSync(built, target);
  chmodSync(target, 0o755);
}
