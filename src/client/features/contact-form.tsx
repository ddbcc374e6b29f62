import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { type TContactMessageInput, ZContactMessageInput } from '@shared/schemas/accounts/contact';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardHeading } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormFieldItem } from '@/components/form-field-item';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { restRequest } from '@/lib/api/rest';

const FIELDS = ['name', 'email', 'message'] as const;

/**
 * The contact form: the message is stored for the school's administrators (issue 11), then the form clears. Checked
 * by the server's schema first; a refusal, the browser's or the server's, is also said in a toast as it always was.
 */
export function ContactForm() {
  const form = useForm({ resolver: zodResolver(ZContactMessageInput), defaultValues: { name: '', email: '', message: '' } });

  async function send(values: TContactMessageInput) {
    try {
      const res = await restRequest<unknown>('/contact', { json: values });
      if (!res.ok) {
        toast.error(res.data.message || MSG.contact.failed);
        return;
      }
      form.reset();
      toast.success(MSG.contact.stored);
    } catch {
      toast.error(MSG.contact.failed);
    }
  }
  const refused = (errors: FieldErrors<TContactMessageInput>) => toast.error(FIELDS.map((name) => errors[name]?.message).find(Boolean) ?? MSG.contact.failed);

  return (
    <Card>
      <CardHeader>
        <CardHeading className="text-xl">{MSG.contact.formTitle}</CardHeading>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate onSubmit={form.handleSubmit(send, refused)} className="grid gap-5">
            <FormFieldItem control={form.control} name="name" label={MSG.contact.name}>
              {(field) => <Input autoComplete="name" {...field} />}
            </FormFieldItem>
            <FormFieldItem control={form.control} name="email" label={MSG.contact.email}>
              {(field) => <Input type="email" autoComplete="email" {...field} />}
            </FormFieldItem>
            <FormFieldItem control={form.control} name="message" label={MSG.contact.message}>
              {(field) => <Textarea {...field} />}
            </FormFieldItem>
            <Button type="submit" size="lg" className="justify-self-start" disabled={form.formState.isSubmitting}>
              {MSG.contact.submit}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
