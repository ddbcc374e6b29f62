import { useState } from 'react';
import { DEFAULT_RADIUS_M } from '../../../../shared/constants';
import { geofenceStorage } from '../session/geofence-storage';
import { isValidRadius, nextSettingsRadius } from './radius';

/**
 * The Geofencing Settings: the radius toggle, the typed text and the value it yields (kept as customRadius), and the
 * Require room code switch (kept as requireRoomCode).
 */
export function useRadiusSettings() {
  const [customEnabled, setCustomEnabled] = useState(false);
  const [customRadius, setCustomRadius] = useState(() => geofenceStorage.read().customRadius ?? DEFAULT_RADIUS_M);
  const [draft, setDraft] = useState(() => String(customRadius));
  const [requireRoomCode, setRequireRoomCodeState] = useState(() => geofenceStorage.read().requireRoomCode);

  function setRequireRoomCode(required: boolean) {
    setRequireRoomCodeState(required);
    geofenceStorage.saveRequireRoomCode(required);
  }

  function onDraftChange(text: string) {
    setDraft(text);
    const next = nextSettingsRadius(text, customRadius);
    setCustomRadius(next);
    geofenceStorage.saveCustomRadius(next);
  }

  /** The start dialog's choice becomes the settings' radius, so the two never disagree. */
  function adopt(radius: number) {
    setCustomEnabled(radius !== DEFAULT_RADIUS_M);
    // The default leaves the typed custom radius for next time.
    if (radius === DEFAULT_RADIUS_M) return;
    setCustomRadius(radius);
    setDraft(String(radius));
    geofenceStorage.saveCustomRadius(radius);
  }

  /** Leaving the field shows the radius actually in force again (an ignored entry does not linger). */
  const onDraftBlur = () => setDraft(String(customRadius));

  return {
    adopt,
    onDraftBlur,
    customEnabled,
    setCustomEnabled,
    customRadius,
    draft,
    draftValid: isValidRadius(Number(draft)) && draft.trim() !== '',
    onDraftChange,
    requireRoomCode,
    setRequireRoomCode,
    /** What a new session would use. */
    chosenRadius: customEnabled ? customRadius : DEFAULT_RADIUS_M,
  };
}

export type RadiusSettings = ReturnType<typeof useRadiusSettings>;
