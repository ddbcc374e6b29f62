/** Face changes: the teacher's pending list with Approve and Decline, and a student's history of them. */
export { FaceChangeHistory } from './face-change-history';
export { PendingFaceChangesSection } from './pending-face-changes-section';
export { usePendingFaceChanges } from './face-change-queries';
