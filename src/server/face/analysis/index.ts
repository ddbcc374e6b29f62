/**
 * Analysis: pure functions from what the workers read to a verdict. signals/ reads one frame's mesh (eyes, turn, the
 * face chip, whether a quiet frame may be skipped); the rest follows the clip: blinks and turns against the challenge,
 * face tracks and identity across the clip, descriptor distances, and the verdict. No I/O, no threads.
 */
export { CHALLENGE_BLINKS, challengeBlinks, sameTurnWay, seenMoves } from './challenge';
export { analyseClip, classify, windowCandidates } from './clip-identity';
export { completeIdentity, sharpestOf, stillFrame, windowFrames } from './identify-clip';
export { deserializeDescriptor, euclidean, meanDescriptor, serializeDescriptor } from './match';
export { judgeImage, judgeVideo } from './verdict';
export { BLINK_RULES, countBlinks, type EyeSample, eyeAspectRatio } from './signals/blink';
export { chipFromMesh } from './signals/chip';
export { between, CLEARLY_OPEN, mayChange, OpenEyes } from './signals/skip';
export { turnEvents, turnSignal } from './signals/turn';
