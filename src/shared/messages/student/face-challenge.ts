import { FACE_CHALLENGE_FAILS_PER_SESSION } from '../../constants';

const startAgain = 'Press Start Verification: you will get new instructions.';

/** Issue 20: the face check's challenge (server refusals and the page's guidance). */
export const faceChallengeMessages = {
  faceChallenge: {
    notFollowed: 'The movements did not match the instructions. Follow the arrows on the screen and try again.',
    missing: 'This face check has no instructions from the server. Start the face check again.',
    invalid: 'These instructions are not valid for your login. Start the face check again.',
    used: 'These instructions were already used. Start the face check again.',
    expired: 'The instructions expired before the video arrived. Start the face check again.',
    tooManyFailed: (n: number) => `You did not follow the instructions ${n} times in this session. Ask your teacher to mark your attendance.`,
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
    /** Shown beside the steps when the device is too slow to follow the face live: each step has a fixed time. */
    timed: 'Follow each instruction while it is shown.',
    tryAgain: 'Try again',
    /** Each challenge refusal's headline and next step, keyed by the server's error_code (refusal-advice.ts). */
    refusals: {
      challenge_not_followed: {
        headline: 'The movements did not match the instructions. Follow the arrows on the screen and try again.',
        step: 'Turn your head the way the arrow points, then blink both eyes, as each instruction appears.',
      },
      no_active_session: {
        headline: 'No active attendance session for your department.',
        step: 'Go back to your dashboard and mark attendance when your teacher starts a session.',
      },
      challenge_missing: { headline: 'This face check has no instructions from the server.', step: startAgain },
      challenge_invalid: { headline: 'These instructions are not valid for your login.', step: startAgain },
      challenge_used: { headline: 'These instructions were already used.', step: startAgain },
      challenge_expired: { headline: 'The instructions expired before the video arrived.', step: startAgain },
      challenge_limit: {
        headline: `You did not follow the instructions ${FACE_CHALLENGE_FAILS_PER_SESSION} times in this session.`,
        step: 'Ask your teacher to mark your attendance.',
      },
    },
  },
} as const;
