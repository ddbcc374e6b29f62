import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { MSG } from '@shared/messages';
import { PageHero } from '@/components/layout/page-hero';
import { Card, CardContent, CardHeader, CardHeading } from '@/components/ui/card';
import { ContactForm } from '@/features/contact-form';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

const ICONS = [Mail, Phone, MapPin, Clock];

export function ContactPage() {
  useDocumentTitle(MSG.contact.title);
  return (
    <>
      <PageHero title={MSG.contact.title} intro={MSG.contact.intro} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-[1fr_1.4fr]">
        <Card className="h-fit">
          <CardHeader>
            <CardHeading className="text-xl">{MSG.contact.detailsTitle}</CardHeading>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-5">
              {MSG.contact.details.map((detail, i) => {
                const Icon = ICONS[i] ?? Mail;
                return (
                  // A <dl> holds only dt/dd groups: the icon sits inside the term, out of the reading order.
                  <div key={detail.label} className="relative min-h-9 pl-12">
                    <dt className="text-sm text-muted-foreground">
                      <span aria-hidden className="absolute top-0 left-0 flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                        <Icon className="size-4" />
                      </span>
                      {detail.label}
                    </dt>
                    <dd className="font-medium">{detail.value}</dd>
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
