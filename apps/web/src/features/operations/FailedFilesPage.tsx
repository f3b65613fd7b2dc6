import { Anchor, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ALL_PORTALS_URL_PARAM,
  FAILED_UPLOAD_REASON_LABELS,
  FAILED_UPLOAD_REASONS,
  FAILED_UPLOAD_STATUS_LABELS,
  type FailedUpload,
} from '@vault/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { AllPortalsSwitch } from '../../components/list/AllPortalsSwitch';
import { FilterSelect } from '../../components/list/FilterSelect';
import { actionsColumn, type ListColumn, ListTable, portalColumn } from '../../components/list/ListTable';
import { ListViews } from '../../components/list/ListViews';
import { PageHeader } from '../../components/PageHeader';
import { dayParam, formatDateTime } from '../../lib/dates';
import { useListFilters, useListState } from '../../lib/list-state';
import { invalidateInPortal, type PortalScope, usePortalScope } from '../../lib/portal-scope';
import { failedAction, opsKeys, useFailedFiles } from './api';

const REASON_COLOR = { too_large: 'orange', virus: 'red', type: 'grape', storage_error: 'yellow' } as const;
const STATUS_COLOR = { failed: 'red', retry_requested: 'blue', dismissed: 'gray' } as const;

function size(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

const NO_COLUMNS: string[] = [];
const FILTERS = ['from', 'to', 'reason', 'status', ALL_PORTALS_URL_PARAM];

/**
 * The list's columns. Every portal's list (staff, decision 0052) adds the Portal column and leaves out
 * the row actions, which act in one portal; a vault is linked only in the portal chosen, whose screens open it.
 */
function failedColumns(scope: PortalScope, act: (action: 'retry' | 'dismiss', files: FailedUpload[]) => void): ListColumn<FailedUpload>[] {
  const linked = (r: FailedUpload) => r.sponsorId === scope.sponsorId;
  const columns: ListColumn<FailedUpload>[] = [
    { accessor: 'occurredAt', title: 'Time', noWrap: true, render: (r) => formatDateTime(r.occurredAt) },
    {
      accessor: 'fileName',
      title: 'File',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate maw={260}>
            {r.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {size(r.sizeBytes)}
            {r.contentType ? ` · ${r.contentType}` : ''}
            {r.reportedBy ? ` · via ${r.reportedBy}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'reason',
      title: 'Reason',
      noWrap: true,
      render: (r) => (
        <Tooltip label={r.detail ?? FAILED_UPLOAD_REASON_LABELS[r.reason]} disabled={!r.detail}>
          <Badge size="sm" variant="light" color={REASON_COLOR[r.reason]} styles={{ label: { overflow: 'visible' } }}>
            {FAILED_UPLOAD_REASON_LABELS[r.reason]}
          </Badge>
        </Tooltip>
      ),
    },
    {
      accessor: 'holder',
      title: 'Holder',
      render: (r) =>
        r.holder && r.vaultId && linked(r) ? (
          <Anchor component={Link} to={`/vaultdetails/${r.vaultId}`} size="sm">
            {`${r.holder.firstName} ${r.holder.lastName}`.trim() || r.holder.email}
          </Anchor>
        ) : (
          (r.holder?.email ?? '—')
        ),
    },
    {
      accessor: 'vaultId',
      title: 'Vault',
      render: (r) =>
        r.vaultId && linked(r) ? (
          <Anchor component={Link} to={`/vaultdetails/${r.vaultId}`} size="sm">
            #{r.vaultId}
          </Anchor>
        ) : r.vaultId ? (
          `#${r.vaultId}`
        ) : (
          '—'
        ),
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (r) => (
        <Badge size="sm" variant="dot" color={STATUS_COLOR[r.status]} styles={{ label: { overflow: 'visible' } }}>
          {FAILED_UPLOAD_STATUS_LABELS[r.status]}
        </Badge>
      ),
    },
  ];
  if (scope.all) return [portalColumn<FailedUpload>((r) => r.sponsorCode), ...columns];
  return [
    ...columns,
    actionsColumn((r) => (
      <>
        <Tooltip label="Retry">
          <RowActionButton aria-label={`Retry ${r.fileName}`} disabled={r.status !== 'failed'} onClick={() => act('retry', [r])}>
            <MaskIcon icon={IconRefresh} size={16} />
          </RowActionButton>
        </Tooltip>
        <Tooltip label="Dismiss">
          <RowActionButton
            color="gray"
            aria-label={`Dismiss ${r.fileName}`}
            disabled={r.status === 'dismissed'}
            onClick={() => act('dismiss', [r])}
          >
            <IconEyeOff size={16} />
          </RowActionButton>
        </Tooltip>
      </>
    )),
  ];
}

export function FailedFilesPage() {
  const scope = usePortalScope();
  const { sponsorId, all } = scope;
  const { params, update } = useListFilters();
  const paging = useListState({ key: 'failed-files', columns: NO_COLUMNS, filters: FILTERS });
  const page = paging.page;
  const q = {
    offset: paging.offset,
    limit: paging.limit,
    fromDate: dayParam(params.get('from')) ?? undefined,
    toDate: dayParam(params.get('to')) ?? undefined,
    reason: params.get('reason') || undefined,
    status: params.get('status') || 'open',
  };
  const query = useFailedFiles(scope, q);
  const qc = useQueryClient();
  const { confirm } = useConfirm();
  const [selected, setSelected] = useState<FailedUpload[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is dropped whenever the rows shown change.
  useEffect(() => setSelected([]), [sponsorId, all, page, q.fromDate, q.toDate, q.reason, q.status]);

  const act = (action: 'retry' | 'dismiss', files: FailedUpload[]) => {
    const many = files.length > 1;
    const names = many ? `${files.length} files` : `"${files[0]!.fileName}"`;
    void confirm({
      title: action === 'retry' ? 'Retry Upload' : 'Dismiss Failed File',
      message:
        action === 'retry'
          ? `Mark ${names} for retry? ${many ? 'Each holder' : 'The holder'} gets an e-mail asking to upload the file again.`
          : `Dismiss ${names}? ${many ? 'They' : 'It'} will no longer be listed as open.`,
      command: () =>
        failedAction(
          sponsorId,
          action,
          files.map((f) => f.id),
        ),
      onDone: () => {
        setSelected([]);
        void invalidateInPortal(qc, opsKeys.failed(sponsorId));
      },
    });
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title="Failed Files"
        description={
          all
            ? 'Uploads the vault service could not store, in every portal. Choose a portal to retry or dismiss them.'
            : 'Uploads the vault service could not store. Retry asks the holder to upload again; dismiss closes the entry.'
        }
        actions={
          !all && (
            <>
              <Button
                leftSection={<IconRefresh size={16} />}
                disabled={!selected.some((s) => s.status === 'failed')}
                onClick={() => act('retry', selected)}
              >
                Retry selected
              </Button>
              <Button
                variant="default"
                leftSection={<IconEyeOff size={16} />}
                disabled={!selected.some((s) => s.status !== 'dismissed')}
                onClick={() => act('dismiss', selected)}
              >
                Dismiss selected
              </Button>
            </>
          )
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeFilter from={q.fromDate ?? null} to={q.toDate ?? null} onChange={(from, to) => update({ from, to })} clearable />
          <FilterSelect
            label="Reason"
            data={[
              { value: '', label: 'Any reason' },
              ...FAILED_UPLOAD_REASONS.map((r) => ({ value: r, label: FAILED_UPLOAD_REASON_LABELS[r] })),
            ]}
            param="reason"
            value={q.reason}
            update={update}
            w={200}
          />
          <FilterSelect
            label="Status"
            data={[
              { value: 'open', label: 'Open (failed or retry requested)' },
              { value: 'failed', label: 'Failed' },
              { value: 'retry_requested', label: 'Retry requested' },
              { value: 'dismissed', label: 'Dismissed' },
              { value: 'all', label: 'All' },
            ]}
            param="status"
            value={q.status}
            update={update}
            initial="open"
            w={290}
          />
          <AllPortalsSwitch scope={scope} update={update} />
          <ListViews views={paging.views} />
        </Group>
      </Paper>
      <ListTable<FailedUpload>
        label="Failed files"
        list={paging}
        query={query}
        portalChosen={scope.shown}
        empty={{ none: 'No failed files match these filters.', noPortal: 'Choose a portal to see its failed files.' }}
        selection={
          all
            ? undefined
            : {
                selected,
                onChange: setSelected,
                rowLabel: (r) => `Select ${r.fileName}`,
                allLabel: 'Select every failed file on this page',
                isSelectable: (r) => r.status !== 'dismissed',
              }
        }
        columns={failedColumns(scope, act)}
      />
    </Stack>
  );
}

export { FailedFilesPage as Component };
