import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages';
import { ZLoginInput } from '../../../shared/schemas/auth';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLogin } from './use-login';

/** Checked by the server's own schema (ZLoginInput) before the request leaves. */
export function LoginForm() {
  const { login, redirecting, rejection } = useLogin();
  const form = useForm({ resolver: zodResolver(ZLoginInput), defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(login)} className="grid gap-5">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{MSG.login.emailLabel}</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder={MSG.login.emailPlaceholder} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{MSG.login.passwordLabel}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
    </Form>
  );
}
