import { IconChevronDown, IconLogout, IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DeferredMenu } from '../components/deferred/DeferredMenu';
import { LightAvatar, unstyledButtonClass } from '../components/light/header-parts';
import { Group } from '../components/light/layout';
import { Text as LightText } from '../components/light/text';
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
        // Named by what it shows, initials included (label in name, WCAG 2.5.3; on phones only the
        // initials show), then what it opens.
        <button type="button" aria-label={`${initials} ${name}, account`} className={unstyledButtonClass()}>
          <Group gap={8} wrap="nowrap">
            <LightAvatar color="vault" size={32}>
              {initials}
            </LightAvatar>
            {/* Not drawn between flex items, but read: the initials and the name stay two words ("SA Service…"). */}{' '}
            <LightText
              className="mantine-visible-from-md"
              data-truncate="end"
              style={{ fontWeight: 500, maxWidth: 'calc(10rem * var(--mantine-scale))' }}
            >
              {name}
            </LightText>
            <IconChevronDown size={14} stroke={1.6} />
          </Group>
        </button>
      }
    >
      {(Menu, { Text }) => (
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
