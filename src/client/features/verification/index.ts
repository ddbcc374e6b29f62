/** The face check page's parts: the camera frame, the challenge's steps, the tracker, the recorder and the flow. */
export { CameraFrame } from './camera-frame';
export { ChallengeSteps } from './challenge-guide';
export { useFaceTracker } from './use-face-tracker';
export { type MarkOutcome, useFaceVerification, type VerificationPhase } from './use-face-verification';
export { useWebcamRecorder } from './use-webcam-recorder';
