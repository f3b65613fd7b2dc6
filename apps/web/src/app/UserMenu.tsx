import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DeferredMenu } from '../components/deferred/DeferredMenu';
import { useSession } from '../lib/session';

/** The signed-in person (name and e-mail; role names are not shown) and the way out. */
export function UserMenu() {
  const { user } = useSession();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || user.email[0]?.toUpperCase();
  return (
    <DeferredMenu
      position="bottom-end"
      shadow="md"
      width={240}
      target={
        <UnstyledButton aria-label="Account">
          <Group gap={8} wrap="nowrap">
            <Avatar color="vault" radius="xl" size={32}>
              {initials}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.6} />
          </Group>
        </UnstyledButton>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>Signed in as</Menu.Label>
          <Text size="sm" px="sm" pb={6} fw={500} truncate>
            {name}
          </Text>
          <Text size="xs" px="sm" pb="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          <Menu.Divider />
          <Menu.Item component={Link} to="/account" leftSection={<IconUserShield size={16} stroke={1.6} />}>
            Your account
          </Menu.Item>
          <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} stroke={1.6} />}>
            Sign out
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
}
