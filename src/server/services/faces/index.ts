/**
 * Faces: enrolled face photos and templates. Enrollment, a student's face changes and their review, the face check
 * at marking time (check/: admission, challenge, verdict), the duplicate-face search and its in-memory index, the
 * collisions it finds (recorded, shown side by side, listed for admins), stored images, and the words for the engine's
 * reason codes.
 * Code outside this folder imports it from here only; files inside import each other directly.
 */
export {
  ABANDONED,
  ENGINE_BUSY,
  type FaceTries,
  faceTriesBySession,
  faceTriesLeft,
  faceTriesOfSessions,
  issueChallenge,
  outOfTries,
  refuseUploadWhenLive,
} from './check/face-challenges';
export { LiveCheck } from './check/live-check';
export { type ChunkArrival, streamClock } from './check/stream-clock';
export { type WebmBlock, webmVideoBlocks } from './check/webm-blocks';
export { withAdmittedFaceCheck } from './check/face-check-admission';
export { type FaceUpload, verifyStudentVideo } from './check/face-verification';
export { keepRefusalStill, removeSpentStills } from './check/refusal-stills';
export { listDuplicateFaces } from './collision-list';
export { type CollisionView, openCollisionByUser, openCollisionsQuery, recordCollision, searchBeforeEnrolling } from './face-collisions';
export { decideFaceChange, decideFaceChangeIn, faceChangeHistory, listPendingFaceChanges } from './face-change-review';
export { FACE_CHANGE_IMAGE_PREFIX, recordFaceChange } from './face-changes';
export { enrollFacesOfUser } from './face-enrollment';
export { toDomainFaceError } from './face-messages';
export {
  enrolledImagesByUser,
  enrolledImagesOf,
  faceImagePath,
  resolveSignedChangeImage,
  resolveSignedImage,
  resolveSignedReviewStill,
  reviewStillUrls,
} from './face-image-urls';
export { faceInputMessage, verdictMessage } from './face-messages';
export { normalizeFaceImages, removeFaceImages, removeStoredImages, storeFaceImages, type UploadedFile } from './face-image-files';
export { createFaceIndex } from './face-index';
export { findEnrolledFace, identityThreshold } from './face-search';
