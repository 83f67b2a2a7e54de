/**
 * A request that changes data on the server, with the cached reads it makes stale: the API
 * module that owns the request says what to revalidate (through SWR's `mutate` and the key
 * factories), so no screen has to know which keys a change touches.
 *
 * The two halves are apart so a screen can confirm the change while fresh data loads:
 * `send`, then the toast, then `revalidate`, then leaving for a screen that already shows the
 * new state (see useStepFlow).
 */
export interface Mutation<Input, Output = void> {
  /** Sends the change; rejects with an ApiError when the server refuses it. */
  send(input: Input): Promise<Output>;
  /** Reloads every read the change made stale; resolves once mounted screens hold fresh data, never rejects. */
  revalidate(input: Input): Promise<unknown>;
}
