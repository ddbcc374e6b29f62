import { countBlinks } from './blink';
import { euclidean, meanDescriptor, roundDistance } from './match';
import { MSG } from '../../shared/messages';
import type { FrameReading } from './protocol';
import { judgeFaceCounts } from './quality';
import type { FaceReason, FaceTemplate, FaceVerdict } from './types';

type Judged = Omit<FaceVerdict, 'ms'>;

const verdict = (reason: FaceReason, blink_count: number, similarity: number | null, message: string): Judged => ({
  success: reason === 'accepted',
  message,
  blink_count,
  similarity: similarity === null ? null : roundDistance(similarity),
  reason,
});

/** Distance from the probe descriptors' mean to the enrolled mean; null when no frame gave a face. */
export function probeDistance(probes: Float32Array[], template: FaceTemplate): number | null {
  return probes.length ? euclidean(meanDescriptor(probes), template.mean) : null;
}

/**
 * The clip's verdict, checked in order: one face in most frames, then liveness, then identity.
 * The README's expected reasons follow this order (a spoof is refused on liveness whoever it shows).
 */
export function judgeVideo(a: {
  readings: FrameReading[];
  fps: number;
  probes: Float32Array[];
  template: FaceTemplate;
  minBlinks: number;
  threshold: number;
}): Judged {
  const faces = judgeFaceCounts(a.readings.map((r) => r.faces));
  const samples = a.readings.map((r, i) => ({ ...r, t: (i * 1000) / a.fps }));
  const { blinks } = countBlinks(samples);
  const distance = probeDistance(a.probes, a.template);
  if (faces === 'no_face') return verdict('no_face', blinks, distance, MSG.face.noFaceVideo);
  if (faces === 'multiple_faces') return verdict('multiple_faces', blinks, distance, MSG.face.multipleFacesVideo);
  if (blinks < a.minBlinks) return verdict('no_blink', blinks, distance, MSG.verification.noBlink);
  if (distance === null) return verdict('no_face', blinks, null, MSG.face.noFaceVideo);
  if (distance > a.threshold) return verdict('identity_mismatch', blinks, distance, MSG.face.mismatch);
  return verdict('accepted', blinks, distance, MSG.face.verified);
}

/** Identity alone, from one photo. */
export function judgeImage(a: { faces: number; probe: Float32Array | null; template: FaceTemplate; threshold: number }): Judged {
  if (a.faces > 1) return verdict('multiple_faces', 0, null, MSG.face.multipleFacesImage);
  const distance = a.probe ? probeDistance([a.probe], a.template) : null;
  if (distance === null) return verdict('no_face', 0, null, MSG.face.noFaceImage);
  if (distance > a.threshold) return verdict('identity_mismatch', 0, distance, MSG.face.mismatch);
  return verdict('accepted', 0, distance, MSG.face.verified);
}
