import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages';
import type { TLoginInput } from '../../../shared/schemas/auth';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLogin } from './use-login';

export function LoginForm() {
  const { login, redirecting, rejection } = useLogin();
  const { register, handleSubmit, formState } = useForm<TLoginInput>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  return (
    <form noValidate onSubmit={handleSubmit((values) => login({ email: values.email.trim(), password: values.password }))} className="grid gap-5">
      <FormField id="email" label={MSG.login.emailLabel} error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder={MSG.login.emailPlaceholder}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...register('email', { validate: (v) => v.trim() !== '' || MSG.validation.emailRequired })}
        />
      </FormField>
      <FormField id="password" label={MSG.login.passwordLabel} error={errors.password?.message}>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password', { required: MSG.validation.passwordRequired })}
        />
      </FormField>
      {rejection && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="login-rejection">
          {rejection}
        </p>
      )}
      <Button type="submit" size="lg" disabled={isSubmitting || redirecting}>
        {MSG.login.submit}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {MSG.login.noAccount}{' '}
        <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
          {MSG.login.registerLink}
        </Link>
      </p>
    </form>
  );
}
