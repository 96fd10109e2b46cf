// An esbuild plugin: `import process from 'node:process'` in an ES module
// package (chalk's colour detection) becomes the global `process` itself.
// esbuild's interop for an ES module importing a CommonJS module copies the
// module's properties, reading each one's descriptor, and Bun creates
// process.stdout, process.stderr and process.stdin when their descriptors
// are read; creating a stream on a pipe makes it non-blocking, and the
// CLI's reports are written synchronously (src/cli/write.ts): a signal held
// until the report is out must not find half of it still queued on a stream.

export const processGlobal = {
  name: 'process-global',
  setup(b) {
    b.onResolve({ filter: /^(node:)?process$/ }, (a) =>
      a.kind === 'import-statement' ? { path: 'process', namespace: 'process-global' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'process-global' }, () => ({ loader: 'js', contents: 'export default process;' }));
  },
};
