import { usePagination } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { Group } from './layout';
import { MANTINE } from './mantine-classes';

/*
 * Mantine's Pagination (size sm, one sibling and one boundary page, previous and next controls) as
 * plain buttons with Mantine's classes and variables: every list shows one under its rows, where
 * Mantine's is about forty components deep. mantine-look.dom.test.tsx checks that both render the
 * same markup.
 */

const ICON_SIZE = { width: 'calc(var(--pagination-control-size) / 1.8)', height: 'calc(var(--pagination-control-size) / 1.8)' };
const PREVIOUS = 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z';
const NEXT = 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z';
const DOTS =
  'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z';

const controlClass = (active: boolean) =>
  `mantine-focus-auto${active ? ' mantine-active' : ''} ${MANTINE.pagination.control} mantine-Pagination-control ${MANTINE.unstyledButton} mantine-UnstyledButton-root`;

/** The previous or next control: an arrow, named by its label, disabled at the end it points to. */
function ArrowControl({ d, disabled, label, onClick }: { d: string; disabled: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={controlClass(!disabled)}
      data-disabled={disabled || undefined}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: drawn as Mantine draws it; the control has the name */}
      <svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" className="mantine-rotate-rtl" style={ICON_SIZE}>
        <path d={d} fill="currentColor" />
      </svg>
    </button>
  );
}

export interface LightPaginationProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
}

/** Page buttons with Mantine's Pagination look: previous, pages with dots between, next. */
export function LightPagination({ total, value, onChange, previousLabel, nextLabel }: LightPaginationProps) {
  const { range, active } = usePagination({ total, page: value, siblings: 1, boundaries: 1, onChange });
  if (total <= 0) return null;
  const atFirst = active === 1;
  const atLast = active === total;
  return (
    <div
      className={`${MANTINE.pagination.root} mantine-Pagination-root`}
      data-size="sm"
      style={
        {
          '--pagination-control-size': 'var(--pagination-control-size-sm)',
          '--pagination-control-fz': 'var(--mantine-font-size-sm)',
          '--pagination-active-color': 'var(--mantine-color-white)',
        } as CSSProperties
      }
    >
      <Group gap={8}>
        <ArrowControl d={PREVIOUS} disabled={atFirst} label={previousLabel} onClick={() => onChange(active - 1)} />
        {range.map((page, i) =>
          page === 'dots' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots have no identity of their own
            <div key={`dots-${i}`} className={`${MANTINE.pagination.dots} mantine-Pagination-dots`}>
              {/* biome-ignore lint/a11y/noSvgWithoutTitle: drawn as Mantine draws it; the pages around it say where the gap is */}
              <svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" style={ICON_SIZE}>
                <path d={DOTS} fill="currentColor" />
              </svg>
            </div>
          ) : (
            <button
              key={page}
              type="button"
              className={controlClass(true)}
              data-active={page === active || undefined}
              data-with-padding="true"
              aria-current={page === active ? 'page' : undefined}
              onClick={() => onChange(page)}
            >
              {page}
            </button>
          ),
        )}
        <ArrowControl d={NEXT} disabled={atLast} label={nextLabel} onClick={() => onChange(active + 1)} />
      </Group>
    </div>
  );
}
