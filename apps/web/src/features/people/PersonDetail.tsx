import { Alert, Anchor, Breadcrumbs, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
