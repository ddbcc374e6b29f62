/** What deps holds of session ending (deps.sessions): deps.ts imports it from here; everything else uses ../index.ts. */
export type { SessionSweeper } from './session-expiry';
