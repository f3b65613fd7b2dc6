import { Anchor, Box, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@vault/contract';
import { actionWords } from '@vault/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { auditFields } from './audit-fields';
import { targetPath, targetText } from './audit-target';
import { infoOf } from './info-format';

/** The target in words, a link to its screen when there is one to open in the chosen portal. */
export function AuditTarget({ entry, sponsorId }: { entry: AuditEntry; sponsorId: number }) {
  const info = infoOf(entry.logJson);
  const text = targetText(entry, info);
  const path = targetPath(entry, sponsorId, info);
  if (!path)
    return (
      <Text size="sm" c={entry.targetType ? undefined : 'dimmed'} truncate maw={260}>
        {text}
      </Text>
    );
  return (
    <Anchor component={Link} to={path} size="sm" style={{ wordBreak: 'break-word' }}>
      {text}
    </Anchor>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={150} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * One entry opened: who, when (local time, the portal's format), what, on which target, and the
 * logged information as labelled fields; the raw logJson stays one click away.
 */
export function AuditEntryDetails({ entry, sponsorId }: { entry: AuditEntry; sponsorId: number }) {
  const fields = auditFields(infoOf(entry.logJson));
  return (
    // Sticky and no wider than the screen: on a phone the list scrolls sideways, the opened entry stays in view.
    <Group
      align="flex-start"
      gap="xl"
      p="md"
      bg="var(--mantine-color-gray-0)"
      wrap="wrap"
      style={{ position: 'sticky', left: 0, maxWidth: 'min(100%, calc(100vw - 48px))' }}
    >
      <Table variant="vertical" withTableBorder={false} fz="sm" w={380} maw="100%" layout="fixed" aria-label="Entry">
        <Table.Tbody>
          <Row label="Time">{formatDateTime(entry.occurredAt)}</Row>
          <Row label="Action">
            {actionWords(entry.action)}
            <Text span size="xs" c="dimmed" ml={6} ff="monospace">
              ({entry.action})
            </Text>
          </Row>
          <Row label="Target">
            <AuditTarget entry={entry} sponsorId={sponsorId} />
          </Row>
          <Row label="Actor">{entry.actorEmail ?? '—'}</Row>
          <Row label="Actor's portal">{entry.actorSponsorId === null ? 'Service staff' : `Portal #${entry.actorSponsorId}`}</Row>
          <Row label="Portal">{entry.sponsorCode ?? '—'}</Row>
          <Row label="Client address">{entry.clientIp ?? '—'}</Row>
        </Table.Tbody>
      </Table>
      <Stack gap={6} style={{ flex: 1, minWidth: 240 }} maw="100%">
        <Text size="sm" fw={600} component="h3" m={0}>
          Information
        </Text>
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            No further information.
          </Text>
        ) : (
          <Table variant="vertical" fz="sm" withTableBorder layout="fixed" aria-label="Entry information">
            <Table.Tbody>
              {fields.map((f) => (
                <Row key={f.key} label={f.label}>
                  {f.text}
                </Row>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Box component="details">
          <Text component="summary" size="sm" c="blue.8" style={{ cursor: 'pointer' }}>
            Raw JSON
          </Text>
          <Code block mt={6} fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {prettyJson(entry.logJson)}
          </Code>
        </Box>
      </Stack>
    </Group>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
