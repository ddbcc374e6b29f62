/**
 * Issue 22, the student's screens: the session banner, results shown on the page, the permission help, the empty
 * history and the history's session columns.
 */
export const studentScreenMessages = {
  studentScreens: {
    banner: {
      open: (department: string, countdown: string) => `${department} session open, ends in ${countdown}`,
      teacher: (name: string) => `With ${name}`,
      none: 'No session open now',
      noneHint: 'This banner changes by itself when your teacher starts a session.',
      noDepartment: 'You have no department yet: ask your teacher.',
      /** Issue 36: every face check try of the session used: no Mark Attendance, the way that is left instead. */
      outOfTries: 'Ask your teacher to mark you',
      outOfTriesHint: (n: number) => `You have used your ${n} face check tries in this session.`,
    },
    /** Issue 36: the face page says it before the first try (the live check only: the upload counts none). */
    triesLeft: (n: number, of: number) =>
      n === of ? `You have ${n} face check tries in this session.` : `${n} of ${of} face check tries left in this session.`,
    /** formatTime's text: the app's one time format (src/client/lib/format.ts). */
    markedPresent: (time: string) => `✓ Marked present at ${time}`,
    markedAbsent: (time: string) => `Marked absent at ${time}`,
    markedLate: (time: string) => `✓ Marked late at ${time}`,
    markedExcused: 'Excused: your leave covers this session.',
    /**
     * Outside the circle the server says roughly how far from the classroom (docs/security.md, "Student screens");
     * `distance` is formatDistance's text ('230 m', '1.2 km'). The first text is for an answer without one.
     */
    outside: 'You are outside the classroom’s circle: go into the classroom and try again.',
    outsideBy: (distance: string) => `You are about ${distance} from the classroom: move inside and try again`,
    outsideAccuracy: (metres: number) =>
      `Your phone placed you within about ${metres} m. Indoors, wait a few seconds near a window for a better fix before trying again.`,
    noSessionsYet: 'No sessions yet',
    noSessionsHint: 'Your rate appears after your first session.',
    columns: { session: 'Session', department: 'Department', teacher: 'Teacher' },
    sessionTimes: (from: string, to: string) => `${from} – ${to}`,
    editDetails: 'Edit my details',
    editDetailsHint: 'Change your name or phone number, or send new face photos for your teacher to approve.',
    /** The face page's final states. */
    faceMarked: (time: string) => `✓ Marked present at ${time}`,
    faceLate: (time: string) => `✓ Marked late at ${time}`,
    faceAlready: (time: string) => `Already marked at ${time}`,
    faceFailed: 'Your attendance was not marked.',
    /** Issue 36: the face page's button while the camera records (then 'Verifying...' while the server decides). */
    faceRecording: 'Recording...',
    returning: 'Back to your dashboard in a moment...',
  },
  permissions: {
    blocked: { camera: 'Camera access denied.', location: 'Location access denied.' },
    unavailable: { camera: 'No camera could be started.', location: 'Your location could not be found.' },
    why: {
      camera: 'Roll Call needs the camera for the live face check.',
      location: 'Roll Call needs your location to check that you are in the classroom.',
    },
    unavailableHelp: {
      camera: 'Close other apps that use the camera, check that one is connected, then press Try again.',
      location: 'Turn on location (GPS) on your device, then press Try again.',
    },
    /** How to allow it, by browser (detected from the user agent); `what` is 'Camera' or 'Location'. */
    how: {
      chrome: (what: string) => `In Chrome (Android): tap the icon left of the address bar, open Permissions, set ${what} to Allow, then press Try again.`,
      safari: (what: string) =>
        `In Safari (iPhone, iPad): tap "aA" in the address bar, open Website Settings, set ${what} to Allow, then press Try again. If it stays blocked: Settings > Apps > Safari > ${what} > Ask or Allow.`,
      firefox: (what: string) => `In Firefox: tap the lock left of the address, clear the blocked ${what} permission, then press Try again and choose Allow.`,
      other: (what: string) => `Open this site's settings in your browser (usually the icon left of the address), allow ${what}, then press Try again.`,
    },
    names: { camera: 'Camera', location: 'Location' },
    tryAgain: 'Try again',
  },
} as const;
