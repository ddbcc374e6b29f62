import { useState } from 'react';

/**
 * Whether `open` has been true at least once: a part whose code comes on its first opening (React.lazy) mounts then
 * and stays mounted, so it closes with its own animation and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // set during render, as React allows for state derived from props: no frame without it once it is wanted
  if (open && !opened) setOpened(true);
  return opened || open;
}
