import { IconFileDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import {
  type BulkAction,
  DEFAULT_VAULT_COLUMNS,
  type ImportResult,
  LICENSE_LABELS,
  VAULT_COLUMN_LABELS,
  VAULT_COLUMNS,
  VAULT_SEARCH_FIELDS,
  VAULT_SEARCH_LABELS,
  VAULT_SORT_FIELDS,
  type VaultHolderItem,
  type VaultSearchBody,
  type VaultSearchField,
} from '@vault/contract';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { WhenOpened } from '../../components/deferred/WhenOpened';
import { LightButton, LightButtonLink } from '../../components/light/LightButton';
import { actionsColumn, type ListColumn, ListTable, portalColumn } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { VAULT_LIST_KEY } from '../../lib/first-screen-cookie';
import { useListFilters, useListState } from '../../lib/list-state';
import { fullName } from '../../lib/person-name';
import { scopeKey, usePortalScope } from '../../lib/portal-scope';
import { useRights } from '../../lib/rights';
import { downloadCsv, useVaultList } from './api';
import type { BulkRequest } from './BulkDialog';
import { HolderIdLink, HolderNameCell, LastLoginCell } from './HolderCells';
import { HolderFilterChips } from './HolderFilterChips';
import { ImportDialog } from './ImportDialog';
import { VAULT_LIST_FILTERS, vaultListFilters } from './list-request';
import { SelectionBar } from './SelectionBar';
import { useHolderActions } from './useHolderActions';
import { VaultRowActions } from './VaultRowActions';

// The bulk dialog loads when a bulk action is first chosen.
const BulkDialog = lazy(() => import('./BulkDialog').then((m) => ({ default: m.BulkDialog })));

const SEARCH_FIELDS = VAULT_SEARCH_FIELDS.map((f) => ({ value: f, label: VAULT_SEARCH_LABELS[f] }));
const PLACEHOLDERS: Record<VaultSearchField, string> = {
  id: 'Holder id, e.g. 1042',
  firstName: 'Contains…',
  lastName: 'Contains…',
  email: 'Contains…',
  package: 'Package name contains…',
  license: 'trial, monthly or annual',
  status: 'Active, Inactive, Pending or Archived',
};

/** The vault holder list (specification section 2): search, paging of 20, column options, row actions, import. */
export function VaultListPage() {
  const scope = usePortalScope();
  const { sponsorId, sponsorCode } = scope;
  const list = useListState({
    key: VAULT_LIST_KEY,
    columns: VAULT_COLUMNS,
    defaultColumns: DEFAULT_VAULT_COLUMNS,
    sortable: VAULT_SORT_FIELDS,
    filters: VAULT_LIST_FILTERS,
  });
  // Creation days, package and activation (decision 0048): set by a link, kept in the URL and by saved views.
  const urlFilters = useListFilters();
  const filterKey = VAULT_LIST_FILTERS.map((f) => urlFilters.params.get(f) ?? '').join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the params it is made of
  const filters = useMemo(() => vaultListFilters(urlFilters.params), [filterKey]);
  const search = useMemo<VaultSearchBody | null>(
    () =>
      list.search && (VAULT_SEARCH_FIELDS as readonly string[]).includes(list.search.fieldName) ? (list.search as VaultSearchBody) : null,
    [list.search],
  );
  const query = useVaultList(scopeKey(scope), list.offset, list.limit, search, list.sort, filters);
  const rights = useRights();
  const actions = useHolderActions(sponsorId);
  const { alert } = useConfirm();
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<VaultHolderItem[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [bulk, setBulk] = useState<BulkRequest | null>(null);
  const [exporting, setExporting] = useState(false);

  // A new portal, search or order starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view changes
  useEffect(() => {
    setSelected([]);
    setAllMatching(false);
  }, [sponsorId, scope.all, search, list.sort, filters]);

  const rows = scope.shown ? (query.data?.data ?? []) : [];
  const total = scope.shown ? (query.data?.total ?? 0) : 0;
  // A broad "contains" search's total is the server's estimate: said as "about N" wherever it shows.
  const totalIsEstimate = scope.shown && query.data?.totalIsEstimate === true;
  const selectedCount = allMatching ? total : selected.length;

  const startBulk = (action: BulkAction) =>
    setBulk(
      allMatching
        ? {
            action,
            search: search ?? { fieldName: 'email', fieldValue: '' },
            ...(filters ? { filters } : {}),
            count: total,
            countIsEstimate: totalIsEstimate,
          }
        : { action, ids: selected.map((s) => s.id), count: selected.length },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(
        '/api/v1/vaultholders/export',
        { sponsorId, fieldName: search?.fieldName, fieldValue: search?.fieldValue, ...filters, columns: list.columns.join(',') },
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

  const allColumns: ListColumn<VaultHolderItem>[] = [
    {
      accessor: 'id',
      title: VAULT_COLUMN_LABELS.id,
      width: 80,
      sortable: true,
      render: (h) => <HolderIdLink holder={h} acrossPortals={scope.all} />,
    },
    {
      accessor: 'firstName',
      title: VAULT_COLUMN_LABELS.firstName,
      sortable: true,
      render: (h) => <HolderNameCell holder={h} acrossPortals={scope.all} />,
    },
    { accessor: 'lastName', title: VAULT_COLUMN_LABELS.lastName, sortable: true },
    { accessor: 'email', title: VAULT_COLUMN_LABELS.email, sortable: true },
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
      sortable: true,
      render: (h) => <StatusBadge statusId={h.statusId} status={h.status} />,
    },
    {
      accessor: 'lastLoginAt',
      title: VAULT_COLUMN_LABELS.lastLoginAt,
      noWrap: true,
      sortable: true,
      render: (h) => <LastLoginCell holder={h} />,
    },
  ];
  const columns = allColumns.filter((c) => list.isVisible(c.accessor as string));
  // Every portal's holders (decision 0052): whose portal each is, and no row actions, which work in one portal.
  if (scope.all)
    columns.splice(
      1,
      0,
      portalColumn<VaultHolderItem>((h) => h.sponsor.sponsorCode),
    );
  else columns.push(actionsColumn<VaultHolderItem>((h) => <VaultRowActions holder={h} actions={actions} rights={rights} />));

  return (
    <>
      <PageHeader
        title="Vaults"
        description={
          scope.all
            ? 'The vault holders of every portal. Open a holder to work in their portal.'
            : 'The vault holders of this portal. Search by any field, act on one holder or on a selection.'
        }
        actions={
          <>
            <LightButton
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
              disabled={sponsorId === 0 || scope.all}
            >
              Import CSV
            </LightButton>
            <LightButton
              variant="default"
              leftSection={<IconFileDownload size={16} />}
              onClick={exportCsv}
              loading={exporting}
              disabled={sponsorId === 0 || scope.all || total === 0}
            >
              Export CSV
            </LightButton>
            <LightButtonLink to="/vault" leftSection={<IconPlus size={16} />}>
              New Vault
            </LightButtonLink>
          </>
        }
      />
      <ListToolbar
        label="Search vault holders"
        fields={SEARCH_FIELDS}
        defaultField="email"
        fieldLabel="Field name"
        valueLabel="Field value"
        placeholder={(f) => PLACEHOLDERS[f as VaultSearchField] ?? 'Contains…'}
        list={list}
        search={search}
        disabled={!scope.shown}
        columns={{ all: VAULT_COLUMNS, labels: VAULT_COLUMN_LABELS }}
      />
      {scope.shown && (
        <HolderFilterChips
          filters={filters ?? {}}
          allPortals={scope.all}
          packageName={filters?.packageId !== undefined ? (rows.find((r) => r.packageId === filters.packageId)?.package ?? null) : null}
          onRemove={(params) => urlFilters.update(Object.fromEntries(params.map((p) => [p, null])))}
          onCreatedRange={(from, to) => urlFilters.update({ from, to })}
        />
      )}
      {selectedCount > 0 && (
        <SelectionBar
          selectedOnPage={selected.length}
          allMatching={allMatching}
          total={total}
          totalIsEstimate={totalIsEstimate}
          matching={search ? 'matching the search' : filters ? 'matching the filters' : 'vault holders'}
          onSelectAll={() => setAllMatching(true)}
          onClear={() => {
            setSelected([]);
            setAllMatching(false);
          }}
          onBulk={startBulk}
        />
      )}
      <ListTable<VaultHolderItem>
        label="Vault holders"
        list={{ ...list, search }}
        query={query}
        records={rows}
        total={total}
        totalIsEstimate={totalIsEstimate}
        columns={columns}
        portalChosen={scope.shown}
        minHeight={300}
        empty={{
          none: filters ? 'No vault holder matches these filters.' : 'No vault holders yet.',
          noMatch: 'No vault holder matches this search.',
          noPortal: 'Choose a portal to see its vault holders.',
        }}
        selection={
          scope.all
            ? undefined
            : {
                selected: allMatching ? rows : selected,
                onChange: (r) => {
                  setAllMatching(false);
                  setSelected(r);
                },
                rowLabel: (h) => `Select ${fullName(h)}`,
                allLabel: 'Select every vault holder on this page',
              }
        }
      />
      {actions.dialogs}
      <ImportDialog
        opened={importing}
        sponsorId={sponsorId}
        sponsorCode={sponsorCode}
        onClose={() => setImporting(false)}
        onImported={showImportResult}
      />
      <WhenOpened opened={bulk !== null}>
        <BulkDialog
          sponsorId={sponsorId}
          request={bulk}
          onClose={() => setBulk(null)}
          onDone={() => {
            setSelected([]);
            setAllMatching(false);
          }}
        />
      </WhenOpened>
    </>
  );
}

export { VaultListPage as Component };
