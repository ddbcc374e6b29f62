/** Issue 39: the department's timetable on the teacher dashboard (the week, Start on today's classes, rooms and classes). */
export { TimetablePanel } from './timetable-panel';
