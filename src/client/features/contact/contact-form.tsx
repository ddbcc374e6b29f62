import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** SPEC 2: submitting only clears the form; nothing is sent anywhere. */
export function ContactForm() {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.currentTarget.reset();
    toast.success(MSG.contact.sent);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">
          <h2>{MSG.contact.formTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-5">
          <FormField id="contact-name" label={MSG.contact.name}>
            <Input id="contact-name" name="name" autoComplete="name" required />
          </FormField>
          <FormField id="contact-email" label={MSG.contact.email}>
            <Input id="contact-email" name="email" type="email" autoComplete="email" required />
          </FormField>
          <FormField id="contact-message" label={MSG.contact.message}>
            <Textarea id="contact-message" name="message" required />
          </FormField>
          <Button type="submit" size="lg" className="justify-self-start">
            {MSG.contact.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
