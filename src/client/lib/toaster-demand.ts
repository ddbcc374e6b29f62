import { useSyncExternalStore } from 'react';

/**
 * Whether the toaster is wanted yet. sonner (its code and the styles it injects) is not in the first load of the
 * public pages: the toaster is mounted once a page that talks to the server opens (DataLayout) or the shell has
 * something to say (notifyError), and then stays for the visit. A toast raised before it mounts is shown when it
 * does (sonner replays the active toasts to a new toaster).
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}

/** An error toast from the shell (the route guard, a refused token): loads sonner on first use. */
export function notifyError(text: string, id: string) {
  wantToaster();
  void import('sonner').then(({ toast }) => toast.error(text, { id }));
}
