import { analyseClip, classify, countEnrolledBlinks, faceChanged, probeDistances } from './clip-identity';
import { euclidean, meanDescriptor, roundDistance } from './match';
import type { FrameReading } from './protocol';
import { judgeFaceCounts } from './quality';
import type { FaceReason, FaceTemplate, FaceVerdict } from './types';

type Judged = Omit<FaceVerdict, 'ms'>;

const verdict = (reason: FaceReason, blink_count: number, similarity: number | null): Judged => ({
  success: reason === 'accepted',
  blink_count,
  similarity: similarity === null ? null : roundDistance(similarity),
  reason,
});

/** Distance from the probe descriptors' mean to the enrolled mean; null when no frame gave a face. */
export function probeDistance(probes: Float32Array[], template: FaceTemplate): number | null {
  return probes.length ? euclidean(meanDescriptor(probes), template.mean) : null;
}

/**
 * The clip's verdict, checked in order: one face in most frames; the same person throughout; liveness; identity;
 * and finally that the blinks were made by the enrolled face (clip-identity.ts). The README's expected reasons
 * follow this order (a spoof is refused on liveness whoever it shows).
 */
export function judgeVideo(a: {
  readings: FrameReading[];
  fps: number;
  /** face-api descriptors of the identified frames, by frame index (null: no face found in that frame) */
  probes: Map<number, Float32Array | null>;
  template: FaceTemplate;
  minBlinks: number;
  threshold: number;
}): Judged {
  const faces = judgeFaceCounts(a.readings.map((r) => r.faces));
  const clip = analyseClip(a.readings, a.fps);
  const seen = clip.blinks.length;
  const found = [...a.probes.values()].filter((d): d is Float32Array => d !== null);
  const distance = probeDistance(found, a.template);
  const distances = probeDistances(a.probes, a.template.mean);
  if (faces === 'no_face') return verdict('no_face', seen, distance);
  if (faces === 'multiple_faces') return verdict('multiple_faces', seen, distance);
  if (distance === null) return verdict('no_face', seen, null);
  const enrolled = countEnrolledBlinks(clip, distances, a.threshold);
  if (faceChanged(distances, a.threshold)) {
    const farthest = Math.max(...[...distances.values()].filter((d): d is number => d !== null));
    return verdict('face_changed', enrolled, farthest);
  }
  if (seen < a.minBlinks) return verdict('no_blink', seen, distance);
  const foreign = [...distances.values()].some((d) => classify(d, a.threshold) === 'foreign');
  if (distance > a.threshold || foreign) return verdict('identity_mismatch', seen, distance);
  if (enrolled < a.minBlinks) return verdict('no_blink', enrolled, distance);
  return verdict('accepted', enrolled, distance);
}

/** Identity alone, from one photo. */
export function judgeImage(a: { faces: number; probe: Float32Array | null; template: FaceTemplate; threshold: number }): Judged {
  if (a.faces > 1) return verdict('multiple_faces', 0, null);
  const distance = a.probe ? probeDistance([a.probe], a.template) : null;
  if (distance === null) return verdict('no_face', 0, null);
  if (distance > a.threshold) return verdict('identity_mismatch', 0, distance);
  return verdict('accepted', 0, distance);
}
