/** The face check page's parts: the camera frame, the live check's steps, the tracker, the recorder and the flow. */
export { CameraFrame } from './camera-frame';
export { ChallengeSteps } from './challenge/challenge-guide';
export { useFaceTracker } from './tracker/use-face-tracker';
export { useFaceVerification, type VerificationPhase } from './use-face-verification';
export { useWebcamRecorder } from './recording/use-webcam-recorder';
