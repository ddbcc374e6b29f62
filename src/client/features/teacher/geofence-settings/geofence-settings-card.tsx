import { Ruler, Settings2 } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { StatCard } from '@/components/stat-card';
import type { Department } from '../teacher-queries';

/**
 * The department select and the room code switch, both locked while a session runs. The radius is not set here: it is
 * chosen in the start dialog, with the session's other settings, and shown under Attendance Status while the session
 * runs (issue 36: one place, where a second editor could not disagree with it).
 */
export function GeofenceSettingsCard({
  departments,
  department,
  onDepartmentChange,
  active,
  requireRoomCode,
  onRequireRoomCodeChange,
}: {
  departments: Department[];
  department: number | null;
  onDepartmentChange: (id: number) => void;
  active: boolean;
  requireRoomCode: boolean;
  onRequireRoomCodeChange: (required: boolean) => void;
}) {
  return (
    <StatCard icon={Settings2} title={MSG.teacher.settingsTitle} tone="muted">
      <div className="grid gap-2">
        <Label htmlFor="geofence-department">{MSG.teacher.department}</Label>
        <NativeSelect id="geofence-department" value={department ?? ''} disabled={active} onChange={(e) => onDepartmentChange(Number(e.target.value))}>
          {department === null && <option value="">—</option>}
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5 rounded-lg border px-3 py-2.5">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="room-code-toggle">{MSG.roomCode.requireSwitch}</Label>
          <Switch
            id="room-code-toggle"
            checked={requireRoomCode}
            onCheckedChange={onRequireRoomCodeChange}
            disabled={active}
            aria-describedby="room-code-hint"
          />
        </div>
        <p id="room-code-hint" className="text-xs text-muted-foreground">
          {MSG.roomCode.requireHint}
        </p>
      </div>
      <p className="flex items-start gap-2 border-t pt-3 text-sm text-muted-foreground">
        <Ruler aria-hidden className="mt-0.5 size-4 shrink-0" />
        {MSG.teacher.radiusAtStart}
      </p>
    </StatCard>
  );
}
