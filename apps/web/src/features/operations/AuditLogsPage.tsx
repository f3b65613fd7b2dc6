import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.layer.css';
import { Badge, Button, Code, Group, Paper, Select, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconDownload, IconSearch } from '@tabler/icons-react';
import { AUDIT_DEFAULT_DAYS, type AuditEntry, PAGE_SIZE } from '@vault/contract';
import { DataTable } from 'mantine-datatable';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { LIST_NOT_LOADED, ListLoadError } from '../../components/list/ListLoadError';
import { LIST_TABLE_LOOK } from '../../components/list/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessages } from '../../lib/api';
import { formatDateTime, isoDay, lastDaysRange } from '../../lib/dates';
import { parsePage, useListFilters as useUrlFilters } from '../../lib/list-state';
import { useSession, useSponsor } from '../../lib/session';
import { type AuditFilters, downloadAuditCsv, useAuditLog } from './api';
import { InfoView, infoOf, summary } from './info';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters live in the URL (page, from, to, action, actor, outcome, all). */
function useAuditFilters() {
  const { params, update } = useUrlFilters();
  const [defFrom, defTo] = lastDaysRange(AUDIT_DEFAULT_DAYS);
  const from = params.get('from');
  const to = params.get('to');
  const page = parsePage(params.get('page'));
  const filters: AuditFilters = {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    fromDate: from && DAY.test(from) ? from : isoDay(defFrom),
    toDate: to && DAY.test(to) ? to : isoDay(defTo),
    action: params.get('action') || undefined,
    actor: params.get('actor') || undefined,
    outcome: params.get('outcome') || undefined,
    all: params.get('all') === '1' || undefined,
  };
  return { filters, page, update };
}

export function AuditLogsPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const { user } = useSession();
  const isStaff = user?.role === 'staff';
  const { filters, page, update } = useAuditFilters();
  const query = useAuditLog(sponsorId, filters);
  const { alert } = useConfirm();
  const [exporting, setExporting] = useState(false);
  const [range, setRange] = useState<[string | null, string | null]>([filters.fromDate, filters.toDate]);
  const [action, setAction] = useState(filters.action ?? '');
  const [actor, setActor] = useState(filters.actor ?? '');
  const [expanded, setExpanded] = useState<number[]>([]);

  useEffect(() => setRange([filters.fromDate, filters.toDate]), [filters.fromDate, filters.toDate]);
  useEffect(() => setAction(filters.action ?? ''), [filters.action]);
  useEffect(() => setActor(filters.actor ?? ''), [filters.actor]);

  const data = sponsorId > 0 ? query.data : undefined;
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;

  const applyText = (e: FormEvent) => {
    e.preventDefault();
    update({ action: action.trim() || null, actor: actor.trim() || null });
  };

  const onRange = (value: [string | null, string | null]) => {
    setRange(value);
    if (value[0] && value[1]) update({ from: value[0], to: value[1] });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(sponsorId, filters);
    } catch (err) {
      await alert({ title: 'Export', message: errorMessages(err) });
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo(
    () => [
      {
        accessor: 'occurredAt',
        title: 'Time',
        noWrap: true,
        render: (e: AuditEntry) => <Text size="sm">{formatDateTime(e.occurredAt)}</Text>,
      },
      {
        accessor: 'actorEmail',
        title: 'Actor',
        render: (e: AuditEntry) => (
          <Text size="sm" truncate maw={240}>
            {e.actorEmail ?? '—'}
          </Text>
        ),
      },
      ...(filters.all ? [{ accessor: 'sponsorCode', title: 'Portal', render: (e: AuditEntry) => e.sponsorCode ?? '—' }] : []),
      {
        accessor: 'action',
        title: 'Action',
        render: (e: AuditEntry) => (
          <Code fz="xs" bg="transparent" p={0}>
            {e.action}
          </Code>
        ),
      },
      {
        accessor: 'target',
        title: 'Target',
        render: (e: AuditEntry) => (e.targetType ? `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` : '—'),
      },
      {
        accessor: 'outcome',
        title: 'Outcome',
        render: (e: AuditEntry) => (
          <Badge size="sm" variant="light" color={e.outcome === 'success' ? 'teal' : 'red'}>
            {e.outcome}
          </Badge>
        ),
      },
      {
        accessor: 'info',
        title: 'Details',
        render: (e: AuditEntry) => (
          <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
            {summary(infoOf(e.logJson))}
          </Text>
        ),
      },
    ],
    [filters.all],
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title="Audit Logs"
        description={
          sponsorId > 0
            ? `Who did what, and when, in ${filters.all ? 'every portal' : sponsorCode}. Times are shown in your time zone.`
            : 'Choose a portal to read its audit log.'
        }
        actions={
          <Tooltip label="Every entry of the chosen range and filters, as a spreadsheet-safe CSV file">
            <Button
              leftSection={<IconDownload size={16} />}
              variant="light"
              onClick={exportCsv}
              loading={exporting}
              disabled={sponsorId === 0}
            >
              Export CSV
            </Button>
          </Tooltip>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <form onSubmit={applyText}>
          <Group align="flex-end" gap="md" wrap="wrap">
            <DatePickerInput
              type="range"
              label="Date range"
              placeholder="Pick dates"
              value={range}
              onChange={(v) => onRange(v as [string | null, string | null])}
              valueFormat="MM/DD/YYYY"
              leftSection={<IconCalendar size={16} />}
              maxDate={isoDay(new Date())}
              allowSingleDateInRange
              w={260}
            />
            <TextInput
              label="Action"
              placeholder="e.g. vault_holder."
              value={action}
              onChange={(e) => setAction(e.currentTarget.value)}
              w={200}
            />
            <TextInput
              label="Actor"
              placeholder="Part of an e-mail"
              value={actor}
              onChange={(e) => setActor(e.currentTarget.value)}
              w={200}
            />
            <Select
              label="Outcome"
              data={[
                { value: '', label: 'Any' },
                { value: 'success', label: 'Success' },
                { value: 'failure', label: 'Failure' },
              ]}
              value={filters.outcome ?? ''}
              onChange={(v) => update({ outcome: v || null })}
              allowDeselect={false}
              w={130}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} variant="default">
              Filter
            </Button>
            {isStaff && (
              <Switch
                label="All portals"
                checked={!!filters.all}
                onChange={(e) => update({ all: e.currentTarget.checked ? '1' : null })}
                mb={8}
              />
            )}
          </Group>
        </form>
      </Paper>
      <ListLoadError query={query} />
      <DataTable<AuditEntry>
        {...LIST_TABLE_LOOK}
        records={rows}
        columns={columns}
        idAccessor="id"
        totalRecords={total}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={(p) => update({ page: p > 1 ? String(p) : null }, true)}
        fetching={sponsorId > 0 && query.isFetching}
        noRecordsText={
          query.isError ? LIST_NOT_LOADED : sponsorId === 0 ? 'Choose a portal to see its audit log.' : 'No entries in this range.'
        }
        paginationText={({ from, to, totalRecords }) =>
          totalRecords ? `${from}–${to} of ${data?.totalIsEstimate ? 'about ' : ''}${totalRecords.toLocaleString('en-US')}` : 'Total 0'
        }
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <EntryDetails entry={record} />,
        }}
        aria-label="Audit log"
      />
    </Stack>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const info = infoOf(entry.logJson);
  return (
    <Group align="flex-start" gap="xl" p="md" bg="var(--mantine-color-gray-0)" wrap="wrap">
      <Table variant="vertical" withTableBorder={false} fz="sm" w={340} layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Time (UTC)</Table.Th>
            <Table.Td>{entry.occurredAt.replace('T', ' ').slice(0, 19)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Actor</Table.Th>
            <Table.Td>{entry.actorEmail ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Actor's portal</Table.Th>
            <Table.Td>{entry.actorSponsorId ?? 'Service staff'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Portal</Table.Th>
            <Table.Td>{entry.sponsorCode ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Client address</Table.Th>
            <Table.Td>{entry.clientIp ?? '—'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Stack gap={4} style={{ flex: 1, minWidth: 260 }}>
        <Text size="sm" fw={600}>
          Information
        </Text>
        <InfoView info={info} />
      </Stack>
    </Group>
  );
}

export { AuditLogsPage as Component };
