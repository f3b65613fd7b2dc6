import type { Db } from '../../db/client.js';
import { holderIdAt, pageIds, pageIdsFrom } from './vaults.list.repo.js';
import { bumpListVersion, listVersion } from './vaults.versions.repo.js';

/**
 * Counting a large portal (hundreds of thousands of holders) costs more than the page itself, so
 * large totals are kept for a few seconds. Small totals (under COUNT_CACHE_MIN, 1,000) are always
 * counted exactly. Several instances may serve one PostgreSQL: a kept total is used only while its
 * portal's list version (vault_list_versions, raised by `changing` after every change on any
 * instance) is the one it was counted at, so a change shows in every instance's totals at once.
 * Without `db` (callers that have none) the totals are only dropped by this process's changes.
 */
export const COUNT_CACHE_MIN = 1000;
export const COUNT_CACHE_MS = 15_000;
const countCache = new Map<string, { n: number; at: number; version: number }>();

/** The cache key's portal: `<sponsorId>|…`, or null for the all-portals view (`all|…`). */
const sponsorOfKey = (key: string) => (key.startsWith('all|') ? null : Number(key.slice(0, key.indexOf('|'))));

/** `knownVersion`: the portal's list version, when the caller read it already (in its page's statement). */
export async function cachedCount(key: string, count: () => Promise<number>, db?: Db, knownVersion?: number): Promise<number> {
  // Read before counting: a change committed meanwhile raises the version past the one kept here.
  const version = knownVersion ?? (db ? await listVersion(db, sponsorOfKey(key)) : 0);
  const hit = countCache.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < COUNT_CACHE_MS) return hit.n;
  const n = await count();
  if (n >= COUNT_CACHE_MIN) {
    if (countCache.size > 2000) countCache.clear();
    countCache.set(key, { n, at: Date.now(), version });
  } else countCache.delete(key);
  return n;
}

/**
 * Deep pages without scanning from the start: the holder id found at every ANCHOR_STRIDE-th
 * position of a portal's list is remembered (same lifetime and invalidation as the totals), so a
 * page at offset 150,000 reads at most ANCHOR_STRIDE + 20 index entries instead of 150,020.
 */
let ANCHOR_STRIDE = 5000;
/** Tests use a small stride to exercise the anchors with a handful of holders. */
export const setAnchorStrideForTests = (n: number) => {
  ANCHOR_STRIDE = n;
  anchorCache.clear();
};
const anchorCache = new Map<number, { at: number; version: number; ids: Map<number, number> }>();

async function anchorsOf(db: Db, sponsorId: number) {
  const version = await listVersion(db, sponsorId);
  let entry = anchorCache.get(sponsorId);
  if (!entry || entry.version !== version || Date.now() - entry.at > COUNT_CACHE_MS) {
    if (anchorCache.size > 500) anchorCache.clear();
    entry = { at: Date.now(), version, ids: new Map() };
    anchorCache.set(sponsorId, entry);
  }
  return entry.ids;
}

/** Whether a page of the unfiltered list starts before the first anchor (read from the start of the index). */
export const beforeFirstAnchor = (offset: number) => offset < ANCHOR_STRIDE;

export async function unfilteredPage(db: Db, sponsorId: number, offset: number, limit: number): Promise<number[]> {
  const k = Math.floor(offset / ANCHOR_STRIDE);
  if (k === 0) return pageIds(db, sponsorId, { kind: 'all' }, offset, limit);
  const anchors = await anchorsOf(db, sponsorId);
  let anchor = anchors.get(k);
  if (anchor === undefined) {
    // The nearest remembered anchor below k, from the few that exist: counting down from k took
    // minutes of blocked event loop for an offset near 2^53 (every request of every portal waited).
    let j = 0;
    for (const key of anchors.keys()) if (key < k && key > j) j = key;
    const from = j === 0 ? null : anchors.get(j)!;
    const found = await holderIdAt(db, sponsorId, from, (k - j) * ANCHOR_STRIDE);
    if (found === null) return [];
    anchors.set(k, found);
    anchor = found;
  }
  return pageIdsFrom(db, sponsorId, anchor, offset - k * ANCHOR_STRIDE, limit);
}

/** Forgets the cached totals and page anchors of a portal (and of the all-portals view) after a change. */
export function invalidateCounts(sponsorId: number) {
  for (const k of countCache.keys()) if (k.startsWith(`${sponsorId}|`) || k.startsWith('all|')) countCache.delete(k);
  anchorCache.delete(sponsorId);
}

/**
 * Runs a change and then forgets the portal's cached totals (after the commit, whatever the
 * outcome); with `db`, it also raises the portal's list version so other instances forget theirs.
 */
export async function changing<T>(sponsorId: number, work: Promise<T>, db?: Db): Promise<T> {
  try {
    return await work;
  } finally {
    invalidateCounts(sponsorId);
    // The change is committed whatever happens here: a failure only leaves other instances'
    // totals as they were for at most COUNT_CACHE_MS.
    if (db) await bumpListVersion(db, sponsorId).catch(() => {});
  }
}
