import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorMessages } from '../../lib/api';

/**
 * The URL query of a filtered list, and its updater: a null or empty value removes the
 * parameter, and any change starts again at page 1 unless `keepPage` (specification section 4).
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      if (!keepPage) next.delete('page');
      return next;
    });
  return { params, update };
}

/** Why a list could not be loaded, in red above the table. */
export function ListError({ error }: { error: unknown }) {
  return (
    <Text c="red" size="sm" mb="sm" role="alert">
      {errorMessages(error).join(' ')}
    </Text>
  );
}

/** How the operations lists look: bordered, striped, rows lit under the pointer. */
export const LIST_TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  minHeight: 260,
} as const;
