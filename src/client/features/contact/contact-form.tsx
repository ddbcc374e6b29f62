import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { restRequest } from '@/lib/rest';

/** The contact form: the message is stored for the school's administrators (issue 11), then the form clears. */
export function ContactForm() {
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setSending(true);
    try {
      const res = await restRequest<unknown>('/contact', { json: { name: fields.name, email: fields.email, message: fields.message } });
      if (!res.ok) {
        toast.error(res.data.message || MSG.contact.failed);
        return;
      }
      form.reset();
      toast.success(MSG.contact.stored);
    } catch {
      toast.error(MSG.contact.failed);
    } finally {
      setSending(false);
    }
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
          <Button type="submit" size="lg" className="justify-self-start" disabled={sending}>
            {MSG.contact.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
