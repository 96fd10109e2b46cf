// Start-up trick (build side): node:crypto, node:child_process and node:os
// become modules of wrappers that require the real one on the first call.
// node:crypto (with the stream modules it pulls in) costs about 7 ms to load,
// node:child_process about as much. node:crypto is needed only by commits of
// more than one file (their journal records a SHA-256 of what each commit
// writes; a single-file commit's does not, core/commit.ts) and by --session:
// --version, check, --help, refused input and the commonest commit, one
// file, never load it.
// commander only spawns executable subcommands, which chord-patch has none
// of, and node:os is only asked for the home directory and the lock's host.
// Only functions are wrapped: an import of anything else fails the build
// instead of misbehaving. (src/startup/lazy-builtins.ts is the run-time side,
// for the sources and the Bun binary.)
// What it saved when commits did not hash yet: 11 ms on a small patch, 8 ms
// on --version (CPU time, user + sys, median of 30 paired rounds on the
// 2-core VM, 2026-11-30, Node 20.20; `node -e 0` took 45 ms of CPU, the
// CLI's small patch 62 ms, `--version` 50 ms). For a while every commit
// hashed, and the trick saved the small patch little; since single-file
// commits stopped hashing it saves node:crypto's load there again. Each
// `npm run bench` shows its wall-time figure in the "Node start-up tricks"
// table (bench/results.md), row "lazy built-ins".

const LAZY_BUILTINS = ['child_process', 'crypto', 'os'];

export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(node:)?(${LAZY_BUILTINS.join('|')})$`) }, (a) =>
      // The wrapper's own require() is the real module.
      a.namespace === 'lazy-builtin' ? { path: a.path, external: true } : { path: a.path.replace(/^node:/, ''), namespace: 'lazy-builtin' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (a) => {
      const real = (await import(`node:${a.path}`)).default;
      const names = Object.keys(real).filter((k) => typeof real[k] === 'function' && /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
      const lines = [`var m; function load() { return m || (m = require('node:${a.path}')); }`];
      for (const k of names) {
        lines.push(
          `export function ${k}() { return new.target ? Reflect.construct(load().${k}, arguments) : load().${k}.apply(this, arguments); }`,
        );
      }
      lines.push('export default new Proxy({}, { get: function (_, k) { return load()[k]; } });');
      return { loader: 'js', contents: lines.join('\n') };
    });
  },
};
