import { PAGINATION_COLLAPSE_ABOVE } from '@shared/constants';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons of SPEC 2: every page up to 5 pages; above that the first, the last, a window of one page on
 * each side of the current one, and an ellipsis for each gap.
 */
export function pageItems(current: number, total: number): PageItem[] {
  const count = Math.max(1, total);
  if (count <= PAGINATION_COLLAPSE_ABOVE) return Array.from({ length: count }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), count);
  const start = Math.max(2, Math.min(page - 1, count - 3));
  const end = Math.min(count - 1, Math.max(page + 1, 4));
  // An ellipsis never hides a single page: show that page instead.
  const from = start === 3 ? 2 : start;
  const to = end === count - 2 ? count - 1 : end;
  const items: PageItem[] = [1];
  if (from > 2) items.push('ellipsis-start');
  for (let p = from; p <= to; p += 1) items.push(p);
  if (to < count - 1) items.push('ellipsis-end');
  items.push(count);
  return items;
}
