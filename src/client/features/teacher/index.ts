/** The teacher dashboard's parts: overview, students panel and the geofence session. */
export { StudentsPanel } from './students-panel';
export { TeacherOverview } from './teacher-overview';
export { useGeofenceSession } from './use-geofence-session';
