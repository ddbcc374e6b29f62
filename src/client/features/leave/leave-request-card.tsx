import { CalendarOff } from 'lucide-react';
import { Suspense, useRef, memo } from 'react';
import { MSG } from '@shared/messages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeferredMount, lazyNamed } from '@/lib/deferred-load';

const LeaveRequestPanel = lazyNamed(() => import('./leave-request-panel').then((m) => m.LeaveRequestPanel));

/**
 * The student's leave (issue 24): the card's heading paints with the dashboard; its form and list come when the card
 * is 200 px from the screen (at once on a laptop; on a phone, the bottom of the page, as the student scrolls towards
 * it): their code (the form's schemas, react-hook-form) is a long task on a phone even when run once the page is
 * idle, and within a screen's margin it came on some first loads and not others, as the cards above it were still
 * placeholders or had their data. The placeholder holds about the form's height, so what follows moves little when
 * it arrives. Memoised: no props, inside a dashboard that renders again on each answer
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
          <h2>{MSG.leave.title}</h2>
        </CardTitle>
        <CardDescription>{MSG.leave.description}</CardDescription>
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
