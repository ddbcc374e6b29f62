import { Badge } from '@/components/ui/badge';
import { humanize } from '@/lib/format';

const VARIANT: Record<string, 'success' | 'destructive' | 'secondary'> = {
  present: 'success',
  valid: 'success',
  verified: 'success',
  enrolled: 'success',
  active: 'success',
  absent: 'destructive',
  // Issue 24: late still counts as attended; excused (approved leave) is neither.
  late: 'success',
  approved: 'success',
  declined: 'destructive',
  invalid: 'destructive',
  not_verified: 'destructive',
};

/** A coloured badge for a status value (present, absent, valid, verified...), capitalised for display. */
export function StatusBadge({ value, label }: { value: string | null | undefined; label?: string }) {
  return <Badge variant={(value && VARIANT[value]) || 'secondary'}>{label ?? humanize(value)}</Badge>;
}
