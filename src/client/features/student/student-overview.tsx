import type { ReactNode } from 'react';
import { CalendarClock, Fingerprint, LifeBuoy, MapPin, TrendingUp } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Progress } from '@/components/ui/progress';
import { formatCoords, formatDateTime } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import { StatCard } from '@/components/stat-card';
import type { GeolocationState } from '@/lib/device/use-geolocation';
import type { AttendanceList } from './student-queries';
import { ButtonLink } from '@/components/button-link';

function locationText(geo: GeolocationState): string {
  if (geo.status === 'error') return geo.error === 'unsupported' ? MSG.student.geoUnsupported : MSG.student.locationUnavailable;
  if (geo.coords) return formatCoords(geo.coords);
  return MSG.student.fetchingLocation;
}

/**
 * Overview tab: Attendance Rate, Last Check-in, Current Location and Quick Actions (SPEC 2). Mark Attendance itself
 * sits in the session banner above the tabs, on the first screen (issue 22).
 */
export function StudentOverview({
  attendance,
  geo,
  locationHelp,
  student = true,
}: {
  attendance: AttendanceList | undefined;
  geo: GeolocationState;
  /** how to allow location, when it is blocked and no session is open (the page shows it by the banner otherwise) */
  locationHelp?: ReactNode;
  /** false for an admin looking at the page: no standing of their own to ask for */
  student?: boolean;
}) {
  // Issue 36: one rate everywhere, the attendance rule's (the semester's sessions since the student's approval, as the
  // rule card and the reports count them): the same query as the rule card, fetched once.
  const standing = trpc.attendanceRule.standing.useQuery(undefined, { staleTime: 0, enabled: student }).data?.standing;
  const rate = standing?.rate ?? 0;
  // 0% would read as missed classes: before any counted session there is no rate.
  const noSessions = standing !== undefined && standing.rate === null;
  const last = attendance?.last_present_at;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-3 [&>*]:min-w-0">
        <StatCard icon={TrendingUp} title={MSG.student.attendanceRate} tone="success">
          {/* as tall as the rate with its bar (the placeholder's shape) when there is no rate yet: the cards below stay put */}
          <div className="grid min-h-23 content-start gap-3">
            <p className={noSessions ? 'text-2xl font-semibold' : 'text-4xl font-bold tracking-tight'} data-testid="attendance-rate">
              {noSessions ? MSG.studentScreens.noSessionsYet : standing ? `${rate}%` : '—'}
            </p>
            {!noSessions && <Progress value={rate} aria-label={MSG.student.attendanceRate} indicatorClassName="bg-success" />}
            <p className="text-sm text-muted-foreground">{noSessions ? MSG.studentScreens.noSessionsHint : MSG.student.thisSemester}</p>
          </div>
        </StatCard>
        <StatCard icon={CalendarClock} title={MSG.student.lastCheckIn}>
          <p className="text-lg font-semibold" data-testid="last-check-in">
            {last ? formatDateTime(last) : MSG.student.noCheckIn}
          </p>
          <p className="text-sm text-muted-foreground">{last ? `${MSG.student.lastPresentNote} · ${MSG.student.timeZoneNote}` : MSG.student.timeZoneNote}</p>
        </StatCard>
        <StatCard icon={MapPin} title={MSG.student.currentLocation} tone={geo.status === 'error' ? 'warning' : 'primary'}>
          <p className="font-mono text-lg font-semibold" data-testid="current-location">
            {locationText(geo)}
          </p>
          <p className="text-sm text-muted-foreground">{MSG.student.coordsNote}</p>
          {locationHelp}
        </StatCard>
      </div>
      <StatCard icon={Fingerprint} title={MSG.student.quickActions}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-xl text-sm text-muted-foreground">{MSG.student.quickActionsHint}</p>
          <ButtonLink size="lg" variant="outline" to="/contact-us">
            <LifeBuoy aria-hidden />
            {MSG.student.contactSupport}
          </ButtonLink>
        </div>
      </StatCard>
    </div>
  );
}
