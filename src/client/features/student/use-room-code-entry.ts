import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { normalizeRoomCode, roomCodeRefusalText, roomCodeRefusedIn } from '@/lib/room-code-handoff';

/**
 * The student dashboard's Room code field: what is typed (normalized), the refusal shown under it, and the code a
 * QR link brought (`?room_code=`), read once and removed from the address so a reload does not send it again.
 */
export function useRoomCodeEntry() {
  const [params] = useSearchParams();
  const location = useLocation();
  const [fromLink] = useState(() => normalizeRoomCode(params.get('room_code') ?? '') || null);
  const [value, setValueState] = useState(fromLink ?? '');
  // The final mark may have sent the student back: its step over a minute old, or its code not the step's.
  const [sentBack] = useState(() => roomCodeRefusedIn(location.state));
  const [error, setError] = useState<string | null>(sentBack && roomCodeRefusalText(sentBack));
  const inputRef = useRef<HTMLInputElement>(null);
  /** Counts the refusals that want the cursor in the field; RoomCodeField puts it there once the field is enabled. */
  const [focusRequest, setFocusRequest] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on arrival
  useEffect(() => {
    // Straight on the history entry, not through the router: a router navigation gives a new location key, and the
    // route guard (approval per key) would remount this page and drop the mark the link just started.
    if (fromLink !== null || sentBack) {
      const entry = window.history.state as Record<string, unknown> | null;
      window.history.replaceState({ ...entry, usr: null }, '', location.pathname);
    }
    if (error) inputRef.current?.focus();
  }, []);

  function setValue(text: string) {
    setValueState(normalizeRoomCode(text));
    setError(null);
  }

  /** Shows why the code was refused and puts the cursor in the field, its text selected so typing replaces it. */
  function refuse(message: string) {
    setError(message);
    setFocusRequest((n) => n + 1);
  }

  return { value, setValue, error, refuse, inputRef, fromLink, focusRequest };
}

export type RoomCodeEntry = ReturnType<typeof useRoomCodeEntry>;
