import { dropTestDatabases, postgresAnswers, runPrefix } from './helpers/test-database';

/**
 * The PostgreSQL pass: the server at TEST_DATABASE_URL must answer (a configured server that does not is a failure,
 * not a skip); at the end, every database this run created is dropped, including what a crashed test left.
 */
export default async function setup() {
  if (!(await postgresAnswers())) throw new Error(`TEST_DATABASE_URL is set but no PostgreSQL server answers there`);
  const prefix = runPrefix();
  return async () => {
    await dropTestDatabases(prefix);
  };
}
