import { useSearchParams } from 'react-router';

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

/** How the operations lists look: bordered, striped, rows lit under the pointer. */
export const LIST_TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  minHeight: 260,
} as const;
