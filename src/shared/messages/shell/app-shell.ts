/** The installed app's shell (issue 22 First load, issue 24 section 4): while a page's code arrives, and offline. */
export const appShellMessages = {
  appShell: {
    loadingPage: 'Loading the page…',
    offline: 'You are offline. Marking attendance needs a connection.',
  },
} as const;
