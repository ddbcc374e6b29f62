import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { LabeledField } from '@/components/ui/labeled-field';
import { Input } from '@/components/ui/input';
import { useLogin } from './use-login';

type Errors = { email?: string; password?: string };

/**
 * The required-field rules of the server's ZLoginInput (shared/schemas/accounts/auth.ts: the email trimmed, the password as
 * typed), with its messages (messages/shell/forms.ts), checked here by hand rather than by ZLoginInput.safeParse: that
 * would put zod and every message text on the login page's first load (vite build, measured: its JavaScript from
 * 446 to 574 kB, 142 to 180 kB gzipped). The server checks the rest.
 */
function check(form: HTMLFormElement): { values: { email: string; password: string }; errors: Errors } {
  const data = new FormData(form);
  const email = String(data.get('email') ?? '').trim();
  const password = String(data.get('password') ?? '');
  const errors: Errors = {};
  if (email === '') errors.email = FIRST_LOAD_MSG.validation.emailRequired;
  if (password === '') errors.password = FIRST_LOAD_MSG.validation.passwordRequired;
  return { values: { email, password }, errors };
}

/**
 * Email and password, checked on submit and again on each change after it, the first wrong field focused. Plain
 * state rather than react-hook-form: two fields do not need it, and the login page is a first load (issue 22).
 */
export function LoginForm() {
  const { login, redirecting, rejection } = useLogin();
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { values, errors: found } = check(form);
    setErrors(found);
    setSubmitted(true);
    const wrong = (['email', 'password'] as const).find((name) => found[name]);
    if (wrong) return void form.querySelector<HTMLInputElement>(`[name="${wrong}"]`)?.focus();
    setSubmitting(true);
    try {
      await login(values);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} onChange={(e) => submitted && setErrors(check(e.currentTarget).errors)} className="grid gap-5">
      <LabeledField id="email" label={FIRST_LOAD_MSG.login.emailLabel} error={errors.email}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder={FIRST_LOAD_MSG.login.emailPlaceholder}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'email-error' : undefined}
          name="email"
        />
      </LabeledField>
      <LabeledField id="password" label={FIRST_LOAD_MSG.login.passwordLabel} error={errors.password}>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'password-error' : undefined}
          name="password"
        />
      </LabeledField>
      {rejection && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="login-rejection">
          {rejection}
        </p>
      )}
      <Button type="submit" size="lg" disabled={isSubmitting || redirecting}>
        {FIRST_LOAD_MSG.login.submit}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {FIRST_LOAD_MSG.login.noAccount}{' '}
        <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
          {FIRST_LOAD_MSG.login.registerLink}
        </Link>
      </p>
    </form>
  );
}
