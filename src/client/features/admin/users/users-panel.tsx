import { keepPreviousData } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_USERS_PAGE_SIZE } from '@shared/constants';
import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { LabeledField } from '@/components/ui/labeled-field';
import { SearchInput } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { trpc } from '@/lib/api/trpc';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import type { AdminUser } from '../admin-types';
import { UserCards } from './user-cards';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The users of one role, searched, filtered and paged by the server (issue 22: a school of thousands sends one page).
 * Opens on the department the filter row applied, so the list matches the card that opened it.
 */
export function UsersPanel({
  role,
  initialDepartment,
  initialStatus,
  onClose,
  onEdit,
  onDelete,
}: {
  role: 'teacher' | 'student';
  initialDepartment: string;
  initialStatus?: 'pending';
  /** Absent on the Users page, where the list is the page. */
  onClose?: () => void;
  onEdit: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
}) {
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState(initialDepartment);
  const [status, setStatus] = useState<string>(initialStatus ?? '');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts again at the first page
  useEffect(() => setPage(1), [q, department, status, role]);
  useEffect(() => setDepartment(initialDepartment), [initialDepartment]);
  useEffect(() => setStatus(initialStatus ?? ''), [initialStatus]);
  const departments = trpc.admin.departments.useQuery();
  const list = trpc.admin.userList.useQuery(
    { role, q: q || undefined, department_id: department ? Number(department) : undefined, status: (status || undefined) as 'pending' | undefined, page },
    { placeholderData: keepPreviousData },
  );
  const d = list.data;
  const from = d ? (d.current_page - 1) * d.page_size + 1 : 0;
  const to = d ? from + d.data.length - 1 : 0;
  const title = MSG.admin.usersTitle(role);
  return (
    <section aria-labelledby="users-title" data-testid="users-panel" className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2">
        <h2 id="users-title" className="text-lg font-semibold">
          {title}
        </h2>
        {onClose && (
          <Button variant="ghost" size="sm" onClick={onClose}>
            <X aria-hidden />
            {MSG.userList.close}
          </Button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <LabeledField id="users-search" label={MSG.userList.search}>
          <SearchInput
            id="users-search"
            value={search}
            maxLength={100}
            placeholder={MSG.userList.searchPlaceholder}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
        </LabeledField>
        <LabeledField id="users-department" label={MSG.userList.department}>
          <NativeSelect id="users-department" value={department} onChange={(e) => setDepartment(e.target.value)}>
            <option value="">{MSG.userList.anyDepartment}</option>
            {(departments.data ?? []).map((dep) => (
              <option key={dep.id} value={dep.id}>
                {dep.name}
              </option>
            ))}
          </NativeSelect>
        </LabeledField>
        <LabeledField id="users-status" label={MSG.userList.status}>
          <NativeSelect id="users-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{MSG.userList.anyStatus}</option>
            {(['active', 'pending', 'inactive'] as const).map((s) => (
              <option key={s} value={s}>
                {MSG.admin.statuses[s]}
              </option>
            ))}
          </NativeSelect>
        </LabeledField>
      </div>
      <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground" data-testid="users-count">
        {list.isFetching && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {d ? MSG.userList.showing(from, to, d.total_records) : list.isPending ? MSG.loader.label : ''}
      </p>
      {/* The count line above says Loading… */}
      <QueryState
        query={list}
        failed={MSG.admin.loadUsersFailed}
        loading={false}
        isEmpty={(res) => res.data.length === 0}
        empty={<EmptyState>{q || department || status ? MSG.userList.noMatch : MSG.admin.noUsers}</EmptyState>}
      >
        {(res) => <UserCards users={res.data} onEdit={onEdit} onDelete={onDelete} />}
      </QueryState>
      {d && d.total_records > ADMIN_USERS_PAGE_SIZE && <Pagination page={page} totalPages={Math.ceil(d.total_records / d.page_size)} onPageChange={setPage} />}
    </section>
  );
}
