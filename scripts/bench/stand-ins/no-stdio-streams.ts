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
