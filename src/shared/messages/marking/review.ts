/**
 * Issue 39: the review queue. A refused student's 'I am in class: ask my teacher', the teacher's queue beside the
 * running session with the evidence the server kept, and the admin's review rates.
 */
export const reviewMessages = {
  review: {
    ask: 'I am in class: ask my teacher',
    askHint: 'Your teacher sees what the checks found and can mark you present from the room.',
    sent: 'Request sent. Your teacher will look at it now.',
    failed: 'Could not send the request. Please try again.',
    state: {
      open: 'Waiting for your teacher',
      marked: 'Your teacher marked you present',
      declined: 'Your teacher declined the request',
      expired: 'The session ended before your teacher looked at the request',
      resolved: 'You are marked in this session: the request is closed',
    },
    // refusals (the server's words, shown as they come)
    noSession: 'There is no open session of your department to ask about.',
    alreadyMarked: 'You are already marked in this session.',
    studentAlreadyMarked: 'This student is already marked in this session.',
    noRefusal: 'Try the steps first: you can ask your teacher after a check refuses you.',
    alreadyAsked: 'You have already asked your teacher in this session.',
    notFound: 'This review request does not exist.',
    notYourSession: 'Only the session’s own teacher (or an administrator) can decide this request.',
    alreadyDecided: 'This request was already decided or has closed.',
    marked: (name: string) => `${name} marked, reviewed by you.`,
    declinedToast: (name: string) => `${name}’s request declined.`,
    // the teacher's queue
    queueTitleCount: (n: number) => `Asking to be marked (${n})`,
    queueDescription: 'Students the checks refused who say they are in the room. Look up, then decide.',
    markPresent: 'Mark present',
    decline: 'Decline',
    askedAt: (time: string) => `Asked at ${time}`,
    evidence: {
      title: 'What the server kept',
      attemptsTitle: (shown: number, all: number) => (shown === all ? 'Location checks, newest first' : `Last ${shown} of ${all} location checks`),
      /** A logged attempt's outcome, as a teacher reads it; an unknown one is shown as it is. */
      outcomes: {
        geofence_valid: 'inside the circle',
        geofence_invalid: 'outside the circle',
        refused_outside: 'final mark from outside the circle',
        refused_off_campus: 'not on the campus network',
        refused_room_code: 'wrong or old room code',
        refused_imprecise: 'location too imprecise',
        refused_no_step: 'final mark without a fresh location check',
        refused_other_device: 'final mark from another device',
        refused_proof_of_other_login: 'face checked from another login',
        refused_no_face_proof: 'final mark without a passed face check',
        present: 'marked present',
        late: 'marked late',
      } as Record<string, string>,
      distance: (m: number) => `about ${m} m away`,
      accuracy: (m: number) => `accurate to ${m} m`,
      codeAge: (seconds: number) => `The room code was ${seconds} s old when the last passed step took it.`,
      faceCheck: (verdict: string, reason: string, distance: number | null) =>
        `Last face check: ${verdict}${reason ? ` (${reason})` : ''}${distance === null ? '' : `, distance to the enrolled face ${distance.toFixed(2)}`}.`,
      stillAlt: (name: string) => `The frame of ${name}’s refused face check the server recognized best`,
      stillCaption: 'The refused face check’s best frame, kept until the request closes.',
      outsideChecks: (outside: number, checks: number) => `${outside} of ${checks} location ${checks === 1 ? 'check' : 'checks'} answered outside.`,
    },
    reviewedByTeacher: 'reviewed by the teacher',
    // the admin's rates
    ratesTitle: 'Review requests by department',
    ratesDescription: 'Requests from refused students this semester, and what their teachers decided.',
    ratesEmpty: 'No review requests this semester.',
    ratesColumns: {
      department: 'Department',
      requests: 'Requests',
      marked: 'Marked',
      declined: 'Declined',
      expired: 'Expired',
      resolved: 'Marked otherwise',
      open: 'Open',
    },
    rateOf: (part: number, whole: number) => (whole === 0 ? '–' : `${part} (${Math.round((part / whole) * 100)}%)`),
  },
} as const;
