import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconCircleCheck,
  IconCircleOff,
  IconDots,
  IconEye,
  IconFileDownload,
  IconFileImport,
  IconKey,
  IconMailForward,
  IconPlus,
  IconShieldOff,
  IconTrash,
} from '@tabler/icons-react';
import {
  type BulkAction,
  DEFAULT_VAULT_COLUMNS,
  type ImportResult,
  LICENSE_LABELS,
  VAULT_COLUMN_LABELS,
  VAULT_COLUMNS,
  VAULT_SEARCH_FIELDS,
  type VaultHolderItem,
  type VaultSearchBody,
} from '@vault/contract';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { LIST_NOT_LOADED, ListLoadError } from '../../components/ListLoadError';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useListState } from '../../lib/list-state';
import { useSponsor } from '../../lib/session';
import { downloadCsv, useVaultList } from './api';
import { BulkDialog, type BulkRequest } from './BulkDialog';
import { actionsFor, fullName, StatusBadge, useRights, VaultSearchBar } from './components';
import { ImportDialog } from './ImportDialog';
import { useHolderActions } from './useHolderActions';

const detailPath = (h: VaultHolderItem) => `/vaultdetails/${h.vaultId}`;

/** The vault holder list (specification section 2): search, paging of 20, column options, row actions, import. */
export function VaultListPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const list = useListState({ key: 'vault-holders', columns: VAULT_COLUMNS, defaultColumns: DEFAULT_VAULT_COLUMNS });
  const search = useMemo<VaultSearchBody | null>(
    () =>
      list.search && (VAULT_SEARCH_FIELDS as readonly string[]).includes(list.search.fieldName) ? (list.search as VaultSearchBody) : null,
    [list.search],
  );
  const query = useVaultList(sponsorId, list.offset, list.limit, search);
  const rights = useRights();
  const actions = useHolderActions(sponsorId);
  const { alert } = useConfirm();
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<VaultHolderItem[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [bulk, setBulk] = useState<BulkRequest | null>(null);
  const [exporting, setExporting] = useState(false);

  // A new portal or a new search starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view changes
  useEffect(() => {
    setSelected([]);
    setAllMatching(false);
  }, [sponsorId, search]);

  const rows = sponsorId > 0 ? (query.data?.data ?? []) : [];
  const total = sponsorId > 0 ? (query.data?.total ?? 0) : 0;
  const selectedCount = allMatching ? total : selected.length;

  const startBulk = (action: BulkAction) =>
    setBulk(
      allMatching
        ? { action, search: search ?? { fieldName: 'email', fieldValue: '' }, count: total }
        : { action, ids: selected.map((s) => s.id), count: selected.length },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(
        '/api/v1/vaultholders/export',
        { sponsorId, fieldName: search?.fieldName, fieldValue: search?.fieldValue, columns: list.columns.join(',') },
        `vault-holders-${sponsorCode}.csv`,
      );
    } catch (err) {
      await alert({ title: 'Export CSV', message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  };

  const showImportResult = (r: ImportResult) =>
    void alert({
      title: r.migrationStatus === 'Success' ? 'Import complete' : 'Import',
      message: [`migrationStatus: ${r.migrationStatus}`, r.importMessage],
    });

  const allColumns: DataTableColumn<VaultHolderItem>[] = [
    {
      accessor: 'id',
      title: VAULT_COLUMN_LABELS.id,
      width: 80,
      render: (h) => (
        <Anchor component={Link} to={detailPath(h)} size="sm">
          {h.id}
        </Anchor>
      ),
    },
    {
      accessor: 'firstName',
      title: VAULT_COLUMN_LABELS.firstName,
      render: (h) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={detailPath(h)} size="sm" fw={500}>
            {h.firstName}
          </Anchor>
          {h.testAccount && (
            <Badge size="xs" variant="light" color="grape">
              Test
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'lastName', title: VAULT_COLUMN_LABELS.lastName },
    { accessor: 'email', title: VAULT_COLUMN_LABELS.email },
    { accessor: 'package', title: VAULT_COLUMN_LABELS.package, render: (h) => h.package ?? '—' },
    {
      accessor: 'license',
      title: VAULT_COLUMN_LABELS.license,
      render: (h) => LICENSE_LABELS[h.license as keyof typeof LICENSE_LABELS] ?? h.license,
    },
    {
      accessor: 'status',
      title: VAULT_COLUMN_LABELS.status,
      noWrap: true,
      width: 190,
      render: (h) => <StatusBadge statusId={h.statusId} status={h.status} />,
    },
    {
      accessor: 'lastLoginAt',
      title: VAULT_COLUMN_LABELS.lastLoginAt,
      noWrap: true,
      render: (h) =>
        h.lastLoginAt ? (
          formatDateTime(h.lastLoginAt)
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
  ];
  const columns = allColumns.filter((c) => list.isVisible(c.accessor as string));

  columns.push({
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    width: 90,
    render: (h) => {
      const allowed = actionsFor(h.statusId);
      return (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Vault details">
            <ActionIcon variant="subtle" component={Link} to={detailPath(h)} aria-label={`Open ${fullName(h)}`}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${fullName(h)}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconCircleCheck size={16} />}
                disabled={!allowed.activate}
                onClick={() => actions.run('activate', h)}
              >
                Activate
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCircleOff size={16} />}
                disabled={!allowed.deactivate}
                onClick={() => actions.run('deactivate', h)}
              >
                Deactivate
              </Menu.Item>
              <Menu.Item
                leftSection={<IconKey size={16} />}
                disabled={!allowed.resetpassword}
                onClick={() => actions.run('resetpassword', h)}
              >
                Password reset
              </Menu.Item>
              <Menu.Item
                leftSection={<IconMailForward size={16} />}
                disabled={!allowed.resendactivation}
                onClick={() => actions.run('resendactivation', h)}
              >
                Resend activation email
              </Menu.Item>
              <Menu.Item leftSection={<IconShieldOff size={16} />} disabled={!rights.canResetMfa} onClick={() => actions.startMfa(h)}>
                Reset MFA
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="orange"
                leftSection={<IconArchive size={16} />}
                disabled={!allowed.archive || !rights.canArchive}
                onClick={() => actions.startArchive(h)}
              >
                Archive vault
              </Menu.Item>
              {/* Deleting cannot be undone: kept apart from Archive, which keeps the data. */}
              <Menu.Divider />
              <Menu.Label>Cannot be undone</Menu.Label>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={!rights.canArchive}
                onClick={() => actions.run('delete', h)}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      );
    },
  });

  return (
    <>
      <PageHeader
        title="Vaults"
        description="The vault holders of this portal. Search by any field, act on one holder or on a selection."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
              disabled={sponsorId === 0}
            >
              Import CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} />}
              onClick={exportCsv}
              loading={exporting}
              disabled={sponsorId === 0 || total === 0}
            >
              Export CSV
            </Button>
            <Button component={Link} to="/vault" leftSection={<IconPlus size={16} />}>
              New Vault
            </Button>
          </>
        }
      />
      <VaultSearchBar
        search={search}
        onSearch={list.setSearch}
        disabled={sponsorId === 0}
        columns={list.columns}
        onColumns={list.setColumns}
      />
      <ListLoadError query={query} />
      {selectedCount > 0 && (
        <Paper withBorder radius="md" p="xs" mb="sm" bg="var(--mantine-color-blue-light)" role="region" aria-label="Selection">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {allMatching ? `All ${total.toLocaleString('en-US')} matching vault holders selected` : `${selected.length} selected`}
              </Text>
              {!allMatching && total > selected.length && (
                <Anchor component="button" type="button" size="sm" onClick={() => setAllMatching(true)}>
                  Select all {total.toLocaleString('en-US')} {search ? 'matching the search' : 'vault holders'}
                </Anchor>
              )}
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="dimmed"
                onClick={() => {
                  setSelected([]);
                  setAllMatching(false);
                }}
              >
                Clear selection
              </Anchor>
            </Group>
            <Group gap="xs">
              <Button size="xs" variant="white" leftSection={<IconCircleCheck size={14} />} onClick={() => startBulk('activate')}>
                Activate
              </Button>
              <Button size="xs" variant="white" leftSection={<IconCircleOff size={14} />} onClick={() => startBulk('deactivate')}>
                Deactivate
              </Button>
              <Button size="xs" variant="white" leftSection={<IconMailForward size={14} />} onClick={() => startBulk('resendActivation')}>
                Resend activation email
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <DataTable<VaultHolderItem>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={300}
        records={rows}
        idAccessor="id"
        columns={columns}
        totalRecords={total}
        recordsPerPage={list.limit}
        page={list.page}
        onPageChange={list.setPage}
        fetching={sponsorId > 0 && query.isFetching}
        selectedRecords={allMatching ? rows : selected}
        onSelectedRecordsChange={(r) => {
          setAllMatching(false);
          setSelected(r);
        }}
        getRecordSelectionCheckboxProps={(h) => ({ 'aria-label': `Select ${fullName(h)}` })}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select every vault holder on this page' }}
        noRecordsText={
          query.isError
            ? LIST_NOT_LOADED
            : sponsorId === 0
              ? 'Choose a portal to see its vault holders.'
              : search
                ? 'No vault holder matches this search.'
                : 'No vault holders yet.'
        }
        paginationText={({ from, to, totalRecords }) =>
          totalRecords ? `${from}–${to} of ${totalRecords.toLocaleString('en-US')}` : 'Total 0'
        }
        aria-label="Vault holders"
      />
      {actions.dialogs}
      <ImportDialog
        opened={importing}
        sponsorId={sponsorId}
        sponsorCode={sponsorCode}
        onClose={() => setImporting(false)}
        onImported={showImportResult}
      />
      <BulkDialog
        sponsorId={sponsorId}
        request={bulk}
        onClose={() => setBulk(null)}
        onDone={() => {
          setSelected([]);
          setAllMatching(false);
        }}
      />
    </>
  );
}

export { VaultListPage as Component };
