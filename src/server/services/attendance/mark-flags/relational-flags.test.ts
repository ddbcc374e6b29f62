import { describe, expect, it } from 'vitest';
import { relationalFlags, type SessionMark } from './relational-flags';

/** The i-th mark of a clean session: nothing shared with another. */
const mark = (i: number, over: Partial<SessionMark> = {}): SessionMark => ({
  id: 100 + i,
  student_id: i,
  device_id: `device-${i}`,
  ip: `198.51.100.${i}`,
  at: i * 1000,
  latitude: 23 + i / 1000,
  longitude: 72,
  accuracy_m: 5 + i,
  ...over,
});

describe('relationalFlags', () => {
  it('raises nothing on marks that share nothing', () => {
    expect(
      relationalFlags(
        [0, 1, 2, 3, 4].map((i) => mark(i)),
        { sameAddress: true },
      ).size,
    ).toBe(0);
  });

  it("different network from the class: one home address among 20 marks sharing the school's flags the home mark only", () => {
    const school = Array.from({ length: 20 }, (_, i) => mark(i, { ip: '203.0.113.1', at: i * 4000 }));
    const flags = relationalFlags([...school, mark(20, { ip: '198.51.100.77' })], { sameAddress: true });
    expect([...flags]).toEqual([[120, { class_network: 20 }]]);
    // fewer than 5 sharing an address is no class, and a tie between two addresses names neither
    expect(relationalFlags([...school.slice(0, 4), mark(20)], { sameAddress: false }).size).toBe(0);
    const tie = [...school.slice(0, 5), ...Array.from({ length: 5 }, (_, i) => mark(30 + i, { ip: '192.0.2.9' }))];
    expect([...relationalFlags(tie, { sameAddress: false }).values()].some((r) => r.class_network)).toBe(false);
  });

  it('names every other student of a shared device, and never matches missing signals', () => {
    const marks = [mark(1, { device_id: 'd' }), mark(2, { device_id: 'd' }), mark(3, { device_id: 'd' })];
    const none = { device_id: null, ip: null, latitude: null, longitude: null, accuracy_m: null };
    const flags = relationalFlags([...marks, mark(4, none), mark(5, none)], { sameAddress: true });
    expect(flags.get(101)).toEqual({ same_device: [2, 3] });
    expect(flags.get(103)).toEqual({ same_device: [1, 2] });
    expect([flags.has(104), flags.has(105)]).toEqual([false, false]);
  });

  it('same address: within 120 s inclusive, only with more than one address in the session, only when asked', () => {
    const marks = [mark(1, { ip: 'x', at: 0 }), mark(2, { ip: 'x', at: 120_000 }), mark(3, { ip: 'x', at: 240_001 }), mark(4)];
    const flags = relationalFlags(marks, { sameAddress: true });
    expect(flags.get(101)).toEqual({ same_address: [2] });
    expect(flags.get(102)).toEqual({ same_address: [1] });
    expect(flags.has(103)).toBe(false);
    expect(relationalFlags(marks, { sameAddress: false }).size).toBe(0);
    expect(relationalFlags(marks.slice(0, 2), { sameAddress: true }).size).toBe(0);
  });

  it('copied position to 6 decimals; copied accuracy to 0.1 m with at least 3 others', () => {
    const spot = { latitude: 23.1234564, longitude: 72.1 };
    const flags = relationalFlags(
      [
        mark(1, spot),
        mark(2, { ...spot, latitude: 23.1234561 }),
        mark(3, { ...spot, latitude: 23.123457 }),
        mark(4, { accuracy_m: 9.96 }),
        mark(5, { accuracy_m: 10 }),
      ],
      { sameAddress: true },
    );
    expect(flags.get(101)).toEqual({ copied_position: [2] });
    expect(flags.has(103)).toBe(false);
    // 9.96 and 10 are the same to the 0.1 m, but one other mark is not several.
    expect(flags.has(105)).toBe(false);
    const four = relationalFlags(
      [6, 7, 8, 9].map((i) => mark(i, { accuracy_m: 12.3 })),
      { sameAddress: true },
    );
    expect([...four.values()]).toEqual([{ copied_accuracy: 3 }, { copied_accuracy: 3 }, { copied_accuracy: 3 }, { copied_accuracy: 3 }]);
    const three = relationalFlags(
      [6, 7, 8].map((i) => mark(i, { accuracy_m: 12.3 })),
      { sameAddress: true },
    );
    expect(three.size).toBe(0);
  });
});
