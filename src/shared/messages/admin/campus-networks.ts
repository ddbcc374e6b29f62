/** Issue 19: the admin settings card for the campus networks, and the server's refusals of a list. */
export const campusNetworkMessages = {
  campusNetworks: {
    title: 'Campus networks',
    intro:
      'When networks are listed, every step of a mark (the location check, the face check and the mark itself) must come from one of them. With none listed, any network is accepted.',
    fromEnvironment:
      'CAMPUS_NETWORKS is set in the server environment, so these networks apply and cannot be changed here. Remove it from the environment to manage the list on this card.',
    none: 'No campus networks: marks are accepted from any network.',
    yourAddress: (address: string) => `Your address as the server sees it: ${address}`,
    yourAddressInside: 'You are on one of the listed networks.',
    yourAddressOutside: 'You are not on any listed network.',
    addCurrent: 'Add the network I am on now',
    addOther: 'Add a network',
    networkLabel: (n: number) => `Network ${n}`,
    placeholder: '10.20.0.0/16 or 2001:db8::/48',
    remove: (network: string) => `Remove ${network || 'this network'}`,
    save: 'Save networks',
    saved: 'Campus networks saved.',
    saveFailed: 'Could not save the campus networks.',
    loadFailed: 'Could not load the campus networks.',
    updated: (when: string, by: string | null) => `Last changed ${when}${by ? ` by ${by}` : ''}.`,
    invalid: (text: string) => `'${text}' is not a network such as 10.20.0.0/16, 192.168.1.7 or 2001:db8::/48.`,
    empty: 'Enter a network such as 10.20.0.0/16, or remove this line.',
    tooMany: (max: number) => `At most ${max} campus networks can be listed.`,
    environmentWins: 'CAMPUS_NETWORKS is set in the server environment and applies instead: remove it there to manage the list here.',
  },
} as const;
