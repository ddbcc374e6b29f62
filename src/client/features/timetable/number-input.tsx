import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** An input over a form's number: empty is NaN, which the schema refuses with the field's own message. */
export function NumberInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & { value: number; onChange: (v: number) => void }) {
  return (
    <Input
      type="number"
      inputMode="decimal"
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
      {...props}
    />
  );
}
