import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/**
 * Label + control + optional hint and error, wired for screen readers via `${id}-error`: for a field outside a
 * react-hook-form form (filters, search, settings); a react-hook-form field uses FormField from ./form.
 */
export function LabeledField({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="text-xs font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
