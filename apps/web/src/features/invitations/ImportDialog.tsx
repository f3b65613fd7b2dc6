import { Alert, Badge, Button, Code, FileInput, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import type { InvitationImportResult } from '@vault/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { errorMessage } from '../../lib/api';
import { useImportInvitations, usePackageChoices } from './api';
import { exampleCsv } from './import-example';

type Line = InvitationImportResult['MigratedInvitation'][number];

function LineTable({ lines, label, withReason }: { lines: Line[]; label: string; withReason: boolean }) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={220} type="auto">
      <Table striped withTableBorder fz="sm" aria-label={label} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Line</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>E-mail</Table.Th>
            {withReason && <Table.Th>Reason</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.line}>
              <Table.Td>{l.line}</Table.Td>
              <Table.Td>{l.inviteCode || '—'}</Table.Td>
              <Table.Td>{l.email || (l.type === 'open' ? 'open' : '—')}</Table.Td>
              {withReason && <Table.Td c="red.8">{l.reason}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

const STATUS_COLOR = { success: 'teal', partial: 'yellow', failed: 'red' } as const;
/** The import's outcome in words (the API's migrationStatus is a code). */
const STATUS_TITLE = {
  success: 'Every invitation was imported',
  partial: 'Some invitations were imported',
  failed: 'No invitation was imported',
} as const;

/** CSV import of invitations: upload one file, then both lists (migrated and not migrated, with line and reason). */
export function ImportDialog({ opened, sponsorId, onClose }: { opened: boolean; sponsorId: number; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useImportInvitations(sponsorId);
  const packages = usePackageChoices(sponsorId, opened);
  const result = upload.data;

  useEffect(() => {
    if (opened) {
      setFile(null);
      setError(null);
      upload.reset();
    }
    // TanStack Query's reset is stable, so this runs when the dialog opens, not on every render.
  }, [opened, upload.reset]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError('Please choose a CSV file.');
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync(file);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={() => !upload.isPending && onClose()}
      title="Import Invitations"
      size="xl"
      withCloseButton={!upload.isPending}
    >
      {!result ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              A CSV file (at most 10 MB and 100,000 rows) whose first line names the columns. Each line is one invitation; a line with an
              e-mail and no code is a strict invitation, a line with a code is an open one. The packageId column takes the id or the name of
              one of this portal's active packages.
            </Text>
            <Code block fz="xs">
              {exampleCsv(packages.data?.[0])}
            </Code>
            <FileInput
              label="CSV file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              leftSection={<IconFileTypeCsv size={18} />}
              clearable
              error={error && !file ? error : undefined}
            />
            {error && file && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            <FormButtons busy={upload.isPending} onCancel={onClose} submitLabel="Upload" />
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Alert color={STATUS_COLOR[result.migrationStatus]} variant="light" title={STATUS_TITLE[result.migrationStatus]} role="status">
            {result.message}
          </Alert>
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} fz="md">
                Migrated invitations
              </Title>
              <Badge color="teal" variant="light">
                {result.MigratedInvitation.length}
              </Badge>
            </Group>
            <LineTable lines={result.MigratedInvitation} label="Migrated invitations" withReason={false} />
          </Stack>
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} fz="md">
                Not migrated invitations
              </Title>
              <Badge color="red" variant="light">
                {result.NotMigratedInvitation.length}
              </Badge>
            </Group>
            <LineTable lines={result.NotMigratedInvitation} label="Not migrated invitations" withReason />
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}
