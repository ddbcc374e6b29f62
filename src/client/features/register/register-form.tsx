import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DEPARTMENTS, FACE_IMAGES_REQUIRED, REGISTRABLE_ROLES, TOAST_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Separator } from '@/components/ui/separator';
import { FaceCaptureField } from './face-capture-field';
import { PasswordStrength } from './password-strength';
import { useCapturedImages } from './use-captured-images';
import { useRegister } from './use-register';
import { type RegisterFormValues, registerValidators, requiredFieldsFilled } from './validators';

const L = MSG.register.labels;
const P = MSG.register.placeholders;

export function RegisterForm() {
  const { images, add, remove } = useCapturedImages();
  const { submit, done } = useRegister();
  const { register, handleSubmit, control, formState } = useForm<RegisterFormValues>({
    mode: 'all',
    defaultValues: { username: '', email: '', phone_number: '', password: '', role: 'student', department_name: '' },
  });
  const values = useWatch({ control });
  const { errors, isSubmitting } = formState;
  const hasErrors = Object.keys(errors).length > 0;
  const canSubmit = requiredFieldsFilled(values) && images.length === FACE_IMAGES_REQUIRED && !hasErrors && !isSubmitting && !done;

  const onValid = (data: RegisterFormValues) =>
    images.length === FACE_IMAGES_REQUIRED ? submit(data, images) : void toast.error(MSG.validation.imagesRequired, { duration: TOAST_MS.registration });
  const onInvalid = () => toast.error(MSG.validation.fixErrors, { duration: TOAST_MS.registration });

  const a11y = (name: keyof RegisterFormValues) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="username" label={L.username} error={errors.username?.message}>
          <Input
            id="username"
            autoComplete="username"
            placeholder={P.username}
            {...a11y('username')}
            {...register('username', { validate: registerValidators.username })}
          />
        </FormField>
        <FormField id="email" label={L.email} error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder={P.email}
            {...a11y('email')}
            {...register('email', { validate: registerValidators.email })}
          />
        </FormField>
        <FormField id="phone_number" label={L.phone} optional error={errors.phone_number?.message}>
          <Input
            id="phone_number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={P.phone}
            {...a11y('phone_number')}
            {...register('phone_number', { validate: registerValidators.phone_number })}
          />
        </FormField>
        <FormField id="role" label={L.role}>
          <NativeSelect id="role" {...register('role')}>
            {REGISTRABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {MSG.register.roles[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="password" label={L.password} error={errors.password?.message} hint={<PasswordStrength password={values.password ?? ''} />}>
        <PasswordInput
          id="password"
          autoComplete="new-password"
          placeholder={P.password}
          {...a11y('password')}
          {...register('password', { validate: registerValidators.password })}
        />
      </FormField>
      <FormField id="department_name" label={L.department} error={errors.department_name?.message}>
        <NativeSelect id="department_name" {...a11y('department_name')} {...register('department_name', { validate: registerValidators.department_name })}>
          <option value="">{P.department}</option>
          {DEPARTMENTS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
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
  );
}
