import { Slot } from 'radix-ui';
import { type ComponentProps, createContext, useContext, useId } from 'react';
import { Controller, type ControllerProps, type FieldPath, type FieldValues, FormProvider, useFormContext, useFormState } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Label } from './label';

/**
 * shadcn/ui's form, written by hand (its CLI cannot reach the registry here): react-hook-form's FormProvider, a
 * Controller per field, and ids that tie each control to its label and its error. Two changes from shadcn's copy:
 * the error is role="alert" (as our forms' errors always were, so a screen reader hears it), and aria-describedby
 * names only what is on the page (shadcn names a description id even when there is none).
 */
export const Form = FormProvider;

const FormFieldContext = createContext<{ name: string } | null>(null);
const FormItemContext = createContext<{ id: string } | null>(null);

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

export function useFormField() {
  const field = useContext(FormFieldContext);
  const item = useContext(FormItemContext);
  if (!field || !item) throw new Error('useFormField is used inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const { id } = item;
  return {
    id,
    name: field.name,
    formItemId: `${id}-form-item`,
    formMessageId: `${id}-form-item-message`,
    ...getFieldState(field.name, formState),
  };
}

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  return (
    <FormItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, optional, children, ...props }: ComponentProps<typeof Label> & { optional?: boolean }) {
  const { formItemId } = useFormField();
  return (
    <Label data-slot="form-label" htmlFor={formItemId} className={className} {...props}>
      {children}
      {optional && <span className="text-xs font-normal text-muted-foreground">(optional)</span>}
    </Label>
  );
}

export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formMessageId } = useFormField();
  return <Slot.Root data-slot="form-control" id={formItemId} aria-describedby={error ? formMessageId : undefined} aria-invalid={!!error} {...props} />;
}

export function FormMessage({ className, ...props }: ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error ? String(error.message ?? '') : props.children;
  if (!body) return null;
  return (
    <p data-slot="form-message" id={formMessageId} role="alert" className={cn('text-sm text-destructive', className)} {...props}>
      {body}
    </p>
  );
}
