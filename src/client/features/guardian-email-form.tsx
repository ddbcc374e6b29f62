import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { ZGuardianEmailInput } from '@shared/schemas/notices';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabeledField } from '@/components/ui/labeled-field';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';

/**
 * Issue 39: the address a student's warnings are copied to, set by their teacher (the session's student detail) or an
 * admin (the user modal); blank removes it. A form of its own, so it sits beside the modal's form, never inside it.
 */
export function GuardianEmailForm({ studentId }: { studentId: number }) {
  const id = useId();
  const view = trpc.teacher.guardianEmail.useQuery({ student_id: studentId });
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(view.data?.guardian_email ?? ''), [view.data?.guardian_email]);
  const save = trpc.teacher.setGuardianEmail.useMutation({
    onSuccess: (saved) => {
      toast.success(saved.message);
      utils.teacher.guardianEmail.setData({ student_id: studentId }, saved);
      setError(undefined);
    },
    onError: (e) => toast.error(refusalText(e, MSG.notices.guardianFailed)),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ZGuardianEmailInput.safeParse({ student_id: studentId, guardian_email: text.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    save.mutate({ student_id: studentId, guardian_email: text.trim() });
  }

  if (view.isError) return null;
  return (
    <form noValidate onSubmit={submit} className="grid gap-2 rounded-lg border p-3 text-sm">
      <LabeledField id={id} label={MSG.notices.guardianEmail} error={error} hint={<p className="text-xs text-muted-foreground">{MSG.notices.guardianHint}</p>}>
        <div className="grid gap-2 sm:flex">
          <Input
            id={id}
            type="email"
            className="min-w-0 sm:flex-1"
            value={text}
            disabled={view.isPending}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <Button type="submit" variant="outline" disabled={save.isPending || view.isPending}>
            <Save aria-hidden />
            {MSG.notices.guardianSave}
          </Button>
        </div>
      </LabeledField>
    </form>
  );
}
