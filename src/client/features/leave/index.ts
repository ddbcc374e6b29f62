export { LeaveRequestCard } from './leave-request-card';
export { PendingLeaveSection } from './pending-leave-section';
