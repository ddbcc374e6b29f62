import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, toFilterInput } from './use-attendance-filter';

describe('toFilterInput', () => {
  it('asks the reports for flagged marks only when the box is ticked', () => {
    expect(toFilterInput({ ...EMPTY_FILTER, flagged: true, department_id: '3' })).toMatchObject({ flagged: true, department_id: 3 });
  });

  it('sends no flagged filter when unticked, rather than "unflagged only"', () => {
    expect(toFilterInput(EMPTY_FILTER).flagged).toBeUndefined();
  });
});
