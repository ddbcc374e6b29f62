/** The face check page's parts: the camera frame, the recorder and the verification flow. */
export { CameraFrame } from './camera-frame';
export { useFaceVerification, type VerificationPhase } from './use-face-verification';
export { useWebcamRecorder } from './use-webcam-recorder';
