import { Anchor, Badge, Button, Group, Menu, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconFlask, IconPlus } from '@tabler/icons-react';
import { LINKED_PEOPLE_SORT_FIELDS, PEOPLE_SEARCH_FIELDS, type ServerMessage, type SponsoredAdvisorItem } from '@vault/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { StatusBadge } from '../../components/list/StatusBadge';
import { MfaResetDialog } from '../../components/MfaResetDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListState } from '../../lib/list-state';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { fullName } from '../../lib/person-name';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { ADMIN_DIALOGS } from './AdminListPage';
import { peopleKeys, type RepAction, repCommand, useRepList, useSetTestAccount } from './api';
import { PersonActionsMenu } from './PersonActions';
import { usePersonConfirm } from './person-confirm';
import { RepresentativeModal } from './RepresentativeModal';

export const PEOPLE_SEARCH_LABELS: Record<(typeof PEOPLE_SEARCH_FIELDS)[number], string> = {
  all: 'All fields',
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  id: 'Id',
  status: 'Status',
};
export const peopleSearchFields = PEOPLE_SEARCH_FIELDS.map((f) => ({ value: f, label: PEOPLE_SEARCH_LABELS[f] }));

/** Column options: specification section 2's, shown by default, and the group, offered but off. */
const COLUMNS = ['id', 'firstName', 'lastName', 'email', 'group', 'status'] as const;
const DEFAULT_COLUMNS = ['id', 'firstName', 'lastName', 'email', 'status'] as const;
const COLUMN_LABELS: Record<string, string> = {
  id: 'Id',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  group: 'Group',
  status: 'Status',
};

const DIALOGS: Record<RepAction, { title: string; message: (n: string, e: string) => string }> = {
  ...ADMIN_DIALOGS,
  'activation-email': { title: 'Resend Activation Email', message: (n, e) => `Send the activation link to ${n} (${e})?` },
};

/** Confirms and saves the test-account flag through users/{id}, answered as a server message. */
export function useTestAccountToggle(sponsorId: number) {
  const setTest = useSetTestAccount(sponsorId);
  const { confirm } = useConfirm();
  return (p: { id: number; firstName: string; lastName: string; testAccount: boolean }) => {
    const next = !p.testAccount;
    return confirm({
      title: 'Test Account',
      message: next ? `Mark ${fullName(p)} as a test account?` : `${fullName(p)} is no longer a test account?`,
      command: async (): Promise<ServerMessage> => {
        const user = await setTest.mutateAsync({ id: p.id, testAccount: next });
        return {
          message: `${fullName(user)} is ${user.testAccount ? 'now' : 'no longer'} a test account.`,
          errorMsg: null,
          statusType: 'success',
        };
      },
    });
  };
}

export function RepresentativeListPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const [params, setParams] = useSearchParams();
  const unassigned = params.get('view') === 'unassigned';
  const list = useListState({
    key: 'representatives',
    columns: COLUMNS,
    defaultColumns: DEFAULT_COLUMNS,
    sortable: LINKED_PEOPLE_SORT_FIELDS,
    filters: ['view'],
  });
  const query = useRepList(sponsorId, sponsorCode, list.offset, list.limit, unassigned ? null : list.search, unassigned, list.sort);
  const [modal, setModal] = useState<{ rep: SponsoredAdvisorItem | null } | null>(null);
  const [mfaTarget, setMfaTarget] = useState<MfaResetTarget | null>(null);
  const confirmPerson = usePersonConfirm();
  const rights = useRights();
  const toggleTest = useTestAccountToggle(sponsorId);

  const run = (action: RepAction, r: SponsoredAdvisorItem) =>
    confirmPerson(DIALOGS[action], r, repCommand(action, sponsorId, r.userId), [peopleKeys.reps(sponsorId), peopleKeys.advisors()]);
  const detailPath = (r: SponsoredAdvisorItem) => `/sponsor-trusted-advisors/${r.userId}/staid/${r.id}`;

  const columns: ListColumn<SponsoredAdvisorItem>[] = [
    { accessor: 'id', title: 'Id', hidden: !list.isVisible('id'), width: 80 },
    {
      accessor: 'firstName',
      title: 'First name',
      hidden: !list.isVisible('firstName'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={detailPath(r)} size="sm" fw={500}>
          {r.firstName}
        </Anchor>
      ),
    },
    { accessor: 'lastName', title: 'Last name', hidden: !list.isVisible('lastName'), sortable: true },
    {
      accessor: 'email',
      title: 'Email',
      hidden: !list.isVisible('email'),
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{r.email}</Text>
          {r.testAccount && (
            <Badge size="xs" variant="light" color="grape">
              Test
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'groupName', title: 'Group', hidden: !list.isVisible('group'), render: (r) => r.groupName || '—' },
    {
      accessor: 'status',
      title: 'Status',
      hidden: !list.isVisible('status'),
      render: (r) => <StatusBadge statusId={r.statusId} status={r.status} />,
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) => {
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label="Edit">
              <RowActionButton aria-label={`Edit ${fullName(r)}`} onClick={() => setModal({ rep: r })}>
                <MaskIcon icon={IconEdit} size={18} />
              </RowActionButton>
            </Tooltip>
            <PersonActionsMenu
              name={fullName(r)}
              statusId={r.statusId}
              onRun={(action) => run(action, r)}
              activationLabel="Send activation link"
              first={
                <>
                  <Menu.Item leftSection={<IconEye size={16} />} component={Link} to={detailPath(r)}>
                    Details
                  </Menu.Item>
                  <Menu.Divider />
                </>
              }
              extra={
                <Menu.Item leftSection={<IconFlask size={16} />} onClick={() => toggleTest({ ...r, id: r.userId })}>
                  {r.testAccount ? 'Unmark test account' : 'Mark as test account'}
                </Menu.Item>
              }
              resetMfa={
                rights.canResetMfa
                  ? {
                      onClick: () =>
                        setMfaTarget({ kind: 'sponsoredAdvisor', userId: r.userId, sponsorId, label: `${fullName(r)} (${r.email})` }),
                    }
                  : undefined
              }
            />
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Representatives"
        description="The trusted advisors who represent this portal, with their group, permissions and access."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ rep: null })} disabled={sponsorId === 0}>
            Add Representative
          </Button>
        }
      />
      <SegmentedControl
        mb="md"
        value={unassigned ? 'unassigned' : 'all'}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (v === 'unassigned') next.set('view', 'unassigned');
            else next.delete('view');
            next.delete('page');
            return next;
          })
        }
        data={[
          { value: 'all', label: 'All representatives' },
          { value: 'unassigned', label: 'Unassigned advisors' },
        ]}
        aria-label="Which representatives"
      />
      {unassigned ? (
        <Text size="sm" c="dimmed" mb="md">
          Representatives of this portal who are not in any sub-portal.
        </Text>
      ) : (
        <ListToolbar
          label="Search representatives"
          fields={peopleSearchFields}
          list={list}
          disabled={sponsorId === 0}
          placeholder={(f) => (f === 'status' ? 'Active, Inactive or Pending' : 'Contains…')}
          columns={{ all: COLUMNS, labels: COLUMN_LABELS }}
        />
      )}
      <ListTable<SponsoredAdvisorItem>
        label="Representatives"
        list={{ ...list, search: unassigned ? null : list.search }}
        query={query}
        columns={columns}
        portalChosen={sponsorId > 0}
        empty={{
          none: unassigned ? 'Every representative is in a sub-portal.' : 'No representatives yet.',
          noMatch: 'No representative matches this search.',
          noPortal: 'Choose a portal to see its representatives.',
        }}
      />
      <RepresentativeModal
        opened={modal !== null}
        rep={modal?.rep}
        sponsorId={sponsorId}
        sponsorCode={sponsorCode}
        onClose={() => setModal(null)}
      />
      <MfaResetDialog target={mfaTarget} onClose={() => setMfaTarget(null)} />
    </>
  );
}

export { RepresentativeListPage as Component };
