import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  MantineProvider,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { AnchorButton, Alert as LightAlert, Badge as LightBadge, Center as LightCenter, Loader as LightLoader } from './feedback';
import { LightAvatar, LightBurger, LightThemeIcon, unstyledButtonClass } from './header-parts';
import { LightButton, LightButtonLink } from './LightButton';
import { LightPagination } from './LightPagination';
import { LightTextInput } from './LightTextInput';
import { Group as LightGroup, Paper as LightPaper, Stack as LightStack } from './layout';
import { PRIMARY } from './mantine-classes';
import { Text as LightText, Title as LightTitle } from './text';

/*
 * The light components stand for Mantine's on the first screen: they must draw the same thing. Each
 * case renders a Mantine component with the props the portal gives it and its light counterpart,
 * and compares the markup (elements, classes, attributes, CSS variables), ids aside.
 */

function markup(ui: ReactElement): string {
  const { container, unmount } = render(
    <MantineProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
  const root = container.firstElementChild?.nextElementSibling ?? container.firstElementChild;
  // Mantine's provider puts its <style> elements first; the component follows them.
  const el = [...container.children].find((c) => c.tagName !== 'STYLE') ?? root;
  const html = normalize(el as Element);
  unmount();
  return html;
}

/** One line per element: tag, sorted attributes (ids replaced), then its text. */
function normalize(el: Element, depth = 0): string {
  const attrs = [...el.attributes]
    // Router's marker; and ThemeIcon passes its gradient and radius props on to the element as junk attributes.
    .filter((a) => !['data-discover', 'gradient', 'radius'].includes(a.name))
    .map((a) => {
      let v = a.value;
      if (a.name === 'id' || a.name === 'for' || a.name === 'aria-describedby' || a.name === 'aria-labelledby')
        v = v.replace(/mantine-[^ -]+/, 'ID');
      if (a.name === 'class') v = v.split(/\s+/).filter(Boolean).sort().join(' ');
      if (a.name === 'style')
        v = v
          .split(';')
          .map((s) => s.trim())
          .filter(Boolean)
          .sort()
          .join('; ');
      return `${a.name}="${v}"`;
    })
    .sort();
  const text = [...el.childNodes]
    .filter((n) => n.nodeType === 3)
    .map((n) => n.textContent)
    .join('')
    .trim();
  const children = [...el.children].map((c) => normalize(c, depth + 1));
  return [`${'  '.repeat(depth)}<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${text}`, ...children].join('\n');
}

const same = (mantine: ReactElement, light: ReactElement) => expect(markup(light)).toBe(markup(mantine));

describe('light components draw what Mantine draws', () => {
  it("use the theme's primary colour", () => expect(PRIMARY).toBe(theme.primaryColor));

  it('Group, Stack and Paper', () => {
    same(
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md" mb="lg">
        x
      </Group>,
      <LightGroup justify="space-between" align="flex-end" wrap="wrap" gap="md" style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
        x
      </LightGroup>,
    );
    same(<Group gap={10} wrap="nowrap" />, <LightGroup gap={10} wrap="nowrap" />);
    same(<Stack gap={4}>x</Stack>, <LightStack gap={4}>x</LightStack>);
    same(
      <Paper withBorder p="md" mb="md" radius="md">
        x
      </Paper>,
      <LightPaper style={{ marginBottom: 'var(--mantine-spacing-md)', padding: 'var(--mantine-spacing-md)' }}>x</LightPaper>,
    );
  });

  it('Text and Title', () => {
    same(
      <Text c="dimmed" size="sm">
        Help
      </Text>,
      <LightText dimmed>Help</LightText>,
    );
    same(
      <Text component="div" size="sm">
        1–20 of 4,552
      </Text>,
      <LightText as="div">1–20 of 4,552</LightText>,
    );
    same(<Title order={1}>Vaults</Title>, <LightTitle>Vaults</LightTitle>);
    same(
      <Title order={1} fz={20}>
        Page not found
      </Title>,
      <LightTitle style={{ fontSize: 'calc(1.25rem * var(--mantine-scale))' }}>Page not found</LightTitle>,
    );
  });

  it('Button: filled, default, subtle, with a left section, disabled, as a link', () => {
    const icon = <IconSearch size={16} />;
    same(<Button type="submit">Search</Button>, <LightButton type="submit">Search</LightButton>);
    same(
      <Button variant="default" leftSection={icon} disabled>
        Import CSV
      </Button>,
      <LightButton variant="default" leftSection={icon} disabled>
        Import CSV
      </LightButton>,
    );
    same(
      <Button variant="default" leftSection={icon} loading>
        Export CSV
      </Button>,
      <LightButton variant="default" leftSection={icon} loading>
        Export CSV
      </LightButton>,
    );
    same(
      <Button variant="subtle" leftSection={icon}>
        Clear
      </Button>,
      <LightButton variant="subtle" leftSection={icon}>
        Clear
      </LightButton>,
    );
    same(
      <Button component="a" href="/vault" leftSection={icon}>
        New Vault
      </Button>,
      <LightButtonLink to="/vault" leftSection={icon}>
        New Vault
      </LightButtonLink>,
    );
  });

  it('TextInput: label, left and right sections, responsive width, hidden from a breakpoint', () => {
    const search = {
      label: 'Field value',
      placeholder: 'Contains…',
      value: '',
      onChange: () => {},
      leftSection: <IconSearch size={16} />,
      style: { flex: 1 },
    };
    same(<TextInput {...search} />, <LightTextInput {...search} />);
    const portal = {
      'aria-label': 'Portal',
      value: 'BK01',
      readOnly: true,
      pointer: true,
      rightSection: 'v',
      rightSectionPointerEvents: 'none',
      error: true,
      disabled: true,
      mb: 'sm',
      hiddenFrom: 'sm',
    } as const;
    same(<TextInput {...portal} />, <LightTextInput {...portal} />);
  });

  it('Pagination on the first, a middle and the last page', () => {
    for (const value of [1, 5, 228]) {
      same(
        <Pagination
          size="sm"
          total={228}
          value={value}
          onChange={() => {}}
          getControlProps={(c) =>
            c === 'previous' ? { 'aria-label': 'Previous page' } : c === 'next' ? { 'aria-label': 'Next page' } : {}
          }
        />,
        <LightPagination total={228} value={value} onChange={() => {}} previousLabel="Previous page" nextLabel="Next page" />,
      );
    }
  });

  it('the header: burger, brand icon, avatar, bare button', () => {
    for (const opened of [false, true])
      same(
        <Burger opened={opened} hiddenFrom="sm" size="sm" aria-label="Show menu" />,
        <LightBurger opened={opened} className="mantine-hidden-from-sm" aria-label="Show menu" />,
      );
    same(
      <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'vault.9', to: 'vault.6', deg: 135 }}>
        i
      </ThemeIcon>,
      <LightThemeIcon size={34} background="linear-gradient(135deg, var(--mantine-color-vault-9) 0%, var(--mantine-color-vault-6) 100%)">
        i
      </LightThemeIcon>,
    );
    same(
      <Avatar color="vault" radius="xl" size={32}>
        BR
      </Avatar>,
      <LightAvatar color="vault" size={32}>
        BR
      </LightAvatar>,
    );
    same(
      <UnstyledButton aria-label="Account">x</UnstyledButton>,
      <button type="button" aria-label="Account" className={unstyledButtonClass()}>
        x
      </button>,
    );
  });

  it('Button in size xs: white in a colour, filled, subtle', () => {
    const icon = <IconSearch size={14} />;
    same(
      <Button size="xs" variant="white" color="red" leftSection={icon}>
        Retry
      </Button>,
      <LightButton size="xs" variant="white" color="red" leftSection={icon}>
        Retry
      </LightButton>,
    );
    same(
      <Button size="xs" variant="white">
        Activate
      </Button>,
      <LightButton size="xs" variant="white">
        Activate
      </LightButton>,
    );
    same(<Button size="xs">Set up now</Button>, <LightButton size="xs">Set up now</LightButton>);
    same(
      <Button component="a" href="/" variant="light" mt="sm">
        Go to the start
      </Button>,
      <LightButtonLink to="/" variant="light" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        Go to the start
      </LightButtonLink>,
    );
    same(
      <Button size="xs" variant="subtle">
        Not now
      </Button>,
      <LightButton size="xs" variant="subtle">
        Not now
      </LightButton>,
    );
  });

  it('Alert, Badge, Loader, Center and an Anchor on a button', () => {
    const icon = <IconSearch size={18} />;
    same(
      <Alert color="red" variant="light" mb="sm" role="alert" icon={icon} title="The list could not be loaded">
        Offline
      </Alert>,
      <LightAlert color="red" mb="sm" icon={icon} title="The list could not be loaded">
        Offline
      </LightAlert>,
    );
    same(
      <Alert color="vault" variant="light" role="region" aria-label="Second factor" mb="lg" icon={icon} title="Protect">
        Text
      </Alert>,
      <LightAlert color="vault" role="region" aria-label="Second factor" mb="lg" icon={icon} title="Protect">
        Text
      </LightAlert>,
    );
    same(
      <Badge size="xs" variant="light" color="grape">
        Test
      </Badge>,
      <LightBadge color="grape">Test</LightBadge>,
    );
    same(<Loader size="md" />, <LightLoader size="md" />);
    same(<Loader size="md" type="dots" />, <LightLoader size="md" type="dots" />);
    same(
      <Center mih="100vh" aria-label="Loading" role="status">
        x
      </Center>,
      <LightCenter aria-label="Loading" role="status" style={{ minHeight: '100vh' }}>
        x
      </LightCenter>,
    );
    same(
      <Center className="x">
        <Loader size="md" />
      </Center>,
      <LightCenter className="x">
        <LightLoader size="md" />
      </LightCenter>,
    );
    for (const dimmed of [false, true])
      same(
        <Anchor component="button" type="button" size="sm" c={dimmed ? 'dimmed' : undefined} onClick={() => {}}>
          Clear selection
        </Anchor>,
        <AnchorButton dimmed={dimmed} onClick={() => {}}>
          Clear selection
        </AnchorButton>,
      );
  });
});
