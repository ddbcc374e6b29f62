import { keepPreviousData } from '@tanstack/react-query';
import { CheckCircle2, Loader2, Mail, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CONTACT_INBOX_PAGE_SIZE } from '@shared/constants';
import { MSG } from '@shared/messages';
import { CONTACT_INBOX_VIEWS } from '@shared/schemas/admin';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import { cn } from '@/lib/utils';
import type { ContactMessage } from './admin-types';

type View = (typeof CONTACT_INBOX_VIEWS)[number];
/** Longer messages start folded to three lines; Read message unfolds them. */
const FOLD_AT = 240;

const mailto = (m: ContactMessage) =>
  `mailto:${encodeURIComponent(m.email).replace('%40', '@')}?subject=${encodeURIComponent(MSG.inbox.replySubject)}&body=${encodeURIComponent(MSG.inbox.replyBody(m.name, formatDateTime(m.created_at), m.message))}`;

function MessageCard({ m, onHandled, busy }: { m: ContactMessage; onHandled: (handled: boolean) => void; busy: boolean }) {
  const long = m.message.length > FOLD_AT || m.message.split('\n').length > 3;
  const [expanded, setExpanded] = useState(false);
  const bodyId = `message-${m.id}-body`;
  return (
    <li data-testid="contact-message" className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="font-semibold [overflow-wrap:anywhere]">{m.name}</h3>
          <a href={`mailto:${m.email}`} className="text-sm text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]">
            {m.email}
          </a>
          <span className="text-xs text-muted-foreground">{MSG.inbox.received(formatDateTime(m.created_at))}</span>
        </div>
        <Badge variant={m.handled_at ? 'success' : 'secondary'}>{m.handled_at ? MSG.inbox.handledBadge : MSG.inbox.openBadge}</Badge>
      </div>
      <p id={bodyId} className={cn('text-sm whitespace-pre-wrap [overflow-wrap:anywhere]', long && !expanded && 'line-clamp-3')}>
        {m.message}
      </p>
      {m.handled_at && <p className="text-xs text-muted-foreground">{MSG.inbox.handledBy(formatDateTime(m.handled_at), m.handled_by)}</p>}
      <div className="flex flex-wrap gap-2">
        {long && (
          <Button size="sm" variant="ghost" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((e) => !e)}>
            {expanded ? MSG.inbox.collapse : MSG.inbox.read}
          </Button>
        )}
        <Button size="sm" variant="outline" asChild>
          <a href={mailto(m)} aria-label={MSG.inbox.replyLabel(m.name)}>
            <Mail aria-hidden />
            {MSG.inbox.reply}
          </a>
        </Button>
        {m.handled_at ? (
          <Button size="sm" variant="ghost" disabled={busy} aria-label={MSG.inbox.reopenLabel(m.name)} onClick={() => onHandled(false)}>
            <RotateCcw aria-hidden />
            {MSG.inbox.reopen}
          </Button>
        ) : (
          <Button size="sm" disabled={busy} aria-label={MSG.inbox.markHandledLabel(m.name)} onClick={() => onHandled(true)}>
            <CheckCircle2 aria-hidden />
            {MSG.inbox.markHandled}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Issue 22's inbox: the contact form's messages, open ones first; read, reply by email, mark handled. */
export function ContactInbox() {
  const [view, setView] = useState<View>('open');
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another view starts at its first page
  useEffect(() => setPage(1), [view]);
  const utils = trpc.useUtils();
  const list = trpc.admin.contactMessages.useQuery({ view, page, limit: CONTACT_INBOX_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const mark = trpc.admin.setContactMessageHandled.useMutation({
    onSuccess: (_r, v) => {
      toast.success(v.handled ? MSG.inbox.markedHandled : MSG.inbox.reopened);
      void utils.admin.contactMessages.invalidate();
    },
    onError: () => toast.error(MSG.inbox.saveFailed),
  });
  const d = list.data;
  const pages = d ? Math.ceil(d.total_records / CONTACT_INBOX_PAGE_SIZE) : 1;
  // The last message of a page handled: show the page before rather than an empty one.
  useEffect(() => {
    if (d && page > 1 && d.data.length === 0 && !list.isFetching) setPage(Math.max(1, pages));
  }, [d, page, pages, list.isFetching]);
  return (
    <section aria-labelledby="inbox-title" className="grid gap-4">
      <div className="grid gap-1">
        <h1 id="inbox-title" className="text-2xl font-semibold">
          {MSG.inbox.title}
        </h1>
        <p className="text-sm text-muted-foreground">{MSG.inbox.description}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex flex-wrap gap-1 rounded-lg border bg-card p-1">
          <legend className="sr-only">{MSG.inbox.viewsLabel}</legend>
          {CONTACT_INBOX_VIEWS.map((v) => (
            <Button key={v} size="sm" variant={view === v ? 'secondary' : 'ghost'} aria-pressed={view === v} onClick={() => setView(v)}>
              {MSG.inbox.views[v]}
              {v === 'open' && d ? ` (${d.open_count})` : ''}
            </Button>
          ))}
        </fieldset>
        <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="inbox-count">
          {list.isFetching && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {d ? MSG.inbox.count(d.total_records) : ''}
        </span>
      </div>
      <QueryState
        query={list}
        failed={MSG.inbox.loadFailed}
        isEmpty={(res) => res.data.length === 0}
        empty={<EmptyState className="rounded-xl border bg-card p-6">{MSG.inbox.empty[view]}</EmptyState>}
      >
        {(res) => (
          <ul className="grid gap-3">
            {res.data.map((m) => (
              <MessageCard key={m.id} m={m} busy={mark.isPending} onHandled={(handled) => mark.mutate({ id: m.id, handled })} />
            ))}
          </ul>
        )}
      </QueryState>
      {pages > 1 && <Pagination page={page} totalPages={pages} onPageChange={setPage} />}
    </section>
  );
}
