import { Crosshair, Ruler } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_RADIUS_M, MAX_RADIUS_M, MIN_RADIUS_M } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { customRadiusChoice } from './radius';

const D = MSG.teacher.radiusDialog;

/** Asked at start: the default radius or a custom one; closing without a choice cancels (SPEC 2, 5). */
export function RadiusDialog({
  open,
  onOpenChange,
  initialCustom,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCustom: number;
  onChoose: (radius: number) => void;
}) {
  const [text, setText] = useState(String(initialCustom));
  const chosen = useRef(false);

  useEffect(() => {
    if (open) {
      chosen.current = false;
      setText(String(initialCustom));
    }
  }, [open, initialCustom]);

  function choose(radius: number) {
    chosen.current = true;
    onOpenChange(false);
    onChoose(radius);
  }

  function chooseCustom() {
    const { radius, invalid } = customRadiusChoice(text);
    if (invalid) toast.error(MSG.teacher.invalidRadius);
    choose(radius);
  }

  function handleOpenChange(next: boolean) {
    if (!next && !chosen.current) toast.info(MSG.teacher.startCanceled);
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{D.title}</DialogTitle>
          <DialogDescription>{D.description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <Button size="lg" onClick={() => choose(DEFAULT_RADIUS_M)}>
            <Crosshair aria-hidden />
            {D.useDefault(DEFAULT_RADIUS_M)}
          </Button>
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            {D.or}
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
            <Label htmlFor="start-custom-radius">{D.customLabel}</Label>
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
                {D.useCustom}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{D.hint}</p>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
