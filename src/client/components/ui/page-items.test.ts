import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('pageItems (SPEC 2 pagination)', () => {
  it('lists every page up to 5 pages', () => {
    expect(pageItems(1, 0)).toEqual([1]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('collapses above 5 pages into first, last, a window around the current page and ellipses', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(8, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 7)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7]);
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
  });
});
