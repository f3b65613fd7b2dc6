import type { OptionalSponsorContext, RequestContext } from '../../plugins/types.js';
import * as repo from './reference.repo.js';

/** A whole small list, as `{ data, total }`. */
const all = async <T>(rows: Promise<T[]>) => {
  const data = await rows;
  return { data, total: data.length };
};

/** Staff see every sponsor; a sponsor administrator only their own. */
export const sponsors = ({ db, user }: OptionalSponsorContext) =>
  all(repo.listSponsors(db, user.role === 'staff' ? null : (user.sponsorId ?? -1)));

export const statuses = ({ db }: OptionalSponsorContext) => all(repo.listStatuses(db));

export const groups = ({ db, sponsor }: RequestContext) => all(repo.listGroups(db, sponsor.id));

export const templates = ({ db, sponsor }: RequestContext) => all(repo.listTemplates(db, sponsor.id));
