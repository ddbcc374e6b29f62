import { MSG } from '../messages';

/**
 * The columns of a pair's records, in order: the admin's detail view and the detail CSV both read this list. The CSV
 * holds SPEC 9's twelve columns, the Flags and the face check tries beside them (issue 35); where a mark came from
 * (address, device, accuracy) is shown in the view only.
 */
const DETAIL_COLUMNS: readonly { title: string; inCsv: boolean }[] = [
  ...MSG.admin.detailColumns.map((title) => ({ title, inCsv: true })),
  ...[MSG.markTrace.address, MSG.markTrace.device, MSG.markTrace.accuracy].map((title) => ({ title, inCsv: false })),
  { title: MSG.markFlags.column, inCsv: true },
  { title: MSG.teacher.detail.faceTries, inCsv: true },
];

/** The face check tries cell of a record ('1 started, 0 failed, 0 abandoned'), empty when none was started. */
export const faceTriesText = (tries: { started: number; failed: number; abandoned: number } | null | undefined) =>
  tries?.started ? MSG.teacher.detail.faceTriesValue(tries) : '';

export const detailViewColumns = DETAIL_COLUMNS.map((c) => c.title);

/** An export of more than one pair names the pair on each line: Teacher and Student come first. */
export const detailCsvColumns = (withPair: boolean) => [
  ...(withPair ? ['Teacher', 'Student'] : []),
  ...DETAIL_COLUMNS.filter((c) => c.inCsv).map((c) => c.title),
];
