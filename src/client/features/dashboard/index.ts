/** The signed-in user's details and Logout, for a dashboard still to be built. */
export { DashboardPlaceholder } from './dashboard-placeholder';
