/** Escapes LIKE wildcards so a search for "50%_off" means exactly that text. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A "contains" pattern for LIKE/ILIKE (the pg_trgm indexes serve it). */
export const likeContains = (value: string) => `%${escapeLike(value)}%`;
