import { STATUS_NAMES } from '@vault/contract';

/** An account status id by its name, for ids the contract does not name too. */
export const statusName = (id: number) => STATUS_NAMES[id] ?? `Status ${id}`;
