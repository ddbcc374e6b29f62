import type { ChallengeStep } from '@shared/face/face-challenge';
import { challengeBlinks, CHALLENGE_BLINKS, checkChallenge } from './challenge';
import { analyseClip, classify, countEnrolledBlinks, faceChanged, probeDistances } from './clip-identity';
import { euclidean, meanDescriptor, roundDistance } from './match';
import type { FrameReading } from '../protocol';
import { judgeFaceCounts } from './quality';
import type { FaceReason, FaceTemplate, FaceVerdict } from '../types';

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
 * Whether the probes read closer to one of the student's enrolled neighbours (a lookalike, a twin: config.ts
 * NEIGHBOUR_RADIUS) than to the student: then the face is that other account's, however near the threshold it is.
 * The threshold alone cannot tell two people whose faces the recognizer places 0.40 apart (p1 and d0 of the fixtures);
 * comparing with both enrollments can (issue 34, docs/benchmarks.md "Identity at scale").
 */
function closerToNeighbour(probes: Float32Array[], template: FaceTemplate, distance: number): boolean {
  if (!template.neighbours?.length || !probes.length) return false;
  const mean = meanDescriptor(probes);
  return template.neighbours.some((n) => euclidean(mean, n) < distance);
}

/**
 * A clip's verdict, and whether liveness alone refused it: one face, the same person throughout and the enrolled
 * one, but its blinks or moves not read (the engine then reads it once more at the other sampling phase, engine.ts).
 */
export interface VideoJudgement {
  verdict: Judged;
  livenessAlone: boolean;
}

/**
 * The clip's verdict, checked in order: one face in most frames; the same person throughout; liveness; identity;
 * and finally that the blinks were made by the enrolled face (clip-identity.ts). The README's expected reasons
 * follow this order (a spoof is refused on liveness whoever it shows). With a challenge, liveness is the challenge
 * (challenge.ts): its moves in order, its blinks read by its own rules and made by the enrolled face.
 */
export function judgeVideo(a: {
  readings: FrameReading[];
  fps: number;
  /** face-api descriptors of the identified frames, by frame index (null: no face found in that frame) */
  probes: Map<number, Float32Array | null>;
  template: FaceTemplate;
  minBlinks: number;
  threshold: number;
  challenge?: ChallengeStep[];
  /** the live check's: when each step was sent, in ms on this look's frame clock (challenge.ts followsTimedChallenge) */
  stepTimes?: number[];
}): VideoJudgement {
  const faces = judgeFaceCounts(a.readings.map((r) => r.faces));
  const clip = analyseClip(a.readings, a.fps, a.challenge ? CHALLENGE_BLINKS : undefined);
  const seen = clip.blinks.length;
  const found = [...a.probes.values()].filter((d): d is Float32Array => d !== null);
  const distance = probeDistance(found, a.template);
  const distances = probeDistances(a.probes, a.template.mean);
  const followed = a.challenge ? checkChallenge(a.challenge, a.readings, a.fps, clip.blinks, a.stepTimes) : null;
  const judged = (reason: FaceReason, blinks: number, similarity: number | null, livenessAlone = false): VideoJudgement => ({
    verdict: followed ? { ...verdict(reason, blinks, similarity), moves: followed.moves } : verdict(reason, blinks, similarity),
    livenessAlone,
  });
  // liveness's own refusal and the blinks it needs: the challenge's, or today's minimum
  const refusal: FaceReason = followed ? 'challenge_not_followed' : 'no_blink';
  const minBlinks = a.challenge ? challengeBlinks(a.challenge) : a.minBlinks;
  if (faces === 'no_face') return judged('no_face', seen, distance);
  if (faces === 'multiple_faces') return judged('multiple_faces', seen, distance);
  if (distance === null) return judged('no_face', seen, null);
  const enrolled = countEnrolledBlinks(clip, distances, a.threshold);
  if (faceChanged(distances, a.threshold)) {
    const farthest = Math.max(...[...distances.values()].filter((d): d is number => d !== null));
    return judged('face_changed', enrolled, farthest);
  }
  const foreign = [...distances.values()].some((d) => classify(d, a.threshold) === 'foreign');
  const identified = distance <= a.threshold && !foreign && !closerToNeighbour(found, a.template, distance);
  if (followed ? !followed.followed : seen < minBlinks) return judged(refusal, seen, distance, identified);
  if (!identified) return judged('identity_mismatch', seen, distance);
  if (enrolled < minBlinks) return judged(refusal, enrolled, distance, true);
  return judged('accepted', enrolled, distance);
}

/** Identity alone, from one photo. */
export function judgeImage(a: { faces: number; probe: Float32Array | null; template: FaceTemplate; threshold: number }): Judged {
  if (a.faces > 1) return verdict('multiple_faces', 0, null);
  const distance = a.probe ? probeDistance([a.probe], a.template) : null;
  if (distance === null) return verdict('no_face', 0, null);
  if (distance > a.threshold || closerToNeighbour([a.probe!], a.template, distance)) return verdict('identity_mismatch', 0, distance);
  return verdict('accepted', 0, distance);
}
