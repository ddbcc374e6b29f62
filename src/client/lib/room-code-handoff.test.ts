import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { normalizeRoomCode, roomCodeRefusalOf, roomCodeRefusalText, roomCodeRefusedIn, roomCodeRefusedState } from './room-code-handoff';

describe('normalizeRoomCode', () => {
  it('upper-cases what the student typed and drops spaces and dashes, as the code is shown in groups', () => {
    expect(normalizeRoomCode('ab c-2d7')).toBe('ABC2D7');
  });

  it('keeps at most the 6 characters of a code', () => {
    expect(normalizeRoomCode('ABCDEFGH')).toBe('ABCDEF');
  });

  it('leaves an empty entry empty, so no code is sent', () => {
    expect(normalizeRoomCode('  ')).toBe('');
  });
});

describe('a final mark sent back for a new code', () => {
  it('is sent back for an old code, a missing one or a geofence step over a minute old, and for nothing else', () => {
    expect(roomCodeRefusalOf('geofence_step_required')).toBe('geofence_step_required');
    expect(roomCodeRefusalOf('room_code_not_current')).toBe('room_code_not_current');
    expect([roomCodeRefusalOf('other_device'), roomCodeRefusalOf('toString'), roomCodeRefusalOf(null)]).toEqual([null, null, null]);
  });

  it('tells the dashboard why through the route state, in the words the student reads there', () => {
    const state = roomCodeRefusedState('geofence_step_required');
    expect(roomCodeRefusedIn(state)).toBe('geofence_step_required');
    expect(roomCodeRefusalText('geofence_step_required')).toBe(MSG.attendance.stepRequired);
    expect([roomCodeRefusedIn(null), roomCodeRefusedIn({ roomCodeRefused: true }), roomCodeRefusedIn({ roomCodeRefused: 'x' })]).toEqual([null, null, null]);
  });
});
