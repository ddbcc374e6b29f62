import { Mail } from 'lucide-react';
import { MSG } from '@shared/messages';
import { QueryState } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

/** Issue 39: whether notices are emailed, the queue's counts, and the emails that could not be sent and why. */
export function EmailDeliveryCard() {
  const view = trpc.admin.emailDelivery.useQuery();
  return (
    <RegionCard
      id="email-delivery-title"
      icon={Mail}
      title={MSG.notices.delivery.title}
      description={MSG.notices.delivery.description}
      contentClassName="grid gap-3 text-sm"
    >
      <QueryState query={view} failed={MSG.notices.loadFailed}>
        {(data) =>
          !data.configured ? (
            <p data-testid="email-delivery-state">{MSG.notices.delivery.notConfigured}</p>
          ) : (
            <>
              <p data-testid="email-delivery-state">
                {MSG.notices.delivery.configured(data.from ?? '')} {MSG.notices.delivery.counts(data.queued, data.sent, data.failed_count)}
              </p>
              <h3 className="font-medium">{MSG.notices.delivery.failedTitle}</h3>
              {data.failed.length === 0 ? (
                <p className="text-muted-foreground">{MSG.notices.delivery.none}</p>
              ) : (
                <ul className="grid gap-2">
                  {data.failed.map((f) => (
                    <li key={f.id} className="grid gap-0.5 rounded-md border p-2 break-words">
                      <span className="font-medium">{f.to_address}</span>
                      <span className="text-muted-foreground">
                        {formatDateTime(f.failed_at)} · {f.last_error}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )
        }
      </QueryState>
    </RegionCard>
  );
}
