import { Badge, Group, Stack, Text } from '@mantine/core';

/** A package's name in a list: bold, "Retired" beside it, the description dimmed below. */
export function PackageName({
  pkg,
  maw,
  lineClamp,
}: {
  pkg: { name: string; retired: boolean; description: string | null };
  maw: number;
  lineClamp: number;
}) {
  return (
    <Stack gap={0} maw={maw}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {pkg.name}
        </Text>
        {pkg.retired && (
          <Badge size="xs" color="gray">
            Retired
          </Badge>
        )}
      </Group>
      {pkg.description && (
        <Text size="xs" c="dimmed" lineClamp={lineClamp}>
          {pkg.description}
        </Text>
      )}
    </Stack>
  );
}
