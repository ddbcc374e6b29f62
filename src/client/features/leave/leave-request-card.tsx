import { CalendarOff } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { MSG } from '../../../shared/messages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeferredMount } from '@/lib/deferred-load';

const L = MSG.leave;
const LeaveRequestPanel = lazy(() => import('./leave-request-panel').then((m) => ({ default: m.LeaveRequestPanel })));

/**
 * The student's leave (issue 24): the card's heading paints with the dashboard; its form and list come when the card
 * comes within a screen of the viewport (at once on a laptop; on a phone, the bottom of the page, as the student
 * scrolls towards it): their code (the form's schemas, react-hook-form) cost the first load's main thread about
 * 100 ms at a phone's speed, even when run once the page was idle. The placeholder holds about the form's height, so
 * what follows moves little when it arrives.
 */
export function LeaveRequestCard() {
  const content = useRef<HTMLDivElement>(null);
  const [ready] = useDeferredMount(content, { idle: false });
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
}
