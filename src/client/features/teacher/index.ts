/** The teacher dashboard's parts: overview, students panel and the geofence session. */
export { StudentsPanel } from './students/students-panel';
export { TeacherOverview } from './teacher-overview';
export { useGeofenceSession } from './session/use-geofence-session';
