// Bench stand-in for src/startup/sync-fs-calls.ts: every file-system call through the thread pool.
export const CLI_SYNC_FS_CALLS = 0;
