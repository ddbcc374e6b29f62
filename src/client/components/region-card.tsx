import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * A card that is a landmark of its page (role="region", named by its title), as the admin's settings and the rule's
 * cards are: a screen reader lists it by name. `actions` sit at the header's end (an export button); `title` may
 * carry a count after the words.
 */
export function RegionCard({
  id,
  icon: Icon,
  title,
  description,
  actions,
  contentClassName,
  children,
}: {
  /** the title's id, which names the region */
  id: string;
  icon?: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle id={id} className={cn(Icon && 'flex items-center gap-2')}>
        {Icon && <Icon className="size-5" aria-hidden />}
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card role="region" aria-labelledby={id}>
      {actions ? (
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">{heading}</div>
          {actions}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
