// The apply command's runner in the binary's front-end probe (`node
// scripts/binary.mjs --front-end-probe FILE`): the real executable, whose
// `apply` reads the patch and then only writes the workload's files back
// durably (durable-floor.cjs), with no parsing, planning, lock or journal.
// So the probe pays Bun's start, loading chord-patch's code, commander's
// program and the command line, and the durable floor's I/O: the least any
// chord-patch on this front end can take. The bench names the files in
// CHORD_PATCH_FRONT_END_FILES, one per line.

const { readFileSync } = require('node:fs');
const { durableWriteBack } = require('./durable-floor.cjs');

async function runApply() {
  readFileSync(0);
  await durableWriteBack((process.env.CHORD_PATCH_FRONT_END_FILES ?? '').split('\n').filter(Boolean));
  return 0;
}

module.exports = { runApply, runApplyDiffs: runApply };
