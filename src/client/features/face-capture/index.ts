/** Three face photos taken with the webcam overlay, previewed and removable: registration's and /update-user's. */
export { FaceCaptureField } from './face-capture-field';
export { type CapturedImage, useCapturedImages } from './use-captured-images';
