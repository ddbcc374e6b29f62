import type { AppDeps } from '@server/deps';

type Db = Pick<AppDeps, 'db'>;

export const listDepartments = ({ db }: Db) => db.selectFrom('departments').select(['id', 'name']).orderBy('id').execute();

export const findDepartmentByName = ({ db }: Db, name: string) =>
  db.selectFrom('departments').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
