/** What the n8n scripts tell the user: the line logger they take, and the error they show as is. */

/** Receives one line of progress or of a child process's output. */
export type Log = (line: string) => void;

/** An error whose message says what went wrong and what to do: printed without a stack. */
export class UserFacingError extends Error {}
