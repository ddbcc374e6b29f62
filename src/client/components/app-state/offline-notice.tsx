import { WifiOff } from 'lucide-react';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { useOnline } from '@/lib/device/use-online';

/**
 * Over every page while the phone is offline: the installed app still opens (its worker keeps the shell), but
 * nothing can be marked or loaded until the connection is back.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      {FIRST_LOAD_MSG.appShell.offline}
    </div>
  );
}
