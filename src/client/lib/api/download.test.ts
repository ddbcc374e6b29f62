import { describe, expect, it } from 'vitest';
import { downloadQuery } from './download';

describe('downloadQuery', () => {
  it('sends the flagged-only filter with the other filters, so the CSV holds what the table shows', () => {
    expect(downloadQuery({ department_id: 2, mode: 'offline', start_date: '2026-11-01', flagged: true }).toString()).toBe(
      'department_id=2&mode=offline&start_date=2026-11-01&flagged=true',
    );
  });

  it('leaves out unset filters: an unticked flag, blanks and absent values mean every mark', () => {
    expect(downloadQuery({ flagged: false, teacher: undefined, student: '', end_date: null }).toString()).toBe('');
  });
});
