/** Face collisions (issue 34): a waiting face beside the account it looks like, and the decision on it. */
export { CollisionDecisions } from './collision-decisions';
export { CollisionComparison, CollisionPhotos } from './collision-photos';
export { type FaceCollision, FaceCollisionPanel } from './face-collision-panel';
