import { RotateCw, ShieldAlert } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { browserFamily } from '@/lib/device/browser-family';
import { cn } from '@/lib/utils';

export type Permission = 'camera' | 'location';
/** blocked: the browser or the person refused; unavailable: allowed, but no device or no fix. */
export type PermissionTrouble = 'blocked' | 'unavailable';

/**
 * What stopped the camera or the location, how to allow it in this browser, and Try again. The browser never asks a
 * second time once refused, so the steps name where its setting is; Try again asks once the student changed it.
 */
export function PermissionHelp({
  permission,
  trouble,
  onRetry,
  className,
}: {
  permission: Permission;
  trouble: PermissionTrouble;
  onRetry: () => void;
  className?: string;
}) {
  const how =
    trouble === 'blocked'
      ? MSG.permissions.how[browserFamily(navigator.userAgent)](MSG.permissions.names[permission])
      : MSG.permissions.unavailableHelp[permission];
  return (
    <div
      role="alert"
      data-testid={`${permission}-help`}
      className={cn('grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-left text-sm', className)}
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <ShieldAlert className="size-4 shrink-0" aria-hidden />
        {MSG.permissions[trouble][permission]}
      </p>
      <p className="text-muted-foreground">{MSG.permissions.why[permission]}</p>
      <p>{how}</p>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onRetry}>
        <RotateCw aria-hidden />
        {MSG.permissions.tryAgain}
      </Button>
    </div>
  );
}

/** getUserMedia's refusal by name: NotAllowedError (and SecurityError) is a permission; the rest is the device. */
export function cameraTrouble(err: unknown): PermissionTrouble {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'blocked' : 'unavailable';
}
