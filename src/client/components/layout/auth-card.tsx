import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';

/** The card an AuthLayout page centres: its title is the page's h1; `wide` for a form with photos (registration). */
export function AuthCard({ title, description, wide = false, children }: { title: ReactNode; description?: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <Card className={wide ? 'w-full max-w-2xl shadow-lg' : 'w-full max-w-md shadow-lg'}>
      <CardHeader className="text-center">
        <CardHeading level="h1" className="text-2xl">
          {title}
        </CardHeading>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
