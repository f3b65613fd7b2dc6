// Opened from the vault list, which does not load Mantine's table styles.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/dropzone/styles.css';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Progress, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconDownload, IconFileTypeCsv, IconUpload, IconX } from '@tabler/icons-react';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportPreview, type ImportResult, importTemplateCsv } from '@vault/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormModal } from '../../components/dialog-parts';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/count';
import { downloadCsv, saveFile, uploadImport, useConfirmImport, usePackageOptions } from './api';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv', '.txt'], 'application/csv': ['.csv'] };

/**
 * CSV import of vault holders (specification section 4): choose a file (drop or browse), upload it
 * for preview with progress, look at every row (valid, or invalid with its line and reasons), then
 * confirm. The popup closes when the import is done and the result is shown by `onImported`.
 */
export function ImportDialogContent({
  opened,
  sponsorId,
  sponsorCode,
  onClose,
  onImported,
}: {
  opened: boolean;
  sponsorId: number;
  sponsorCode: string;
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<'all' | 'invalid' | 'valid'>('all');
  const [sendActivation, setSendActivation] = useState(false);
  const packages = usePackageOptions(opened ? sponsorId : 0);
  const abort = useRef<AbortController | null>(null);
  const confirm = useConfirmImport(sponsorId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open only
  useEffect(() => {
    if (opened) {
      setFile(null);
      setProgress(null);
      setPreview(null);
      setError(null);
      setFilter('all');
      setSendActivation(false);
      confirm.reset();
    } else abort.current?.abort();
  }, [opened]);

  const uploading = progress !== null && preview === null && error === null;
  const busy = uploading || confirm.isPending;

  const upload = async (f: File) => {
    setFile(f);
    setPreview(null);
    setError(null);
    if (f.size > MAX_BYTES) {
      setError('The file is larger than 10 MB. Please split it into smaller files.');
      return;
    }
    setProgress(0);
    abort.current = new AbortController();
    try {
      const p = await uploadImport(sponsorId, f, setProgress, abort.current.signal);
      setProgress(1);
      setPreview(p);
      setFilter(p.invalidRows > 0 ? 'invalid' : 'all');
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setError(errorMessage(err));
      setProgress(null);
    }
  };

  const rows = useMemo(() => {
    if (!preview) return [];
    const list = filter === 'all' ? preview.rows : preview.rows.filter((r) => (filter === 'valid' ? r.valid : !r.valid));
    return list.slice(0, 1000);
  }, [preview, filter]);

  const runConfirm = () => {
    if (!preview) return;
    confirm.mutate(
      { jobId: preview.jobId, sendActivationEmail: sendActivation },
      {
        onSuccess: (result) => {
          onImported(result);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal opened={opened} onClose={() => !busy && onClose()} title="Import Vault Holders" size="xl" closeOnEscape={!busy}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A CSV file with a header line. Required columns: {IMPORT_REQUIRED_COLUMNS.join(', ')}; optional:{' '}
          {IMPORT_COLUMNS.filter((c) => !(IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(c)).join(', ')}. Up to 10 MB and 100,000
          rows.{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={async () => {
              // The example rows name this portal's packages, so wait for them if they are still coming.
              const list = packages.data ?? (await packages.refetch()).data;
              const csv = importTemplateCsv((list?.data ?? []).map((p) => p.name));
              saveFile(new Blob([csv], { type: 'text/csv' }), 'vault-holders-template.csv');
            }}
          >
            Download the template CSV
          </Anchor>
        </Text>

        {!preview && (
          <Dropzone
            onDrop={(files) => files[0] && upload(files[0])}
            onReject={() => setError('Please choose one CSV file of at most 10 MB.')}
            maxSize={MAX_BYTES}
            maxFiles={1}
            multiple={false}
            accept={ACCEPT}
            loading={uploading}
            disabled={busy}
            aria-label="CSV file"
          >
            <Group justify="center" gap="lg" mih={120} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={44} stroke={1.5} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={44} stroke={1.5} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileTypeCsv size={44} stroke={1.5} />
              </Dropzone.Idle>
              <div>
                <Text size="md" fw={500}>
                  Drag a CSV file here or click to browse
                </Text>
                <Text size="sm" c="dimmed">
                  {file ? `${file.name} (${(file.size / 1024).toFixed(0)} KB)` : 'Nothing is imported until you confirm the preview.'}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}

        {progress !== null && !preview && !error && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {progress < 1 ? `Uploading ${file?.name}… ${Math.round(progress * 100)}%` : 'Checking every row…'}
            </Text>
            <Progress value={Math.round(progress * 100)} animated striped aria-label="Upload progress" />
          </Stack>
        )}

        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The file cannot be imported" role="alert">
            {error}
          </Alert>
        )}

        {preview && (
          <>
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs" role="status" aria-label="Preview summary">
                <Text size="sm" fw={600}>
                  {preview.fileName}:
                </Text>
                <Badge variant="light">{formatCount(preview.totalRows)} rows</Badge>
                <Badge variant="light" color="teal">
                  {formatCount(preview.validRows)} valid
                </Badge>
                <Badge variant="light" color={preview.invalidRows ? 'red' : 'gray'}>
                  {formatCount(preview.invalidRows)} invalid
                </Badge>
              </Group>
              <Group gap="xs">
                {preview.invalidRows > 0 && (
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    onClick={() =>
                      downloadCsv(`/api/v1/users/import/${preview.jobId}/errors`, { sponsorId }, `${sponsorCode}-import-errors.csv`).catch(
                        (e) => setError(errorMessage(e)),
                      )
                    }
                  >
                    Download error report
                  </Button>
                )}
                <Button variant="subtle" size="xs" onClick={() => setPreview(null)} disabled={busy}>
                  Choose another file
                </Button>
              </Group>
            </Group>
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => setFilter(v as typeof filter)}
              data={[
                { value: 'all', label: 'All rows' },
                { value: 'invalid', label: `Invalid (${preview.invalidRows})` },
                { value: 'valid', label: `Valid (${preview.validRows})` },
              ]}
              w="fit-content"
            />
            <ScrollArea.Autosize mah={340} type="auto">
              <Table striped withTableBorder stickyHeader fz="sm" verticalSpacing={4} aria-label="Import preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>Line</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>First name</Table.Th>
                    <Table.Th>Last name</Table.Th>
                    <Table.Th>Package</Table.Th>
                    <Table.Th>Result</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.email || '—'}</Table.Td>
                      <Table.Td>{r.firstName || '—'}</Table.Td>
                      <Table.Td>{r.lastName || '—'}</Table.Td>
                      <Table.Td>{r.package || '—'}</Table.Td>
                      <Table.Td>
                        {r.valid ? (
                          <Badge size="xs" color="teal" variant="light">
                            Valid
                          </Badge>
                        ) : (
                          <Text size="xs" c="red.8">
                            {r.errors.join('; ')}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {(preview.truncated || rows.length === 1000) && (
              <Text size="xs" c="dimmed">
                Showing the first rows only; the error report lists every invalid row.
              </Text>
            )}
            <Checkbox
              label="Send an activation e-mail to each new vault holder"
              checked={sendActivation}
              onChange={(e) => setSendActivation(e.currentTarget.checked)}
            />
            {confirm.isPending && (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  Importing {formatCount(preview.validRows)} vault holders…
                </Text>
                <Progress value={100} animated striped aria-label="Import progress" />
              </Stack>
            )}
            {confirm.isError && (
              <Alert color="red" variant="light" title="Nothing was imported" role="alert">
                {errorMessage(confirm.error)}
              </Alert>
            )}
          </>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={runConfirm} disabled={!preview || preview.validRows === 0 || busy} loading={confirm.isPending}>
            {preview ? `Import ${formatCount(preview.validRows)} vault holder${preview.validRows === 1 ? '' : 's'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
