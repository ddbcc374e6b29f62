/** The admin filter row as the router infers it (its preprocessed fields are unknown to the type). */
export type FilterRow = { department_id?: unknown; start_date?: unknown; end_date?: unknown };

/** The part of the admin filter row the shortfall report follows: the department and the dates. */
export const shortfallScope = (f: FilterRow) => ({
  department_id: typeof f.department_id === 'number' ? f.department_id : undefined,
  start_date: typeof f.start_date === 'string' && f.start_date ? f.start_date : undefined,
  end_date: typeof f.end_date === 'string' && f.end_date ? f.end_date : undefined,
});
