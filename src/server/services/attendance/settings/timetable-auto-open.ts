import { switchSetting } from './app-settings';

/** Issue 39: whether each timetable slot's session opens by itself at its start. Off unless an administrator turned it on. */
const autoOpen = switchSetting('timetable_auto_open', false);

export const timetableAutoOpenOn = autoOpen.on;
export const timetableAutoOpenForAdmin = autoOpen.forAdmin;
export const setTimetableAutoOpen = autoOpen.set;
