import { Save, Scale } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { type TAttendanceRuleInput, ZAttendanceRuleInput } from '@shared/schemas/attendance-rule';
import { LoadingLine, QueryError } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/region-card';
import { LabeledField } from '@/components/ui/labeled-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatDateTime } from '@/lib/format';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';

type Draft = { required_rate: string; semester_start: string; semester_end: string; late_counts_as_present: boolean };

/** Issue 24: the required rate, the semester it counts over, and whether a late mark counts as present. */
export function RuleSettingsCard() {
  const view = trpc.attendanceRule.settings.useQuery();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof TAttendanceRuleInput, string>>>({});
  useEffect(() => {
    if (view.data) setDraft({ ...view.data, required_rate: String(view.data.required_rate) });
  }, [view.data]);
  const save = trpc.attendanceRule.setSettings.useMutation({
    onSuccess: (saved) => {
      toast.success(MSG.attendanceRule.saved);
      utils.attendanceRule.settings.setData(undefined, saved);
      void utils.attendanceRule.shortfall.invalidate();
    },
    onError: (e) => toast.error(refusalText(e, MSG.attendanceRule.saveFailed)),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!draft) return;
    const rate = draft.required_rate.trim() === '' ? Number.NaN : Number(draft.required_rate);
    const parsed = ZAttendanceRuleInput.safeParse({ ...draft, required_rate: rate });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const field = (key: 'semester_start' | 'semester_end', label: string) => (
    <LabeledField id={`rule-${key}`} label={label} error={errors[key]}>
      <Input
        id={`rule-${key}`}
        type="date"
        value={draft?.[key] ?? ''}
        onChange={(e) => setDraft((d) => d && { ...d, [key]: e.target.value })}
        aria-invalid={Boolean(errors[key])}
      />
    </LabeledField>
  );

  return (
    <RegionCard id="attendance-rule-title" icon={Scale} title={MSG.attendanceRule.settingsTitle} description={MSG.attendanceRule.settingsIntro}>
      {view.isError ? (
        <QueryError query={view} message={MSG.attendanceRule.settingsLoadFailed} />
      ) : !draft || !view.data ? (
        <LoadingLine />
      ) : (
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <div className="grid gap-4 sm:grid-cols-3">
            <LabeledField id="rule-rate" label={MSG.attendanceRule.requiredRate} error={errors.required_rate}>
              <Input
                id="rule-rate"
                inputMode="numeric"
                value={draft.required_rate}
                onChange={(e) => setDraft({ ...draft, required_rate: e.target.value })}
                aria-invalid={Boolean(errors.required_rate)}
              />
            </LabeledField>
            {field('semester_start', MSG.attendanceRule.semesterStart)}
            {field('semester_end', MSG.attendanceRule.semesterEnd)}
          </div>
          <div className="flex items-start gap-3">
            <Switch
              id="rule-late"
              checked={draft.late_counts_as_present}
              onCheckedChange={(v) => setDraft({ ...draft, late_counts_as_present: v })}
              aria-describedby="rule-late-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="rule-late">{MSG.attendanceRule.lateCounts}</Label>
              <p id="rule-late-hint" className="text-xs text-muted-foreground">
                {MSG.attendanceRule.lateCountsHint}
              </p>
            </div>
          </div>
          <p className="text-xs text-muted-foreground" data-testid="rule-changed">
            {view.data.updated_at ? MSG.attendanceRule.lastChanged(view.data.updated_by, formatDateTime(view.data.updated_at)) : MSG.attendanceRule.neverSaved}
          </p>
          <Button type="submit" className="w-fit" disabled={save.isPending}>
            <Save aria-hidden />
            {MSG.attendanceRule.save}
          </Button>
        </form>
      )}
    </RegionCard>
  );
}
