// Bench stand-in for src/startup/no-stdio-streams.ts: Node's process.stdin/stdout/stderr streams.
export function stdinIsTerminal(): boolean {
  return !!process.stdin.isTTY;
}

export function stdoutIsTerminal(): boolean {
  return !!process.stdout.isTTY;
}

export function stderrIsTerminal(): boolean {
  return !!process.stderr.isTTY;
}

export function writeFd(fd: 1 | 2, text: string): void {
  (fd === 1 ? process.stdout : process.stderr).write(text);
}

/** Every write went to a stream: done when each stream has flushed what it holds. */
export function queuedWrites(): Promise<void> {
  const flushed = (s: NodeJS.WriteStream) => new Promise<void>((done) => s.write('', () => done()));
  return Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => {});
}
