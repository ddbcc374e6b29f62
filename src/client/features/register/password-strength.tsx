import { MSG } from '@shared/messages';
import { passwordStrength, unmetPasswordRules } from '@shared/schemas/accounts/auth';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

const BAR_COLOR = { red: 'bg-red-500', orange: 'bg-orange-500', yellow: 'bg-yellow-400', green: 'bg-green-500' } as const;
// The -600 shades read 2.9-4.8:1 on white; -700/-800 reach 4.5:1 (WCAG 1.4.3) in the same hues.
const TEXT_COLOR = { red: 'text-red-700', orange: 'text-orange-700', yellow: 'text-yellow-800', green: 'text-green-700' } as const;

/** SPEC 5: strength meter (met rules out of 5) and the live list of unmet rules. */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const unmet = unmetPasswordRules(password);
  return (
    <div className="grid gap-2" data-testid="password-strength" data-strength-color={strength.color}>
      <div className="flex items-center gap-3">
        <Progress value={strength.percent} aria-label={MSG.register.strength} className="h-1.5" indicatorClassName={BAR_COLOR[strength.color]} />
        <span className={cn('w-24 shrink-0 text-right text-xs font-medium', TEXT_COLOR[strength.color])}>{strength.label}</span>
      </div>
      {unmet.length > 0 && (
        <ul aria-live="polite" className="grid gap-0.5 text-xs text-muted-foreground">
          {unmet.map((message) => (
            <li key={message} className="flex items-center gap-1.5">
              <span aria-hidden className="size-1 rounded-full bg-muted-foreground/60" />
              {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
