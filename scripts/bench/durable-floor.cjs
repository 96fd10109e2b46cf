// The bench's durable I/O floor: the least any program must do to replace
// these files the way chord-patch's commit does, with no parsing, matching or
// journal. Run by the binary's own runtime (`bun durable-floor.cjs FILE...`),
// so that its start-up is the binary's floor too.
//
// Per file: read it; create a temp file beside it and write the content back
// (the same bytes, so the tree is left as it was); then, once every temp file
// is written, fsync them all at once (through the runtime's thread pool, which
// the bench widens with UV_THREADPOOL_SIZE as the CLI does); keep a hard-link
// backup, rename the temp over the file, fsync every directory, and remove the
// backups. What this costs is what durability with atomic replacement costs on
// this disk and file system: no tool that keeps both can go below it.
//
// Plain CommonJS with no dependencies: Bun and Node both run it, and the
// binary's front-end probe (front-end-apply.cjs) calls durableWriteBack.

const fs = require('node:fs');
const { dirname } = require('node:path');

/** Files open at once between their write and their fsync (chord-patch batches the same way). */
const BATCH = 256;

// Several files' fsyncs overlap in the thread pool; a single file's has
// nothing to overlap with, and starting the pool would cost more than it.
const pooledFsync = (fd) => new Promise((ok, fail) => fs.fsync(fd, (e) => (e ? fail(e) : ok())));
const syncFsync = async (fd) => fs.fsyncSync(fd);
let fsync = syncFsync;

async function replaceBatch(files, read) {
  const temps = files.map((file) => {
    const bytes = read.get(file) ?? fs.readFileSync(file);
    const { mode } = fs.statSync(file);
    const tmp = `${file}.durable-floor.tmp`;
    const fd = fs.openSync(tmp, 'wx', mode & 0o777);
    fs.writeSync(fd, bytes);
    return { file, tmp, fd };
  });
  await Promise.all(temps.map((t) => fsync(t.fd)));
  for (const t of temps) {
    fs.closeSync(t.fd);
    fs.linkSync(t.file, `${t.file}.durable-floor.old`);
    fs.renameSync(t.tmp, t.file);
  }
}

/**
 * Replace each file with its own bytes, durably, the way chord-patch's commit
 * replaces a file. `read`: files a probe has read already, by path (each file
 * is read once, as a run reads it once).
 */
async function durableWriteBack(files, read = new Map()) {
  fsync = files.length > 1 ? pooledFsync : syncFsync;
  for (let at = 0; at < files.length; at += BATCH) await replaceBatch(files.slice(at, at + BATCH), read);
  const dirs = [...new Set(files.map((f) => dirname(f)))];
  await Promise.all(
    dirs.map(async (d) => {
      const fd = fs.openSync(d, 'r');
      try {
        await fsync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }),
  );
  for (const f of files) fs.unlinkSync(`${f}.durable-floor.old`);
}

module.exports = { durableWriteBack };

if (require.main === module) {
  durableWriteBack(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`durable-floor: ${e.message}\n`);
    process.exitCode = 1;
  });
}
