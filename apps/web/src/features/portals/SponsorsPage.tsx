import { Badge, Button, Collapse, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconEdit, IconLayoutNavbarCollapse, IconLayoutNavbarExpand, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SPONSOR_SORT_FIELDS, type SponsorRow } from '@vault/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionLink } from '../../components/light/RowAction';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PageHeader } from '../../components/PageHeader';
import { useListState } from '../../lib/list-state';
import { useRights } from '../../lib/rights';
import { setSponsor, useSponsor } from '../../lib/session';
import { shellKeys } from '../../lib/sponsors';
import { useSponsorList } from './api';

const COLUMNS = ['code', 'name', 'contact', 'status', 'administrators', 'vaults', 'packages'] as const;
const COLUMN_LABELS: Record<(typeof COLUMNS)[number], string> = {
  code: 'Code',
  name: 'Name',
  contact: 'Contact',
  status: 'Status',
  administrators: 'Administrators',
  vaults: 'Vaults',
  packages: 'Packages',
};
const MENU_BAR_KEY = 'portals_menu_bar';

/** Whether the list's menu bar (search, columns, create) is shown; remembered in the browser. */
function useMenuBar(): [boolean, () => void] {
  const [shown, setShown] = useState(() => localStorage.getItem(MENU_BAR_KEY) !== 'hidden');
  const toggle = () =>
    setShown((s) => {
      localStorage.setItem(MENU_BAR_KEY, s ? 'hidden' : 'shown');
      return !s;
    });
  return [shown, toggle];
}

/** Portals (/sponsors): every sponsor the user may work in, searchable and paged; choosing one stores it. */
export function SponsorsPage() {
  const list = useListState({ key: 'portals', columns: COLUMNS, sortable: SPONSOR_SORT_FIELDS });
  const search = list.search?.fieldValue ?? '';
  const query = useSponsorList(list.offset, list.limit, search, list.sort);
  const { sponsorId } = useSponsor();
  const { staff: isStaff } = useRights();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [menuBar, toggleMenuBar] = useMenuBar();

  /** Specification sections 3 and 4: the chosen sponsor is kept under session_sponsor; the data reloads. */
  const choose = (s: SponsorRow) => {
    if (s.id === sponsorId) return;
    setSponsor({ sponsorId: s.id, sponsorCode: s.sponsorCode });
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== shellKeys.mySponsors[0] && q.queryKey[0] !== 'portals' });
  };

  const columns: ListColumn<SponsorRow>[] = [
    {
      accessor: 'code',
      title: 'Code',
      sortable: true,
      sortKey: 'sponsorCode',
      hidden: !list.isVisible('code'),
      render: (s) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace" fw={600}>
            {s.sponsorCode}
          </Text>
          {s.id === sponsorId && (
            <Badge size="xs" color="blue" variant="light">
              Chosen
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'name', title: 'Name', sortable: true, hidden: !list.isVisible('name'), render: (s) => <Text size="sm">{s.name}</Text> },
    {
      accessor: 'contact',
      title: 'Contact',
      sortable: true,
      sortKey: 'contactName',
      hidden: !list.isVisible('contact'),
      render: (s) =>
        s.contactName || s.contactEmail ? (
          <Stack gap={0}>
            <Text size="sm">{s.contactName ?? '—'}</Text>
            {s.contactEmail && (
              <Text size="xs" c="dimmed">
                {s.contactEmail}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      noWrap: true,
      hidden: !list.isVisible('status'),
      render: (s) => <StatusBadge statusId={s.statusId} status={s.statusId === 1 ? 'Active' : 'Inactive'} />,
    },
    {
      accessor: 'administrators',
      title: 'Administrators',
      textAlign: 'right',
      hidden: !list.isVisible('administrators'),
      render: (s) => s.administratorCount,
    },
    { accessor: 'vaults', title: 'Vaults', textAlign: 'right', hidden: !list.isVisible('vaults'), render: (s) => s.vaultCount },
    { accessor: 'packages', title: 'Packages', textAlign: 'right', hidden: !list.isVisible('packages'), render: (s) => s.packageCount },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (s) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant={s.id === sponsorId ? 'light' : 'default'}
            leftSection={s.id === sponsorId ? <IconCheck size={14} /> : undefined}
            onClick={() => choose(s)}
            // The name starts with the word shown (label in name, WCAG 2.5.3).
            aria-label={`${s.id === sponsorId ? 'Chosen' : 'Choose'} ${s.sponsorCode}`}
            disabled={s.id === sponsorId}
          >
            {s.id === sponsorId ? 'Chosen' : 'Choose'}
          </Button>
          <Tooltip label="Edit portal">
            <RowActionLink to={`/sponsor/${s.id}`} aria-label={`Edit ${s.sponsorCode}`}>
              <MaskIcon icon={IconEdit} size={18} />
            </RowActionLink>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Portals"
        description="Sponsors: the organisations whose vault holders and advisors you manage. Choose one to work in it."
        actions={
          <Button
            variant="default"
            onClick={toggleMenuBar}
            aria-expanded={menuBar}
            leftSection={menuBar ? <IconLayoutNavbarCollapse size={16} /> : <IconLayoutNavbarExpand size={16} />}
          >
            {menuBar ? 'Hide menu bar' : 'Show menu bar'}
          </Button>
        }
      />
      <Collapse expanded={menuBar}>
        <div role="toolbar" aria-label="Portals menu bar">
          <ListToolbar
            label="Search portals"
            fields={[{ value: 'name', label: 'Code or name' }]}
            placeholder={() => 'Code or name contains…'}
            search={list.search}
            onSearch={list.setSearch}
            columns={{ all: COLUMNS, labels: COLUMN_LABELS, visible: list.columns, onChange: list.setColumns }}
            filters={
              isStaff && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/sponsor')}>
                  Create Portal
                </Button>
              )
            }
          />
        </div>
      </Collapse>
      <ListTable<SponsorRow>
        label="Portals"
        list={list}
        query={query}
        records={query.data?.data ?? []}
        total={query.data?.total ?? 0}
        columns={columns}
        empty={{ none: 'No portals yet.', noMatch: 'No portal matches this search.' }}
        tableProps={{
          rowBackgroundColor: (s) =>
            s.id === sponsorId ? { light: 'var(--mantine-color-blue-0)', dark: 'var(--mantine-color-dark-5)' } : undefined,
        }}
      />
    </>
  );
}

export { SponsorsPage as Component };
