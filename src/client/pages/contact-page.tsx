import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { MSG } from '../../shared/messages';
import { PageHero } from '@/components/page-hero';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/contact';
import { useDocumentTitle } from '@/lib/use-document-title';

const ICONS = [Mail, Phone, MapPin, Clock];

export function ContactPage() {
  useDocumentTitle(MSG.contact.title);
  return (
    <>
      <PageHero title={MSG.contact.title} intro={MSG.contact.intro} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-[1fr_1.4fr]">
        <Card className="h-fit">
          <CardHeader>
            <CardTitle className="text-xl">
              <h2>{MSG.contact.detailsTitle}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-5">
              {MSG.contact.details.map((detail, i) => {
                const Icon = ICONS[i] ?? Mail;
                return (
                  <div key={detail.label} className="flex gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <div>
                      <dt className="text-sm text-muted-foreground">{detail.label}</dt>
                      <dd className="font-medium">{detail.value}</dd>
                    </div>
                  </div>
                );
              })}
            </dl>
          </CardContent>
        </Card>
        <ContactForm />
      </div>
    </>
  );
}
