import { IconCalendar, IconX } from '@tabler/icons-react';
import type { HolderListFilters } from '@vault/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { LightButton } from '../../components/light/LightButton';
import { Group } from '../../components/light/layout';
import { MaskIcon } from '../../components/light/MaskIcon';
import { Text } from '../../components/light/text';

// Mantine's range picker, loaded on the first click of "Created between…": the first screen stays without it.
const DateRangeFilter = lazy(() => import('../../components/DateRangeFilter').then((m) => ({ default: m.DateRangeFilter })));

interface Chip {
  label: string;
  /** The URL parameters removing this filter clears. */
  params: string[];
}

function chipsOf(f: HolderListFilters, packageName: string | null, allPortals: boolean): Chip[] {
  const chips: Chip[] = [];
  if (allPortals) chips.push({ label: 'All portals', params: ['all'] });
  if (f.createdFrom || f.createdTo) {
    const label =
      f.createdFrom && f.createdTo
        ? f.createdFrom === f.createdTo
          ? `Created on ${f.createdFrom}`
          : `Created ${f.createdFrom} to ${f.createdTo}`
        : f.createdFrom
          ? `Created from ${f.createdFrom}`
          : `Created up to ${f.createdTo}`;
    chips.push({ label: `${label} (UTC)`, params: ['from', 'to'] });
  }
  if (f.activated) chips.push({ label: f.activated === 'yes' ? 'Activated' : 'Never activated', params: ['activated'] });
  if (f.packageId !== undefined) chips.push({ label: `Package: ${packageName ?? `#${f.packageId}`}`, params: ['packageId'] });
  return chips;
}

/**
 * The vault list's filters beside the search (decision 0048), as removable chips: they come from a
 * link (an Overview figure, a saved view) and show only then. "Created between…" picks the creation
 * days in a calendar loaded on its first click. Plain elements, no Mantine: the vault list is the
 * first screen (decision 0047's budget).
 */
export function HolderFilterChips({
  filters,
  allPortals = false,
  packageName,
  onRemove,
  onCreatedRange,
}: {
  filters: HolderListFilters;
  /** Staff are reading every portal's holders (`all=1`, decision 0052). */
  allPortals?: boolean;
  /** The package's name when the rows show it. */
  packageName: string | null;
  onRemove: (params: string[]) => void;
  /** A range of creation days picked (yyyy-mm-dd, both included). */
  onCreatedRange: (from: string, to: string) => void;
}) {
  const chips = chipsOf(filters, packageName, allPortals);
  const [picking, setPicking] = useState(false);
  const pick = useRef<HTMLButtonElement>(null);
  const closePicker = () => {
    setPicking(false);
    requestAnimationFrame(() => pick.current?.focus());
  };
  return (
    <Group gap="xs" role="group" aria-label="Filters" style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
      {chips.length > 0 && (
        <Text as="span" dimmed>
          Filtered:
        </Text>
      )}
      {chips.map((c) => (
        <LightButton
          key={c.label}
          size="xs"
          variant="light"
          aria-label={`Remove filter: ${c.label}`}
          onClick={() => onRemove(c.params)}
          leftSection={<MaskIcon icon={IconX} size={14} />}
        >
          {c.label}
        </LightButton>
      ))}
      {chips.length > 1 && (
        <LightButton size="xs" variant="subtle" onClick={() => onRemove(chips.flatMap((c) => c.params))}>
          Clear all
        </LightButton>
      )}
      {picking ? (
        <Suspense
          fallback={
            <Text as="span" dimmed>
              Opening the calendar…
            </Text>
          }
        >
          <DateRangeFilter
            label="Created between (UTC days)"
            placeholder="Pick the first and last day"
            from={filters.createdFrom ?? null}
            to={filters.createdTo ?? null}
            onChange={(from, to) => {
              if (from && to) onCreatedRange(from, to);
            }}
            onDropdownClose={closePicker}
            autoOpen
          />
        </Suspense>
      ) : (
        <LightButton
          ref={pick}
          size="xs"
          variant="subtle"
          onClick={() => setPicking(true)}
          leftSection={<MaskIcon icon={IconCalendar} size={14} />}
        >
          Created between…
        </LightButton>
      )}
    </Group>
  );
}
