// Entry of the CLI: bundled for node by scripts/build.mjs, compiled into the single binary by scripts/binary.mjs.
import { main } from './cli/index.js';
import { EXIT_INTERNAL } from './report/exit.js';

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`chord-patch: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exitCode = EXIT_INTERNAL;
  },
);
