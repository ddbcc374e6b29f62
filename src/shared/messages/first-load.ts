import { appShellMessages } from './shell/app-shell';
import { authMessages } from './shell/auth';
import { formsMessages } from './shell/forms';
import { siteMessages } from './shell/site';

/**
 * The texts of the first load (issue 22 "First load"): the app's shell, the landing page and the login page. Their
 * files import these rather than MSG, which merges every area (about 45 KB) and comes with the other pages' chunks.
 */
export const FIRST_LOAD_MSG = { ...siteMessages, ...appShellMessages, ...authMessages, validation: formsMessages.validation } as const;
