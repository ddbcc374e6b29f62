import { useState } from 'react';
import { DEFAULT_RADIUS_M } from '@shared/constants';
import { geofenceStorage } from '../session/geofence-storage';

/**
 * What the next start begins from, kept in local storage: the Require room code switch (requireRoomCode) and the last
 * custom radius chosen in the start dialog (customRadius), offered again there. The radius itself is chosen only in
 * that dialog (issue 36).
 */
export function useStartPreferences() {
  const [requireRoomCode, setRequireRoomCodeState] = useState(() => geofenceStorage.read().requireRoomCode);
  const [customRadius, setCustomRadius] = useState(() => geofenceStorage.read().customRadius ?? DEFAULT_RADIUS_M);

  function setRequireRoomCode(required: boolean) {
    setRequireRoomCodeState(required);
    geofenceStorage.saveRequireRoomCode(required);
  }

  function rememberCustomRadius(radius: number) {
    setCustomRadius(radius);
    geofenceStorage.saveCustomRadius(radius);
  }

  return { requireRoomCode, setRequireRoomCode, customRadius, rememberCustomRadius };
}

export type StartPreferences = ReturnType<typeof useStartPreferences>;
