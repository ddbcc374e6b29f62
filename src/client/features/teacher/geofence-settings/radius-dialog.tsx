import { DEFAULT_LATE_AFTER_MINUTES, MAX_LATE_AFTER_MINUTES } from '@shared/attendance/attendance-status';
import { Crosshair, Ruler } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_RADIUS_M, MAX_RADIUS_M, MIN_RADIUS_M, SESSION_LENGTH_CHOICES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { customRadiusChoice } from './radius';

/** The lengths offered: the fixed choices and the server's default, in order. */
const lengthChoices = (defaultMinutes: number) => [...new Set([...SESSION_LENGTH_CHOICES, defaultMinutes])].sort((a, b) => a - b);

/** What the teacher chose at start. */
export interface StartChoice {
  radius: number;
  /** The custom radius typed and accepted, to offer again next time; null for the default or an invalid entry. */
  customRadius: number | null;
  lateAfterMinutes: number;
  /** Undefined keeps the server's default length. */
  durationMinutes: number | undefined;
}

/**
 * Asked at start, and the one place the radius is chosen (issue 36): how long the session lasts (the server's
 * SESSION_MINUTES unless the teacher chooses), the grace period, and the default radius or a custom one; closing
 * without a choice cancels (SPEC 2, 5).
 */
export function RadiusDialog({
  open,
  onOpenChange,
  initialCustom,
  defaultMinutes,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The custom radius offered: the last one chosen. */
  initialCustom: number;
  /** The server's default length; null until its status has answered. */
  defaultMinutes: number | null;
  onChoose: (choice: StartChoice) => void;
}) {
  const [text, setText] = useState(String(initialCustom));
  // '' until the teacher picks: the server's own default then applies.
  const [length, setLength] = useState('');
  // Issue 24: the grace period after which a student's own mark is late.
  const [grace, setGrace] = useState(String(DEFAULT_LATE_AFTER_MINUTES));
  const chosen = useRef(false);

  useEffect(() => {
    if (open) {
      chosen.current = false;
      setText(String(initialCustom));
      setLength('');
    }
  }, [open, initialCustom]);

  function choose(radius: number, customRadius: number | null) {
    const minutes = Number(grace);
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_LATE_AFTER_MINUTES) return void toast.error(MSG.late.badGrace);
    chosen.current = true;
    onOpenChange(false);
    onChoose({ radius, customRadius, lateAfterMinutes: minutes, durationMinutes: length === '' ? undefined : Number(length) });
  }

  function chooseCustom() {
    const { radius, invalid } = customRadiusChoice(text);
    if (invalid) toast.error(MSG.teacher.invalidRadius);
    choose(radius, invalid ? null : radius);
  }

  function handleOpenChange(next: boolean) {
    if (!next && !chosen.current) toast.info(MSG.teacher.startCanceled);
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{MSG.teacher.radiusDialog.title}</DialogTitle>
          <DialogDescription>{MSG.teacher.radiusDialog.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          {/* First, so the dialog opens on it (issue 36). */}
          <div className="grid gap-1.5">
            <Label htmlFor="start-session-length">{MSG.sessionTime.lengthLabel}</Label>
            <NativeSelect
              id="start-session-length"
              value={length === '' ? String(defaultMinutes ?? '') : length}
              onChange={(e) => setLength(e.target.value)}
              aria-describedby="start-session-length-hint"
            >
              {defaultMinutes === null && <option value="">—</option>}
              {lengthChoices(defaultMinutes ?? SESSION_LENGTH_CHOICES[0]).map((n) => (
                <option key={n} value={n}>
                  {MSG.sessionTime.lengthOption(n, n === defaultMinutes)}
                </option>
              ))}
            </NativeSelect>
            <p id="start-session-length-hint" className="text-xs text-muted-foreground">
              {MSG.sessionTime.lengthHint}
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="start-late-after">{MSG.late.graceLabel}</Label>
            <Input
              id="start-late-after"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_LATE_AFTER_MINUTES}
              value={grace}
              onChange={(e) => setGrace(e.target.value)}
            />
            <p className="text-xs text-muted-foreground">{MSG.late.graceHint(Number(grace) || 0)}</p>
          </div>
          <Button size="lg" onClick={() => choose(DEFAULT_RADIUS_M, null)}>
            <Crosshair aria-hidden />
            {MSG.teacher.radiusDialog.useDefault(DEFAULT_RADIUS_M)}
          </Button>
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            {MSG.teacher.radiusDialog.or}
            <span className="h-px flex-1 bg-border" />
          </div>
          {/* noValidate: an out-of-range entry must reach the SPEC 5 fallback (50 m and a message), not be blocked. */}
          <form
            noValidate
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              chooseCustom();
            }}
          >
            <Label htmlFor="start-custom-radius">{MSG.teacher.radiusDialog.customLabel}</Label>
            <div className="flex gap-2">
              <Input
                id="start-custom-radius"
                type="number"
                inputMode="numeric"
                min={MIN_RADIUS_M}
                max={MAX_RADIUS_M}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <Button type="submit" variant="outline">
                <Ruler aria-hidden />
                {MSG.teacher.radiusDialog.useCustom}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{MSG.teacher.radiusDialog.hint}</p>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
