import { IconX } from '@tabler/icons-react';
import type { HolderListFilters } from '@vault/contract';
import { LightButton } from '../../components/light/LightButton';
import { Group } from '../../components/light/layout';
import { MaskIcon } from '../../components/light/MaskIcon';
import { Text } from '../../components/light/text';

interface Chip {
  label: string;
  /** The URL parameters removing this filter clears. */
  params: string[];
}

function chipsOf(f: HolderListFilters, packageName: string | null): Chip[] {
  const chips: Chip[] = [];
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
 * link (an Overview figure, a saved view) and show only then. Plain elements, no Mantine: the vault
 * list is the first screen (decision 0047's budget).
 */
export function HolderFilterChips({
  filters,
  packageName,
  onRemove,
}: {
  filters: HolderListFilters;
  /** The package's name when the rows show it. */
  packageName: string | null;
  onRemove: (params: string[]) => void;
}) {
  const chips = chipsOf(filters, packageName);
  return (
    <Group gap="xs" role="group" aria-label="Filters" style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
      <Text as="span" dimmed>
        Filtered:
      </Text>
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
    </Group>
  );
}
