/** Issue 35: the admin settings card that turns the 'not from a browser' flag on or off. */
export const notFromBrowserFlagMessages = {
  notFromBrowserFlag: {
    title: 'Marks not from a browser',
    description:
      "A student's browser carries this server's device cookie from its login; a script or REST client does not. Such a mark is flagged 'not from a browser' for the teacher. Turn this off if your school marks attendance through its own app.",
    label: 'Flag marks that do not come from a browser',
    on: "Marks without the server's device cookie are flagged.",
    off: "Marks without the server's device cookie are not flagged.",
    saved: (enabled: boolean) => (enabled ? 'Marks not from a browser will be flagged.' : 'Marks not from a browser will no longer be flagged.'),
    failed: 'Could not save the setting.',
    loadFailed: 'Could not load the setting.',
    updated: (when: string, by: string | null) => `Last changed ${when}${by ? ` by ${by}` : ''}.`,
  },
} as const;
