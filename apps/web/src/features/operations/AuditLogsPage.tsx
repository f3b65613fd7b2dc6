import { Badge, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { ACTION_FILTER_OPTIONS, AUDIT_DEFAULT_DAYS, type AuditEntry, actionWords } from '@vault/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { AllPortalsSwitch } from '../../components/list/AllPortalsSwitch';
import { FilterSelect } from '../../components/list/FilterSelect';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListViews } from '../../components/list/ListViews';
import { PageHeader } from '../../components/PageHeader';
import { errorMessages } from '../../lib/api';
import { dayParam, formatDateTime, isoDay, lastDaysRange } from '../../lib/dates';
import { useListFilters, useListState } from '../../lib/list-state';
import { usePortalScope } from '../../lib/portal-scope';
import { type AuditFilters, downloadAuditCsv, downloadAuditNdjson, useAuditLog, useVerifyAuditChain } from './api';
import { AuditEntryDetails, AuditTarget } from './audit-details';
import { auditFields, fieldsSummary } from './audit-fields';
import { AuditChainResult } from './audit-verify';
import { infoOf } from './info-format';

const NO_COLUMNS: string[] = [];

/** The two files: NDJSON for an auditor's offline check, CSV for people. */
const EXPORTS = [
  {
    format: 'ndjson',
    label: 'Export NDJSON',
    help: "This portal's entries of the chosen dates with their hashes and a signed checkpoint, for an auditor's offline check",
  },
  { format: 'csv', label: 'Export CSV', help: 'Every entry of the chosen range and filters, as a spreadsheet-safe CSV file' },
] as const;

/** The filters live in the URL (page, from, to, action, actor, outcome, all). */
function useAuditFilters() {
  const { params, update } = useListFilters();
  const scope = usePortalScope();
  const paging = useListState({ key: 'audit-log', columns: NO_COLUMNS, filters: ['from', 'to', 'action', 'actor', 'outcome', 'all'] });
  const [defFrom, defTo] = lastDaysRange(AUDIT_DEFAULT_DAYS);
  const filters: AuditFilters = {
    offset: paging.offset,
    limit: paging.limit,
    fromDate: dayParam(params.get('from')) ?? isoDay(defFrom),
    toDate: dayParam(params.get('to')) ?? isoDay(defTo),
    action: params.get('action') || undefined,
    actor: params.get('actor') || undefined,
    outcome: params.get('outcome') || undefined,
    all: scope.all || undefined,
  };
  return { filters, paging, update, scope };
}

export function AuditLogsPage() {
  const { filters, paging, update, scope } = useAuditFilters();
  const { sponsorId, sponsorCode } = scope;
  const query = useAuditLog(sponsorId, filters);
  const { alert } = useConfirm();
  const [exporting, setExporting] = useState<'csv' | 'ndjson' | null>(null);
  const verify = useVerifyAuditChain(sponsorId);
  const { reset: resetVerify } = verify;
  // A result speaks of one portal's chain: choosing another portal clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the portal changes
  useEffect(() => resetVerify(), [sponsorId, resetVerify]);
  const [actor, setActor] = useState(filters.actor ?? '');
  const [expanded, setExpanded] = useState<number[]>([]);

  useEffect(() => setActor(filters.actor ?? ''), [filters.actor]);

  // A code from a shared link that is not among the choices is still shown, in words.
  const actionOptions =
    filters.action && !ACTION_FILTER_OPTIONS.some((o) => o.value === filters.action)
      ? [...ACTION_FILTER_OPTIONS, { value: filters.action, label: actionWords(filters.action) }]
      : [...ACTION_FILTER_OPTIONS];
  const data = scope.shown ? query.data : undefined;

  const applyText = (e: FormEvent) => {
    e.preventDefault();
    update({ actor: actor.trim() || null });
  };

  const exportFile = async (format: 'csv' | 'ndjson') => {
    setExporting(format);
    try {
      if (format === 'csv') await downloadAuditCsv(sponsorId, filters);
      else await downloadAuditNdjson(sponsorId, filters);
    } catch (err) {
      await alert({ title: 'Export', message: errorMessages(err) });
    } finally {
      setExporting(null);
    }
  };

  const columns = useMemo<ListColumn<AuditEntry>[]>(
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
          <Text size="sm" title={e.action}>
            {actionWords(e.action)}
          </Text>
        ),
      },
      {
        accessor: 'target',
        title: 'Target',
        render: (e: AuditEntry) => <AuditTarget entry={e} sponsorId={sponsorId} />,
      },
      {
        accessor: 'outcome',
        title: 'Outcome',
        render: (e: AuditEntry) => (
          <Badge size="sm" variant="light" color={e.outcome === 'success' ? 'teal' : 'red'}>
            {e.outcome === 'success' ? 'Success' : 'Failure'}
          </Badge>
        ),
      },
      {
        accessor: 'info',
        title: 'Details',
        render: (e: AuditEntry) => {
          const summary = fieldsSummary(auditFields(infoOf(e.logJson)));
          // One line cut by characters: a word-break clamp hid the whole value behind its label.
          return (
            <Text size="xs" c="dimmed" truncate="end" maw={320} title={summary}>
              {summary}
            </Text>
          );
        },
      },
    ],
    [filters.all, sponsorId],
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title="Audit Logs"
        description={
          scope.shown
            ? `Who did what, and when, in ${filters.all ? 'every portal' : sponsorCode}. Times are shown in your time zone.`
            : 'Choose a portal to read its audit log.'
        }
        actions={
          <Group gap="sm" wrap="wrap">
            <Tooltip multiline w={280} label="Check that no entry of this portal's audit trail was changed or removed">
              <Button
                leftSection={<IconShieldCheck size={16} />}
                variant="default"
                onClick={() => verify.mutate()}
                loading={verify.isPending}
                disabled={sponsorId === 0}
              >
                Verify
              </Button>
            </Tooltip>
            {EXPORTS.map((x) => (
              <Tooltip key={x.format} multiline w={280} label={x.help}>
                <Button
                  leftSection={<IconDownload size={16} />}
                  variant="light"
                  onClick={() => exportFile(x.format)}
                  loading={exporting === x.format}
                  disabled={(x.format === 'csv' ? !scope.shown : sponsorId === 0) || exporting !== null}
                >
                  {x.label}
                </Button>
              </Tooltip>
            ))}
          </Group>
        }
      />
      <div aria-live="polite">
        {verify.data && <AuditChainResult result={verify.data} portal={sponsorCode ?? 'this portal'} />}
        {verify.error && (
          <Text c="red" size="sm" mb="md" role="alert">
            {errorMessages(verify.error)}
          </Text>
        )}
      </div>
      <Paper withBorder radius="md" p="md" mb="md">
        <form onSubmit={applyText}>
          <Group align="flex-end" gap="md" wrap="wrap">
            <DateRangeFilter from={filters.fromDate} to={filters.toDate} onChange={(from, to) => update({ from, to })} />
            <FilterSelect label="Action" data={actionOptions} param="action" value={filters.action} update={update} searchable w={220} />
            <TextInput
              label="Actor"
              placeholder="Part of an e-mail"
              value={actor}
              onChange={(e) => setActor(e.currentTarget.value)}
              w={200}
            />
            <FilterSelect
              label="Outcome"
              data={[
                { value: '', label: 'Any' },
                { value: 'success', label: 'Success' },
                { value: 'failure', label: 'Failure' },
              ]}
              param="outcome"
              value={filters.outcome}
              update={update}
              w={130}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />} variant="default">
              Filter
            </Button>
            <AllPortalsSwitch scope={scope} update={update} />
            <ListViews views={paging.views} />
          </Group>
        </form>
      </Paper>
      <ListTable<AuditEntry>
        label="Audit log"
        list={paging}
        query={query}
        totalIsEstimate={data?.totalIsEstimate}
        portalChosen={scope.shown}
        columns={columns}
        empty={{ none: 'No entries in this range.', noPortal: 'Choose a portal to see its audit log.' }}
        tableProps={{
          rowExpansion: {
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <AuditEntryDetails entry={record} sponsorId={sponsorId} />,
          },
        }}
      />
    </Stack>
  );
}

export { AuditLogsPage as Component };
