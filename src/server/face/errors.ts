/** Why an upload cannot be judged; the words are chosen by the caller (services/faces/face-messages.ts), never here. */
export type FaceInputCode =
  | 'video_empty'
  | 'video_too_large'
  | 'video_frame_too_large'
  | 'video_too_short'
  | 'video_too_long'
  | 'decode_timeout'
  | 'not_a_video'
  | 'video_corrupt'
  | 'template_invalid'
  | 'enroll_count'
  | 'no_face'
  | 'multiple_faces'
  | 'different_people'
  | 'bad_image'
  | 'image_too_many_pixels';

/** What a message needs besides the code: the image it is about (1-3, or a label), how many faces or images. */
export interface FaceInputDetail {
  image?: number | string;
  faces?: number;
  count?: number;
}

/** A bad upload (not a video/image, truncated, empty, too large or long, no usable face at enrollment): HTTP 400. */
export class FaceInputError extends Error {
  override name = 'FaceInputError';
  constructor(
    readonly code: FaceInputCode,
    readonly detail: FaceInputDetail = {},
  ) {
    super(code);
  }
}

export type FaceBusyCode = 'busy' | 'timeout' | 'engine_closed';

/** The queue bound was reached or a job ran out of time: HTTP 503 with Retry-After. */
export class FaceBusyError extends Error {
  override name = 'FaceBusyError';
  constructor(
    readonly code: FaceBusyCode,
    readonly retryAfterSeconds: number,
  ) {
    super(code);
  }
}
