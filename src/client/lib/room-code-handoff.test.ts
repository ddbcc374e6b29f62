import { describe, expect, it } from 'vitest';
import { normalizeRoomCode } from './room-code-handoff';

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
