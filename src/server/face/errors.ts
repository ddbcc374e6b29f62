/** A bad upload (not a video/image, truncated, empty, too large or long, no usable face at enrollment): HTTP 400. */
export class FaceInputError extends Error {
  override name = 'FaceInputError';
}

/** The queue bound was reached or a job ran out of time: HTTP 503 with Retry-After. */
export class FaceBusyError extends Error {
  override name = 'FaceBusyError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
