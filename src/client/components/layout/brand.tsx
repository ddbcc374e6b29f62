import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { cn } from '@/lib/utils';

export function Brand({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <CalendarCheck className="size-4.5" aria-hidden />
      </span>
      <span className="text-lg">{FIRST_LOAD_MSG.app.name}</span>
    </Link>
  );
}
