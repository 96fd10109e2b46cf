// The error every usage problem is raised as: its own file so that the input
// readers (input.ts, bounded-read.ts, pasted.ts) can all raise it without
// importing one another.

/** A command line that cannot be run as given; cli/index.ts prints it and exits 64. */
export class UsageError extends Error {}
