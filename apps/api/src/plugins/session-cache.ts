/**
 * Live sessions kept in memory for a few seconds, so that a read does not wait for a second round
 * trip to the database before its own statement (decision 0049).
 *
 * Revocation stays immediate: every change to what a session check reads (a session, its user, the
 * user's administrator record, a sponsor) notifies every instance at commit (migration 0034,
 * channel `auth_changed`), and the instance forgets that user's entries. While the instance is not
 * listening (starting, or its listening connection lost) nothing is kept, so a notification missed
 * cannot leave a revoked session served. A kept entry is served only after a round trip on the
 * listening connection (`confirmed`): a notification sent a moment ago, by a change on another
 * instance, arrives before that round trip ends, so revocation is immediate (decision 0053). A
 * miss that began before a notification does not store what it read (the generation check): it
 * may have read the row the notification revoked.
 */
export interface CachedSession<T> {
  row: T;
  userId: number;
  storedAt: number;
  /** Set when a revocation (or the end of listening) forgets it; its time to live running out does not. */
  forgotten?: boolean;
}

/** What the cache needs of the listener (db/listen.ts). */
export interface InStep {
  sync(): Promise<boolean>;
  mark(): number;
  handledSince(mark: number): boolean;
}

export interface Kept<T> {
  entry: CachedSession<T>;
  mark: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, CachedSession<T>>();
  private readonly keysOfUser = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;
  private sync: () => Promise<boolean> = async () => false;
  private listener: Pick<InStep, 'mark' | 'handledSince'> = { mark: () => 0, handledSince: () => false };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled() {
    return this.listening && this.ttlMs > 0;
  }

  /** The entry stored under `key` less than the time to live ago, if the cache is on. */
  get(key: string, now: number): T | undefined {
    return this.entry(key, now)?.row;
  }

  /** As `get`, the entry itself: `forgotten` tells later whether a revocation reached it meanwhile. */
  entry(key: string, now: number): CachedSession<T> | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.remove(key, entry.userId);
      return undefined;
    }
    return entry;
  }

  /** How to learn that every notification committed so far has been handled (the listener). */
  syncWith(listener: InStep) {
    this.sync = listener.sync;
    this.listener = listener;
  }

  /**
   * The entry kept under `key`, for a read that confirms it later (`stillKept`) rather than before
   * it starts: its own statements may then do the listener's round trip's work (decision 0054).
   */
  keep(key: string, now: number): Kept<T> | undefined {
    const mark = this.listener.mark();
    const entry = this.entry(key, now);
    return entry && { entry, mark };
  }

  /**
   * Whether every revocation committed before `keep` has been handled and none forgot the entry: a
   * statement answered since on a listening pooled connection shows the first, else a round trip.
   * False when that cannot be known.
   */
  async stillKept(kept: Kept<T>): Promise<boolean> {
    if (!this.listener.handledSince(kept.mark) && !(await this.sync())) return false;
    return !kept.entry.forgotten;
  }

  /**
   * The entry kept under `key`, once every revocation committed before this call has been handled;
   * undefined when there is none, it was revoked meanwhile, or that cannot be known.
   */
  async confirmed(key: string, now: number): Promise<T | undefined> {
    const entry = this.entry(key, now);
    if (entry === undefined || !(await this.sync())) return undefined;
    return entry.forgotten ? undefined : entry.row;
  }

  /** Taken before a look-up; `put` keeps its result only if nothing was revoked meanwhile. */
  mark(): number {
    return this.generation;
  }

  put(key: string, userId: number, row: T, mark: number, now: number) {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(key, { row, userId, storedAt: now });
    let keys = this.keysOfUser.get(userId);
    if (!keys) {
      keys = new Set();
      this.keysOfUser.set(userId, keys);
    }
    keys.add(key);
  }

  /** A notification's payload: a user id, or `*` for everyone. Anything else forgets everyone too. */
  revoke(payload: string) {
    const userId = /^\d+$/.test(payload) ? Number(payload) : null;
    if (userId === null) {
      this.clear();
      return;
    }
    this.generation++;
    const keys = this.keysOfUser.get(userId);
    if (!keys) return;
    for (const key of keys) this.forget(key);
    this.keysOfUser.delete(userId);
  }

  /** Whether notifications arrive: when they stop, nothing kept can be trusted any more. */
  setListening(on: boolean) {
    this.listening = on;
    this.clear();
  }

  get size() {
    return this.entries.size;
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (entry) entry.forgotten = true;
    this.entries.delete(key);
  }

  private clear() {
    this.generation++;
    for (const entry of this.entries.values()) entry.forgotten = true;
    this.entries.clear();
    this.keysOfUser.clear();
  }

  private remove(key: string, userId: number) {
    this.entries.delete(key);
    const keys = this.keysOfUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfUser.delete(userId);
  }
}
