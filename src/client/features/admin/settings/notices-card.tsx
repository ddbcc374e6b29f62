import { BellRing, Mail, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { ZAbsenceWarningInput } from '@shared/schemas/notices';
import { QueryState } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabeledField } from '@/components/ui/labeled-field';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

/** Whether notices are emailed, the queue's counts, and the emails that could not be sent and why. */
function EmailDelivery() {
  const view = trpc.admin.emailDelivery.useQuery();
  return (
    <section aria-labelledby="email-delivery-title" className="grid gap-2 border-t pt-4 text-sm">
      <h3 id="email-delivery-title" className="flex items-center gap-2 font-medium">
        <Mail className="size-4" aria-hidden />
        {MSG.notices.delivery.title}
      </h3>
      <p className="text-muted-foreground">{MSG.notices.delivery.description}</p>
      <QueryState query={view} failed={MSG.notices.loadFailed}>
        {(data) =>
          !data.configured ? (
            <p data-testid="email-delivery-state">{MSG.notices.delivery.notConfigured}</p>
          ) : (
            <>
              <p data-testid="email-delivery-state">
                {MSG.notices.delivery.configured(data.from ?? '')} {MSG.notices.delivery.counts(data.queued, data.sent, data.failed_count)}
              </p>
              <h4 className="font-medium">{MSG.notices.delivery.failedTitle}</h4>
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
    </section>
  );
}

/**
 * Issue 39: how many absences in a row warn a student (and their guardian), 0 turning that warning off; and below it,
 * whether the warnings also go by email and how that email fares.
 */
export function NoticesCard() {
  const view = trpc.attendanceRule.absenceWarning.useQuery();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(view.data ? String(view.data.absences_in_a_row) : ''), [view.data]);
  const save = trpc.attendanceRule.setAbsenceWarning.useMutation({
    onSuccess: (saved) => {
      toast.success(MSG.notices.absenceWarning.saved(saved.absences_in_a_row));
      utils.attendanceRule.absenceWarning.setData(undefined, saved);
      setError(undefined);
    },
    onError: (e) => toast.error(refusalText(e, MSG.notices.absenceWarning.failed)),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ZAbsenceWarningInput.safeParse({ absences_in_a_row: text.trim() === '' ? Number.NaN : text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate(parsed.data);
  }

  return (
    <RegionCard
      id="absence-warning-title"
      icon={BellRing}
      title={MSG.notices.absenceWarning.title}
      description={MSG.notices.absenceWarning.description}
      contentClassName="grid gap-3"
    >
      <QueryState query={view} failed={MSG.notices.absenceWarning.loadFailed}>
        {(data) => (
          <form noValidate className="grid gap-3" onSubmit={submit}>
            <LabeledField
              id="absences-in-a-row"
              label={MSG.notices.absenceWarning.label}
              error={error}
              hint={<p className="text-xs text-muted-foreground">{MSG.notices.absenceWarning.hint}</p>}
            >
              <Input
                id="absences-in-a-row"
                className="w-28"
                inputMode="numeric"
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'absences-in-a-row-error' : undefined}
              />
            </LabeledField>
            <div>
              <Button type="submit" disabled={save.isPending}>
                <Save aria-hidden />
                {MSG.notices.absenceWarning.save}
              </Button>
            </div>
            {data.updated_at && (
              <p className="text-xs text-muted-foreground">{MSG.notFromBrowserFlag.updated(formatDateTime(data.updated_at), data.updated_by)}</p>
            )}
          </form>
        )}
      </QueryState>
      <EmailDelivery />
    </RegionCard>
  );
}
