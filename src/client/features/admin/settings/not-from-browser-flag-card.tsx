import { MonitorSmartphone } from 'lucide-react';
import { MSG } from '@shared/messages';
import { trpc } from '@/lib/api/trpc';
import { SettingSwitchCard } from './setting-switch-card';

/** Issue 35: whether a mark without the server's device cookie (a REST client, a script) is flagged; on by default. */
export function NotFromBrowserFlagCard() {
  const utils = trpc.useUtils();
  const save = trpc.settings.setNotFromBrowserFlag.useMutation({ onSuccess: (saved) => utils.settings.notFromBrowserFlag.setData(undefined, saved) });
  return (
    <SettingSwitchCard
      id="not-from-browser-flag"
      titleId="not-from-browser-title"
      icon={MonitorSmartphone}
      texts={MSG.notFromBrowserFlag}
      view={trpc.settings.notFromBrowserFlag.useQuery()}
      save={save}
    />
  );
}
