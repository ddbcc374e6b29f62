/** User-facing texts of the face engine (to move into src/shared/messages.ts with the rest). */
export const FACE_MSG = {
  verified: 'Face verified.',
  noBlink: 'Blink not detected. Try again.',
  mismatch: 'Face does not match the registered student.',
  noFaceVideo: 'No face detected in the video.',
  multipleFacesVideo: 'More than one face in the video.',
  noFaceImage: 'No face detected in the image.',
  multipleFacesImage: 'More than one face in the image.',
  // Registration shows 'Face detection failed' + message only when it contains 'No face detected' (SPEC 8).
  enrollNoFace: (n: number) => `No face detected in image ${n}: each image must show exactly one face.`,
  enrollManyFaces: (n: number, count: number) =>
    `No face detected in image ${n} on its own: it shows ${count} faces, and each image must show exactly one face.`,
  enrollCount: (got: number) => `Enrollment needs exactly 3 face images (got ${got}).`,
  badImage: (n: number) => `Image ${n} is not a readable JPEG or PNG file.`,
  videoEmpty: 'The video file is empty.',
  videoTooLarge: 'The video is larger than 5 MB.',
  videoTooLong: 'The video is longer than 10 seconds.',
  videoTooShort: 'The video is too short: record about 3 seconds.',
  notAVideo: 'The file is not a video that can be read (expected webm or mp4).',
  videoCorrupt: 'The video file is truncated or corrupt. Record it again.',
  decodeTimeout: 'The video took too long to decode.',
  imageEmpty: 'The image file is empty.',
  busy: 'The face checker is busy. Please try again in a few seconds.',
  timeout: 'The face check took too long. Please try again.',
  engineClosed: 'The face engine is shut down.',
  templateInvalid: 'The stored face enrollment is unusable: enroll again.',
} as const;
