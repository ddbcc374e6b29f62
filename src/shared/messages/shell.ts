import { appShellMessages } from './app-shell';
import { authMessages } from './auth';
import { siteMessages } from './site';

/**
 * The texts of the app's shell and its public landing page, the first load's (issue 22 "First load"): the shell's
 * files import these rather than MSG, which merges every area (about 45 KB) and comes with the other pages' chunks.
 */
export const SHELL_MSG = { ...siteMessages, ...appShellMessages, guard: authMessages.guard } as const;
