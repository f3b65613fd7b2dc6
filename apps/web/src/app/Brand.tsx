import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';

export const PRODUCT_NAME = 'Vault Admin Portal';

/** The brand link of every header. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${PRODUCT_NAME} home`}>
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'vault.9', to: 'vault.6', deg: 135 }}>
          <IconShieldLock size={20} stroke={1.8} />
        </ThemeIcon>
        <Text fw={700} fz={17} c="vault.9" style={{ letterSpacing: -0.2, whiteSpace: 'nowrap' }} visibleFrom="xs">
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
