import { describe, expect, it } from 'vitest';
import { pointNorthOf } from '@tests/helpers/geo';
import { coarseDistanceMeters, haversineMeters } from './geo';

describe('haversineMeters', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversineMeters(23.03, 72.58, 23.03, 72.58)).toBe(0);
    expect(haversineMeters(23.03, 72.58, 23.04, 72.59)).toBeCloseTo(haversineMeters(23.04, 72.59, 23.03, 72.58), 9);
  });
  it('matches known distances', () => {
    // One degree of latitude is about 111.2 km; Paris to London is about 343.6 km.
    expect(haversineMeters(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
    expect(haversineMeters(48.8566, 2.3522, 51.5074, -0.1278) / 1000).toBeCloseTo(343.6, 0);
  });
  it('pointNorthOf inverts it', () => {
    const p = pointNorthOf(23.03, 72.58, 30);
    expect(haversineMeters(23.03, 72.58, p.latitude, p.longitude)).toBeCloseTo(30, 6);
  });
});

describe('coarseDistanceMeters', () => {
  it('rounds to the nearest 10 m under 1 km and to the nearest 100 m from there', () => {
    expect([50.1, 234.9, 235, 994.9].map(coarseDistanceMeters)).toEqual([50, 230, 240, 990]);
    expect([995, 1000, 1_149, 1_150, 12_345].map(coarseDistanceMeters)).toEqual([1_000, 1_000, 1_100, 1_200, 12_300]);
  });
});
