import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL } from '@shared/schemas/attendance/class-tools';
import { tileSource } from './map-tiles';

describe('tileSource: what the CSP must allow for a tile URL template', () => {
  it.each([
    [DEFAULT_TILE_URL, 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['https://maps.school.test:8443/osm/{z}/{x}/{y}.png?key=abc', 'https://maps.school.test:8443'],
    ['http://10.0.0.5/tiles/{z}/{x}/{y}.png', 'http://10.0.0.5'],
  ])('%s -> %s', (template, source) => {
    expect(tileSource(template)).toBe(source);
  });

  it('allows nothing for no map or a template it cannot read', () => {
    expect(tileSource(null)).toBeNull();
    expect(tileSource('not a url {z}{x}{y}')).toBeNull();
  });
});
