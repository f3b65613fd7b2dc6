import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { groupById } from '../sub-portals/sub-portals.repo.js';

/** A group given in a body must be a sub-portal of the sponsor the call works in. */
export async function checkGroup(db: Db, sponsorId: number, group: number | null | undefined): Promise<void> {
  if (group === undefined || group === null) return;
  if (!(await groupById(db, sponsorId, group)))
    throw badRequest('The group is not a sub-portal of this portal.', [{ field: 'group', message: 'Choose a sub-portal of this portal' }]);
}
