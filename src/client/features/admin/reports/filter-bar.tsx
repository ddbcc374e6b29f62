import { Download, FilterX, ListFilter, Table2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { LabeledField } from '@/components/ui/labeled-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { trpc } from '@/lib/api/trpc';
import { StudentFilterField } from './student-filter-field';
import type { FilterDraft } from './use-attendance-filter';

type TextKey = Exclude<keyof FilterDraft, 'flagged'>;

/**
 * SPEC 2's filter row: Department, Mode, Teacher, Student, Start and End date, and Flagged only (issue 19); Apply,
 * Clear, Open Summary, Export CSV.
 */
export function FilterBar({
  draft,
  onChange,
  onApply,
  onClear,
  onOpenSummary,
  onExport,
  exporting,
}: {
  draft: FilterDraft;
  onChange: <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => void;
  onApply: () => void;
  onClear: () => void;
  onOpenSummary: () => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const departments = trpc.admin.departments.useQuery();
  const teachers = trpc.admin.users.useQuery({ role: 'teacher' });
  const [cleared, setCleared] = useState(0);
  const invalidRange = Boolean(draft.start_date && draft.end_date && draft.end_date < draft.start_date);
  const select = (key: TextKey, label: string, options: { value: string | number; label: string }[]) => (
    <LabeledField id={`filter-${key}`} label={label}>
      <NativeSelect id={`filter-${key}`} value={draft[key]} onChange={(e) => onChange(key, e.target.value)}>
        <option value="">{MSG.admin.filters.all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </LabeledField>
  );
  return (
    <section aria-label={MSG.admin.filters.apply} className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
        {select(
          'department_id',
          MSG.admin.filters.department,
          (departments.data ?? []).map((d) => ({ value: d.id, label: d.name })),
        )}
        {select('mode', MSG.admin.filters.mode, [
          { value: 'offline', label: MSG.admin.filters.modes.offline },
          { value: 'online', label: MSG.admin.filters.modes.online },
        ])}
        {select(
          'teacher',
          MSG.admin.filters.teacher,
          (teachers.data ?? []).map((u) => ({ value: u.id, label: u.username })),
        )}
        <StudentFilterField key={cleared} value={draft.student} onChange={(id) => onChange('student', id)} />
        <LabeledField id="filter-start" label={MSG.admin.filters.startDate}>
          <Input id="filter-start" type="date" value={draft.start_date} onChange={(e) => onChange('start_date', e.target.value)} />
        </LabeledField>
        <LabeledField id="filter-end" label={MSG.admin.filters.endDate} error={invalidRange ? MSG.admin.filters.endBeforeStart : undefined}>
          <Input id="filter-end" type="date" value={draft.end_date} aria-invalid={invalidRange} onChange={(e) => onChange('end_date', e.target.value)} />
        </LabeledField>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-h-9 items-center gap-2 pr-2">
          <Checkbox id="filter-flagged" checked={draft.flagged} onCheckedChange={(checked) => onChange('flagged', checked === true)} />
          <Label htmlFor="filter-flagged">{MSG.markFlags.flaggedOnly}</Label>
        </div>
        <Button onClick={onApply} disabled={invalidRange}>
          <ListFilter aria-hidden />
          {MSG.admin.filters.apply}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setCleared((n) => n + 1);
            onClear();
          }}
        >
          <FilterX aria-hidden />
          {MSG.admin.filters.clear}
        </Button>
        <Button variant="secondary" onClick={onOpenSummary}>
          <Table2 aria-hidden />
          {MSG.admin.filters.openSummary}
        </Button>
        <Button variant="secondary" onClick={onExport} disabled={exporting}>
          <Download aria-hidden />
          {MSG.admin.filters.exportCsv}
        </Button>
      </div>
    </section>
  );
}
