import { Settings2 } from 'lucide-react';
import { MAX_RADIUS_M, MIN_RADIUS_M } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { StatCard } from '@/components/stat-card';
import { cn } from '@/lib/utils';
import type { Department } from '../teacher-queries';
import type { RadiusSettings } from './use-radius-settings';

const M = MSG.teacher;
const R = MSG.roomCode;

/** Department select (locked while a session runs), custom radius toggle and input, the room code switch, and the Active Radius. */
export function GeofenceSettingsCard({
  departments,
  department,
  onDepartmentChange,
  active,
  activeRadius,
  radius,
}: {
  departments: Department[];
  department: number | null;
  onDepartmentChange: (id: number) => void;
  active: boolean;
  activeRadius: number;
  radius: RadiusSettings;
}) {
  return (
    <StatCard icon={Settings2} title={M.settingsTitle} tone="muted">
      <div className="grid gap-2">
        <Label htmlFor="geofence-department">{M.department}</Label>
        <NativeSelect id="geofence-department" value={department ?? ''} disabled={active} onChange={(e) => onDepartmentChange(Number(e.target.value))}>
          {department === null && <option value="">—</option>}
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5">
        <Label htmlFor="custom-radius-toggle">{M.customRadius}</Label>
        <Switch id="custom-radius-toggle" checked={radius.customEnabled} onCheckedChange={radius.setCustomEnabled} disabled={active} />
      </div>
      <div className="grid gap-1.5 rounded-lg border px-3 py-2.5">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="room-code-toggle">{R.requireSwitch}</Label>
          <Switch
            id="room-code-toggle"
            checked={radius.requireRoomCode}
            onCheckedChange={radius.setRequireRoomCode}
            disabled={active}
            aria-describedby="room-code-hint"
          />
        </div>
        <p id="room-code-hint" className="text-xs text-muted-foreground">
          {R.requireHint}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="custom-radius-input">{M.radiusInput}</Label>
        <Input
          id="custom-radius-input"
          type="number"
          inputMode="numeric"
          min={MIN_RADIUS_M}
          max={MAX_RADIUS_M}
          value={radius.draft}
          disabled={!radius.customEnabled || active}
          aria-invalid={radius.customEnabled && !radius.draftValid}
          aria-describedby="custom-radius-hint"
          onChange={(e) => radius.onDraftChange(e.target.value)}
          onBlur={radius.onDraftBlur}
        />
        <p id="custom-radius-hint" className={cn('text-xs', radius.customEnabled && !radius.draftValid ? 'text-destructive' : 'text-muted-foreground')}>
          {M.radiusHint}
        </p>
      </div>
      <div className="flex items-baseline justify-between border-t pt-3">
        <span className="text-sm text-muted-foreground">{M.activeRadius}</span>
        <span className="text-xl font-semibold tabular-nums" data-testid="active-radius">
          {M.meters(activeRadius)}
        </span>
      </div>
    </StatCard>
  );
}
