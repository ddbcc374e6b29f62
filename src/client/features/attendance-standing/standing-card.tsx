import { Suspense, memo } from 'react';
import { Scale } from 'lucide-react';
import { MSG } from '@shared/messages';
import { LoadingSkeleton, QueryError } from '@/components/app-state/query-state';
import { StatCard } from '@/components/stat-card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/api/trpc';
import { cn } from '@/lib/utils';
import { outlookWords, standingWords } from './standing-words';
import { lazyNamed } from '@/lib/deferred-load';

// recharts is most of a student's dashboard download (about 400 KB) and a new student has no series to draw: the chart
// comes in its own chunk once there is one, after the card's words are on screen.
const RateChart = lazyNamed(() => import('./rate-chart').then((m) => m.RateChart));

/**
 * The student's rate against the administrator's rule, in plain words, with where the semester can still end (the most
 * still possible, from the timetable) and the rate over the semester. Memoised: it
 * takes no props, and the dashboard around it renders again on each answer of the phone's location and each poll.
 */
export const StandingCard = memo(function StandingCard() {
  const q = trpc.attendanceRule.standing.useQuery(undefined, { staleTime: 0 });
  if (q.isError) return <QueryError query={q} message={MSG.attendanceRule.loadFailed} />;
  const data = q.data;
  const words = data ? standingWords(data.standing) : null;
  const s = data?.standing;
  // 'Not known' (no timetable) says nothing to a student with no session yet: the card keeps its placeholder's size then.
  const outlook = data && s && (s.held > 0 || data.outlook.remaining !== null) ? outlookWords(data.outlook, s.required_rate) : null;
  return (
    <StatCard icon={Scale} title={MSG.attendanceRule.standingTitle} tone={words?.tone === 'below' ? 'warning' : words?.tone === 'ok' ? 'success' : 'primary'}>
      {!data || !words || !s ? (
        // the headline's and the semester's lines, at their final size: the overview below does not move when they come
        <LoadingSkeleton className="grid content-start gap-2">
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </LoadingSkeleton>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" data-testid="standing">
          <div className="grid content-start gap-2">
            <p className={cn('text-xl font-semibold', words.tone === 'below' && 'text-destructive')} data-testid="standing-headline">
              {words.headline}
            </p>
            {/* With a timetable saying the rule is out of reach, no 'attend the next N to get back' past the sessions left. */}
            {words.advice && !outlook?.cannotReach && (
              <p
                role={words.tone === 'below' ? 'alert' : undefined}
                className={cn('text-sm', words.tone === 'below' ? 'font-medium text-destructive' : 'text-muted-foreground')}
                data-testid="standing-advice"
              >
                {words.advice}
              </p>
            )}
            {s.held > 0 && <p className="text-sm text-muted-foreground">{MSG.attendanceRule.counts(s.attended, s.held - s.excused, s.excused)}</p>}
            {outlook && (
              <div
                role={outlook.cannotReach ? 'alert' : undefined}
                className={cn('grid gap-1 text-sm', outlook.cannotReach ? 'font-medium text-destructive' : 'text-muted-foreground')}
                data-testid="standing-outlook"
              >
                {outlook.lines.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            <p className="text-xs text-muted-foreground">{MSG.attendanceRule.semester(data.semester_start, data.semester_end)}</p>
          </div>
          {data.series.length > 0 && (
            <Suspense fallback={<Skeleton className="h-56 w-full" />}>
              <RateChart series={data.series} required={s.required_rate} />
            </Suspense>
          )}
        </div>
      )}
    </StatCard>
  );
});
