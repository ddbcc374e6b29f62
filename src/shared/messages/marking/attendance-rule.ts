const sessions = (n: number) => (n === 1 ? '1 more session' : `${n} more sessions`);

/** Issue 24 section 1: the attendance rule as the student, the teacher and the administrator read it. */
export const attendanceRuleMessages = {
  attendanceRule: {
    standingTitle: 'Attendance rule',
    noSessions: 'No sessions yet',
    allExcused: 'Every session so far was excused: nothing counts against you yet.',
    above: (rate: number, required: number) => `${rate}% — above the ${required}% required`,
    at: (rate: number, required: number) => `${rate}% — exactly the ${required}% required`,
    below: (rate: number, required: number) => `${rate}% — below the ${required}% required`,
    canMiss: (n: number, required: number) =>
      n === 0
        ? `You cannot miss another session this semester and stay above ${required}%`
        : `You can miss ${sessions(n)} this semester and stay above ${required}%`,
    toRecover: (n: number, required: number) => `Below ${required}%: you need to attend the next ${n === 1 ? 'session' : `${n} sessions`} to get back`,
    cannotRecover: (required: number) => `Below ${required}%: attending every session from now on cannot bring the rate back to ${required}%`,
    counts: (attended: number, counted: number, excused: number) =>
      `Attended ${attended} of ${counted} ${counted === 1 ? 'session' : 'sessions'} counted${excused ? ` (${excused} excused, not counted)` : ''}`,
    chartTitle: 'Your rate over the semester',
    chartLabel: 'Attendance rate after each session of the semester',
    semester: (from: string, to: string) => `Semester ${from} to ${to}`,
    loadFailed: 'Could not load your attendance standing.',
    // The administrator's card
    settingsTitle: 'Attendance rule',
    settingsIntro: 'Students below the required rate over the semester are warned on their dashboard and listed for their teacher and here.',
    requiredRate: 'Required rate (%)',
    semesterStart: 'Semester starts',
    semesterEnd: 'Semester ends',
    lateCounts: 'Late counts as present',
    lateCountsHint: 'Off: a late mark counts against the student like an absence.',
    save: 'Save rule',
    saved: 'Attendance rule saved.',
    saveFailed: 'Could not save the attendance rule.',
    settingsLoadFailed: 'Could not load the attendance rule.',
    badRate: 'Enter a required rate from 1 to 100.',
    badDate: 'Enter a date as YYYY-MM-DD.',
    endBeforeStart: 'The semester must end on or after the day it starts.',
    neverSaved: 'Default rule: never changed.',
    lastChanged: (by: string | null, at: string) => `Last changed by ${by ?? 'a deleted account'} at ${at}`,
    // The teacher's list
    atRiskTitle: 'At risk',
    atRiskIntro: (required: number, margin: number) => `Students below ${required}% or who can miss at most ${margin} more sessions.`,
    atRiskEmpty: 'No student is below the rule or close to it.',
    atRiskFailed: 'Could not load the students at risk.',
    columnStudent: 'Student',
    columnRate: 'Rate',
    columnAttended: 'Attended',
    columnStanding: 'Standing',
    columnLastPresent: 'Last present',
    neverPresent: 'Never',
    /** On a phone the last present mark sits under the name: it says what the date is. */
    lastPresentUnder: (when: string | null) => `Last present: ${when ?? 'never'}`,
    sortBy: 'Sort by',
    sortRate: 'Rate, lowest first',
    sortName: 'Name',
    sortLastPresent: 'Last present, oldest first',
    belowShort: (n: number | null) => (n === null ? 'Below: cannot recover' : `Below: needs ${n} in a row`),
    closeShort: (n: number) => (n === 0 ? 'At the line: cannot miss one' : `Can miss ${n}`),
    // The administrator's report
    shortfallTitle: 'Below the rule',
    shortfallIntro: 'Students under the required rate for the filtered department and dates (the semester when no dates are set).',
    shortfallEmpty: 'No student is below the rule for these filters.',
    shortfallFailed: 'Could not load the shortfall report.',
    shortfallCsv: 'Shortfall CSV downloaded!',
    columnDepartment: 'Department',
    columnNeeded: 'Needed',
    belowCard: 'Below the rule',
    belowCardHint: (required: number) => `Students under ${required}%`,
    exportCsv: 'Export shortfall CSV',
  },
} as const;
