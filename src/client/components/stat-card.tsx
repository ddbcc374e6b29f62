import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A dashboard card with an icon chip and a heading (h2, so tests and screen readers find it by name). */
export function StatCard({
  icon: Icon,
  title,
  tone = 'primary',
  action,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  tone?: 'primary' | 'success' | 'warning' | 'muted';
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const toneClass = {
    primary: 'bg-accent text-accent-foreground',
    success: 'bg-success/15 text-success',
    warning: 'bg-warning/20 text-amber-800',
    muted: 'bg-muted text-muted-foreground',
  }[tone];
  return (
    <Card className={cn('gap-4', className)}>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-3 text-sm font-medium text-muted-foreground">
          <span aria-hidden className={cn('flex size-9 items-center justify-center rounded-lg', toneClass)}>
            <Icon className="size-4.5" />
          </span>
          <h2>{title}</h2>
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">{children}</CardContent>
    </Card>
  );
}
