/** Thrown when the server could not be reached or did not answer within the timeout (REST or tRPC). */
export class NoResponseError extends Error {
  constructor(cause?: unknown) {
    super('No response from server', { cause });
    this.name = 'NoResponseError';
  }
}
