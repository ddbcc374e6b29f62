import { CalendarOff } from 'lucide-react';
import { lazy, Suspense, useRef, memo } from 'react';
import { MSG } from '../../../shared/messages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeferredMount } from '@/lib/deferred-load';

const L = MSG.leave;
const LeaveRequestPanel = lazy(() => import('./leave-request-panel').then((m) => ({ default: m.LeaveRequestPanel })));

/**
 * The student's leave (issue 24): the card's heading paints with the dashboard; its form and list come when the card
 * is 200 px from the screen (at once on a laptop; on a phone, the bottom of the page, as the student scrolls towards
 * it): their code (the form's schemas, react-hook-form) cost the first load's main thread about 150 ms at a phone's
 * speed, even when run once the page was idle, and within a screen's margin it was loaded on some first loads and not
 * others, as the cards above it were still placeholders or had their data. The placeholder holds about the form's height, so
 * what follows moves little when it arrives. Memoised: no props, inside a dashboard that renders again on each answer
 * of the phone's location.
 */
export const LeaveRequestCard = memo(function LeaveRequestCard() {
  const content = useRef<HTMLDivElement>(null);
  const [ready] = useDeferredMount(content, { idle: false, margin: '200px 0px' });
  const placeholder = <Skeleton className="h-96" />;
  return (
    <Card data-testid="leave-requests">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarOff className="size-5 text-primary" aria-hidden />
          <h2>{L.title}</h2>
        </CardTitle>
        <CardDescription>{L.description}</CardDescription>
      </CardHeader>
      <CardContent ref={content} className="grid gap-6">
        {ready ? (
          <Suspense fallback={placeholder}>
            <LeaveRequestPanel />
          </Suspense>
        ) : (
          placeholder
        )}
      </CardContent>
    </Card>
  );
});
