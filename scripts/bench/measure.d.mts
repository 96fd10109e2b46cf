// Types for the parts of measure.mjs the tests use.

export interface RunResult {
  ms: number;
  code: number;
  stderr: string;
}

export interface Runner {
  run(
    cmd: { file: string; args: string[]; stdout?: 'pipe' | undefined },
    cwd: string,
    stdinPath: string | undefined,
    env: NodeJS.ProcessEnv,
  ): Promise<RunResult>;
  stop(): void;
}

export function startRunner(): Runner;
