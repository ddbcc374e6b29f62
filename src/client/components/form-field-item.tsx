import type { ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';

/**
 * One labelled control of a react-hook-form form: shadcn's FormField, FormItem, FormLabel, FormControl and
 * FormMessage around the control the child renders, so a form lists its fields, not the same five wrappers each.
 * `below` sits between the control and its error (a password's strength, a hint).
 */
export function FormFieldItem<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  optional,
  below,
  className,
  children,
}: {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  label: ReactNode;
  optional?: boolean;
  below?: ReactNode;
  /** the item's own classes (its gap) */
  className?: string;
  children: (field: ControllerRenderProps<TValues, TName>) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel optional={optional}>{label}</FormLabel>
          <FormControl>{children(field)}</FormControl>
          {below}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
