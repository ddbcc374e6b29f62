import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A report row as a phone card: every column's name beside its value, two pairs a line. */
export function FieldGrid({ fields, className }: { fields: [label: string, value: ReactNode][]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr_auto_1fr] gap-x-3 gap-y-1.5 text-sm', className)}>
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-medium tabular-nums [overflow-wrap:anywhere]">{value === '' || value === null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The report dialogs' frame: the rows scroll, the title and the controls stay in view (issue 22: they fell below). */
export const REPORT_DIALOG = 'flex max-h-[calc(100svh-1rem)] w-[calc(100%-1rem)] max-w-[88rem] flex-col gap-4 overflow-hidden p-4 sm:p-6';
export const REPORT_DIALOG_BODY = 'min-h-0 flex-1 overflow-y-auto';
