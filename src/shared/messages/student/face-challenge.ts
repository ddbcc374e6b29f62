import { FACE_CHALLENGE_FAILS_PER_SESSION } from '@shared/constants';

const startAgain = 'Press Start Verification: you will get new instructions.';

/** Issue 20: the face check's challenge (server refusals and the page's guidance). */
export const faceChallengeMessages = {
  faceChallenge: {
    notFollowed: 'The movements did not match the instructions. Follow the arrows on the screen and try again.',
    invalid: 'These instructions are not valid for your login. Start the face check again.',
    tooManyFailed: (n: number) => `You have used your ${n} face check tries in this session. Ask your teacher to mark your attendance.`,
    /** Issue 33: with the challenge on, a face check is made only live, on the stream (the REST doors answer 409). */
    liveOnly:
      'This school uses the live face check: an uploaded video cannot verify your face. Use the face page, which streams your camera to the server (WebSocket /api/face-stream).',
    liveOff: 'The live face check is off at this school: the face page records a short video and uploads it.',
    cancelled: 'This face check was cancelled: another one was started for your account. It counts as a try.',
    tooFast: 'The video arrived faster than a camera records it. Start the face check again with your camera.',
    stalled: 'The video stopped arriving during the face check. Check your connection and start again.',
    unreadable: 'The video of the face check could not be read. Start the face check again.',
    tooLarge: 'The face check video is too large.',
    notStarted: 'The face check did not start in time. Press Start Verification again.',
    badMessage: 'The face check received a message it does not understand.',
    badHints: 'The step times sent with the video are not valid.',
    /** The page's guidance: directions are the student's own (the preview is mirrored, so their left is on the left). */
    steps: {
      turn_left: 'Turn your head to your left',
      turn_right: 'Turn your head to your right',
      blink: 'Blink both eyes',
    },
    getReady: 'Look at the camera...',
    recording: 'Recording... follow the instructions on the screen.',
    stepDone: 'done',
    stepPending: 'to do',
    allDone: 'Done. Checking...',
    stepsLabel: 'Your instructions',
    /** Beside the current instruction: the server says how many there are, never which ones before it sends them. */
    stepOf: (i: number, n: number) => `Step ${i} of ${n}`,
    tryAgain: 'Try again',
    /** The live check's connection dropped (or the server stopped answering) before a verdict: nothing was decided. */
    lost: {
      headline: 'The connection to the server was lost during the check.',
      step: 'Check your internet connection and press Try again.',
    },
    /** A busy server's refusal said when a new check may start. */
    startAgainIn: (s: number) => `You can start again in ${s} s.`,
    /** Each challenge refusal's headline and next step, keyed by the server's error_code (refusal-advice.ts). */
    refusals: {
      challenge_not_followed: {
        headline: 'The movements did not match the instructions. Follow the arrows on the screen and try again.',
        step: 'Do each move as soon as its instruction appears: turn your head the way the arrow points, or blink both eyes.',
      },
      no_active_session: {
        headline: 'No active attendance session for your department.',
        step: 'Go back to your dashboard and mark attendance when your teacher starts a session.',
      },
      stream_too_fast: { headline: 'The video arrived faster than a camera records it.', step: startAgain },
      stream_stalled: { headline: 'The video stopped arriving during the face check.', step: `Check your connection. ${startAgain}` },
      stream_unreadable: { headline: 'The video of the face check could not be read.', step: startAgain },
      check_cancelled: { headline: 'This face check was cancelled: another one was started for your account.', step: startAgain },
      challenge_limit: {
        headline: `You have used your ${FACE_CHALLENGE_FAILS_PER_SESSION} face check tries in this session.`,
        step: 'Ask your teacher to mark your attendance.',
      },
    },
  },
} as const;
