// Types for the parts of tools.mjs the tests use.

/** The thread-pool width the bench gives its durable I/O floor (the CLI's CLI_POOL_THREADS). */
export const FLOOR_POOL_THREADS: number;
