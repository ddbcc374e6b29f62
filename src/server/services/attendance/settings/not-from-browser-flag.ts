import { switchSetting } from './app-settings';

/**
 * Whether a mark without the server's device cookie (a REST client, a script) is flagged 'not from a browser'
 * (issue 35). On unless an administrator turned it off. A change applies to marks written from then on (a mark keeps
 * the flags it was written with).
 */
const flag = switchSetting('not_from_browser_flag', true);

export const notFromBrowserFlagOn = flag.on;
/** The admin card's view: whether the flag is raised, and who changed it last. */
export const notFromBrowserFlagForAdmin = flag.forAdmin;
export const setNotFromBrowserFlag = flag.set;
