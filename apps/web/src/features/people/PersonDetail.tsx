import { Alert, Anchor, Breadcrumbs, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailField } from '../../components/DetailField';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PersonMessagesCard } from '../../components/PersonMessagesCard';
import { formatDateTime } from '../../lib/dates';
import { localeLabel } from '../../lib/locales';
import { fullName } from '../../lib/person-name';

export interface PersonDetailShellProps {
  /** The list the breadcrumb leads back to. */
  list: { label: string; path: string };
  /** The last breadcrumb: the person's name once loaded, else what they are. */
  crumb: string;
  loading: boolean;
  /** Title of the alert(s) shown when the person cannot be shown. */
  problemTitle: string;
  /** Why the person cannot be shown; one alert each. */
  problems: string[];
  children?: ReactNode;
}

/** The frame of a person's detail page: breadcrumbs, loader, the "cannot be shown" alerts, then the page. */
export function PersonDetailShell({ list, crumb, loading, problemTitle, problems, children }: PersonDetailShellProps) {
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={list.path} size="sm">
          {list.label}
        </Anchor>
        <Text size="sm">{crumb}</Text>
      </Breadcrumbs>
      {loading && <Loader />}
      {problems.map((problem) => (
        <Alert key={problem} color="red" title={problemTitle} role="alert">
          {problem}
        </Alert>
      ))}
      {children}
    </Stack>
  );
}

/** A person's name and e-mail at the top of their profile card. */
export function PersonHeading({ person }: { person: { firstName: string; lastName: string; email: string } }) {
  return (
    <div>
      <Title order={1} fz={22}>
        {fullName(person)}
      </Title>
      <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {person.email}
      </Text>
    </div>
  );
}

/** What a profile card shows of every person. */
export interface ProfilePerson {
  firstName: string;
  lastName: string;
  email: string;
  statusId: number;
  status: string;
  localize: string;
  mfaEnabled: boolean;
  createdAt: string;
  /** Shown when the answer carries it ("Never" while null). */
  lastLoginAt?: string | null;
}

/**
 * A person's detail page: the profile card (name, status, the page's own facts, then language,
 * MFA, creation and last sign-in, then `card` — switches and actions) and the main column beside it,
 * which ends with the messages the portal sent them.
 */
export function PersonProfileLayout({
  person,
  facts,
  card,
  children,
}: {
  person: ProfilePerson;
  facts: ReactNode;
  card: ReactNode;
  children: ReactNode;
}) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <PersonHeading person={person} />
            <Group gap="xs">
              <StatusBadge statusId={person.statusId} status={person.status} />
            </Group>
            <SimpleGrid cols={2} spacing="sm">
              {facts}
              <DetailField label="Language">{localeLabel(person.localize)}</DetailField>
              <DetailField label="MFA">{person.mfaEnabled ? 'Enrolled' : 'Not enrolled'}</DetailField>
              <DetailField label="Created">{formatDateTime(person.createdAt)}</DetailField>
              {person.lastLoginAt !== undefined && (
                <DetailField label="Last sign-in">{formatDateTime(person.lastLoginAt) || 'Never'}</DetailField>
              )}
            </SimpleGrid>
            {card}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {children}
          <PersonMessagesCard email={person.email} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
