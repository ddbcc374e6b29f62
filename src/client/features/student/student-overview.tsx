import { CalendarClock, Fingerprint, LifeBuoy, Loader2, MapPin, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatCoords, formatDateTime } from '@/lib/format';
import { StatCard } from '@/components/stat-card';
import type { GeolocationState } from '@/lib/use-geolocation';
import { RoomCodeField } from './room-code-field';
import type { AttendanceList } from './student-queries';
import type { RoomCodeEntry } from './use-room-code-entry';

const M = MSG.student;

function locationText(geo: GeolocationState): string {
  if (geo.status === 'error') return geo.error === 'unsupported' ? M.geoUnsupported : M.locationUnavailable;
  if (geo.coords) return formatCoords(geo.coords);
  return M.fetchingLocation;
}

/** Overview tab: Attendance Rate, Last Check-in, Current Location and Quick Actions (SPEC 2). */
export function StudentOverview({
  attendance,
  geo,
  onMark,
  marking,
  roomCode,
}: {
  attendance: AttendanceList | undefined;
  geo: GeolocationState;
  onMark: () => void;
  marking: boolean;
  roomCode: RoomCodeEntry;
}) {
  const rate = attendance?.attendance_rate ?? 0;
  const last = attendance?.last_present_at;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-3 [&>*]:min-w-0">
        <StatCard icon={TrendingUp} title={M.attendanceRate} tone="success">
          <p className="text-4xl font-bold tracking-tight" data-testid="attendance-rate">
            {attendance ? `${rate}%` : '—'}
          </p>
          <Progress value={rate} aria-label={M.attendanceRate} indicatorClassName="bg-success" />
          <p className="text-sm text-muted-foreground">{M.thisSemester}</p>
        </StatCard>
        <StatCard icon={CalendarClock} title={M.lastCheckIn}>
          <p className="text-lg font-semibold" data-testid="last-check-in">
            {last ? formatDateTime(last) : M.noCheckIn}
          </p>
          <p className="text-sm text-muted-foreground">{last ? `${M.lastPresentNote} · ${M.timeZoneNote}` : M.timeZoneNote}</p>
        </StatCard>
        <StatCard icon={MapPin} title={M.currentLocation} tone={geo.status === 'error' ? 'warning' : 'primary'}>
          <p className="font-mono text-lg font-semibold" data-testid="current-location">
            {locationText(geo)}
          </p>
          <p className="text-sm text-muted-foreground">{M.coordsNote}</p>
        </StatCard>
      </div>
      <StatCard icon={Fingerprint} title={M.quickActions}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-xl text-sm text-muted-foreground">{M.quickActionsHint}</p>
          {/* A form: Enter in the room code field marks, as the button does. */}
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              onMark();
            }}
          >
            <RoomCodeField entry={roomCode} disabled={marking} />
            <Button type="submit" size="lg" disabled={marking}>
              {marking ? <Loader2 className="animate-spin" aria-hidden /> : <Fingerprint aria-hidden />}
              {M.markAttendance}
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/contact-us">
                <LifeBuoy aria-hidden />
                {M.contactSupport}
              </Link>
            </Button>
          </form>
        </div>
      </StatCard>
    </div>
  );
}
