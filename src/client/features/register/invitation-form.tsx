import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type TInvitationRegisterFields, ZInvitationRegisterFields } from '@shared/schemas/accounts/roster';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormFieldItem } from '@/components/form-field-item';
import { Input } from '@/components/ui/input';
import { LabeledField } from '@/components/ui/labeled-field';
import { Separator } from '@/components/ui/separator';
import { FaceCaptureField, useCapturedImages } from '@/features/face-capture';
import { PasswordStrength } from './password-strength';
import { useInvitationRegister } from './use-invitation-register';
import { ButtonLink } from '@/components/button-link';

interface Invited {
  name: string;
  email: string;
  roll_number: string | null;
}

/**
 * Registration from a roster invitation: the name and email the teacher imported, fixed; the student sets a password
 * (the registration's rules) and takes the three photos through registration's own capture.
 */
export function InvitationForm({ token, invited }: { token: string; invited: Invited }) {
  const { images, add, remove } = useCapturedImages();
  const { submit, result } = useInvitationRegister(token);
  const form = useForm({ mode: 'all', resolver: zodResolver(ZInvitationRegisterFields), defaultValues: { password: '' } });
  const password = useWatch({ control: form.control, name: 'password' });
  const { isSubmitting, isValid } = form.formState;

  if (result)
    return (
      <div className="grid gap-4 text-center" role="status">
        <p>{result.message}</p>
        <ButtonLink to="/login">{MSG.invitations.loginLink}</ButtonLink>
      </div>
    );

  const onValid = (data: TInvitationRegisterFields) => submit(data.password, images);
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <LabeledField id="invited-name" label={MSG.register.labels.username}>
            <Input id="invited-name" value={invited.name} readOnly />
          </LabeledField>
          <LabeledField id="invited-email" label={MSG.register.labels.email}>
            <Input id="invited-email" value={invited.email} readOnly />
          </LabeledField>
        </div>
        <FormFieldItem control={form.control} name="password" label={MSG.register.labels.password} below={<PasswordStrength password={password ?? ''} />}>
          {(field) => <PasswordInput autoComplete="new-password" placeholder={MSG.register.placeholders.password} {...field} />}
        </FormFieldItem>
        <Separator />
        <FaceCaptureField images={images} onCapture={add} onRemove={remove} />
        <Button type="submit" size="lg" disabled={!isValid || images.length !== FACE_IMAGES_REQUIRED || isSubmitting}>
          {MSG.invitations.submit}
        </Button>
      </form>
    </Form>
  );
}
