import { CAPTURE_HEIGHT, CAPTURE_JPEG_QUALITY, CAPTURE_WIDTH } from '../../../shared/constants';

/** Grabs the current video frame as a 320x240 JPEG at quality 0.7 (SPEC 9). */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CAPTURE_WIDTH;
  canvas.height = CAPTURE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('Canvas 2D context unavailable'));
  ctx.drawImage(video, 0, 0, CAPTURE_WIDTH, CAPTURE_HEIGHT);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Frame capture failed'))), 'image/jpeg', CAPTURE_JPEG_QUALITY);
  });
}
