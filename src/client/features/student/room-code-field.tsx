import { useEffect, useRef } from 'react';
import { ROOM_CODE_LENGTH } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { RoomCodeEntry } from './use-room-code-entry';

/** The code on the classroom screen: monospace, upper case as typed, its refusal read out where it is shown. */
export function RoomCodeField({ entry, disabled }: { entry: RoomCodeEntry; disabled: boolean }) {
  // A refusal puts the cursor in the field once the field is enabled again: the step's answer and the render that
  // re-enables the field come in separate tasks (each query and mutation update is a task of its own).
  const focused = useRef(0);
  useEffect(() => {
    if (disabled || entry.focusRequest === focused.current) return;
    focused.current = entry.focusRequest;
    entry.inputRef.current?.focus();
    entry.inputRef.current?.select();
  }, [disabled, entry.focusRequest, entry.inputRef]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="room-code-input">{MSG.roomCode.fieldLabel}</Label>
      <Input
        ref={entry.inputRef}
        id="room-code-input"
        className="w-44 font-mono text-lg tracking-[0.3em] uppercase md:text-lg"
        value={entry.value}
        onChange={(e) => entry.setValue(e.target.value)}
        maxLength={ROOM_CODE_LENGTH + 2}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        disabled={disabled}
        aria-invalid={entry.error !== null}
        aria-describedby="room-code-help"
      />
      <p
        id="room-code-help"
        role={entry.error ? 'alert' : undefined}
        className={entry.error ? 'text-sm font-medium text-destructive' : 'text-xs text-muted-foreground'}
      >
        {entry.error ?? MSG.roomCode.fieldHint}
      </p>
    </div>
  );
}
