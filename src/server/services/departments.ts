import type { DB } from '../db/connect';

export const listDepartments = (db: DB) => db.selectFrom('departments').select(['id', 'name']).orderBy('id').execute();

export const findDepartmentByName = (db: DB, name: string) =>
  db.selectFrom('departments').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
