import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DEPARTMENTS, FACE_IMAGES_REQUIRED, REGISTRABLE_ROLES, TOAST_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type TRegisterInput, ZRegisterInput } from '@shared/schemas/accounts/auth';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormFieldItem } from '@/components/form-field-item';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Separator } from '@/components/ui/separator';
import { PasswordStrength } from './password-strength';
import { FaceCaptureField, useCapturedImages } from '@/features/face-capture';
import { useRegister } from './use-register';
import type { z } from 'zod';

/** What the form holds before the schema reads it (the department may still be the placeholder ''). */
type RegisterFormInput = z.input<typeof ZRegisterInput>;
const EMPTY: RegisterFormInput = {
  username: '',
  email: '',
  phone_number: '',
  password: '',
  role: 'student',
  // the placeholder option: the schema refuses it with the department's own message
  department_name: '' as RegisterFormInput['department_name'],
};

/** Every field checked live by the server's own schema (ZRegisterInput); the three face images beside them. */
export function RegisterForm() {
  const { images, add, remove } = useCapturedImages();
  const { submit, done } = useRegister();
  const form = useForm({ mode: 'all', resolver: zodResolver(ZRegisterInput), defaultValues: EMPTY });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const canSubmit = requiredFieldsFilled(values) && images.length === FACE_IMAGES_REQUIRED && !hasErrors && !isSubmitting && !done;

  const onValid = (data: TRegisterInput) =>
    images.length === FACE_IMAGES_REQUIRED ? submit(data, images) : void toast.error(MSG.validation.imagesRequired, { duration: TOAST_MS.registration });
  const onInvalid = () => toast.error(MSG.validation.fixErrors, { duration: TOAST_MS.registration });

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormFieldItem control={form.control} name="username" label={MSG.register.labels.username}>
            {(field) => <Input autoComplete="username" placeholder={MSG.register.placeholders.username} {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="email" label={MSG.register.labels.email}>
            {(field) => <Input type="email" autoComplete="email" placeholder={MSG.register.placeholders.email} {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="phone_number" label={MSG.register.labels.phone} optional>
            {(field) => <Input type="tel" inputMode="numeric" autoComplete="tel" placeholder={MSG.register.placeholders.phone} {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="role" label={MSG.register.labels.role}>
            {(field) => (
              <NativeSelect {...field}>
                {REGISTRABLE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {MSG.register.roles[role]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormFieldItem>
        </div>
        <FormFieldItem
          control={form.control}
          name="password"
          label={MSG.register.labels.password}
          below={<PasswordStrength password={values.password ?? ''} />}
        >
          {(field) => <PasswordInput autoComplete="new-password" placeholder={MSG.register.placeholders.password} {...field} />}
        </FormFieldItem>
        <FormFieldItem control={form.control} name="department_name" label={MSG.register.labels.department}>
          {(field) => (
            <NativeSelect {...field}>
              <option value="">{MSG.register.placeholders.department}</option>
              {DEPARTMENTS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormFieldItem>
        <Separator />
        <FaceCaptureField images={images} onCapture={add} onRemove={remove} />
        <Button type="submit" size="lg" disabled={!canSubmit}>
          {MSG.register.submit}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {MSG.register.haveAccount}{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {MSG.register.loginLink}
          </Link>
        </p>
      </form>
    </Form>
  );
}

/** Submit waits until every required field holds something; the schema then says whether it is right. */
function requiredFieldsFilled(values: Partial<RegisterFormInput>): boolean {
  return [values.username, values.email, values.password, values.department_name].every((v) => !!v && v.trim() !== '');
}
