/** Issue 36: the teacher's control of a session's time (its length at the start, Extend while it runs). */
export const sessionTimeMessages = {
  sessionTime: {
    badLength: 'A session lasts between 1 and 180 minutes.',
    badExtension: 'Extend a session by 1 to 60 minutes.',
    tooLong: (max: number) => `A session lasts at most ${max} minutes in all: it cannot be extended further.`,
    noneToExtend: 'No active session to extend.',
    ended: 'This session has already ended: its absentees are marked. Start a new session, or mark students by hand.',
    notYours: 'Only the teacher who started this session can extend it.',
    extended: (minutes: number, endsAt: string) => `Session extended by ${minutes} minutes: it now ends at ${endsAt}.`,
    extendFailed: 'Could not extend the session.',
    lengthLabel: 'Session length',
    lengthOption: (n: number, isDefault: boolean) => `${n} minutes${isDefault ? ' (default)' : ''}`,
    lengthHint: 'You can extend a running session by 5 minutes at a time.',
    extend: (n: number) => `Extend ${n} min`,
    endsAt: 'Ends at',
  },
} as const;
