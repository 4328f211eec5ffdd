import { pingDatabase, type Db } from '../../db/client';

/** True when the database answers. */
export async function databaseIsUp(db: Db): Promise<boolean> {
  await pingDatabase(db);
  return true;
}
