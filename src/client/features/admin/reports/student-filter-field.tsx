import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { LabeledField } from '@/components/ui/labeled-field';
import { Input } from '@/components/ui/input';
import { trpc } from '@/lib/api/trpc';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';

const SUGGESTIONS = 20;

/**
 * The filter row's Student, as a search with suggestions from the server (issue 22): a select of every student
 * loaded 5,000 names (1.1 MiB) on each dashboard visit. `value` is the picked student's id, '' for all; the filter
 * row remounts it (a new key) to clear the text.
 */
export function StudentFilterField({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const matches = trpc.admin.userList.useQuery(
    { role: 'student', q, limit: SUGGESTIONS, page: 1 },
    { enabled: q.length > 0 && !value, placeholderData: keepPreviousData },
  );
  const options = matches.data?.data ?? [];
  const choose = (typed: string) => {
    setText(typed);
    const hit = options.find((u) => MSG.userList.studentOption(u.username, u.email) === typed);
    onChange(hit ? String(hit.id) : '');
  };
  const unpicked = text.trim() !== '' && !value;
  return (
    <LabeledField
      id="filter-student"
      label={MSG.admin.filters.student}
      error={unpicked && q === text.trim() && matches.isFetched ? MSG.userList.pickStudent : undefined}
    >
      <Input
        id="filter-student"
        type="search"
        list="filter-student-options"
        autoComplete="off"
        placeholder={MSG.userList.studentPlaceholder}
        value={text}
        maxLength={100}
        onChange={(e) => choose(e.target.value)}
      />
      <datalist id="filter-student-options">
        {options.map((u) => (
          <option key={u.id} value={MSG.userList.studentOption(u.username, u.email)} />
        ))}
      </datalist>
    </LabeledField>
  );
}
