import { Anchor, Badge, Button, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  ADMIN_SEARCH_FIELDS,
  ALL_PORTALS_URL_PARAM,
  PEOPLE_SORT_FIELDS,
  SIGN_IN_METHOD_LABELS,
  SIGN_IN_METHODS,
  type SignInMethod,
  type SponsorAdminItem,
} from '@vault/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { AllPortalsSwitch } from '../../components/list/AllPortalsSwitch';
import { type ListColumn, ListTable, portalColumn } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PageHeader } from '../../components/PageHeader';
import { useListFilters, useListState } from '../../lib/list-state';
import { fullName } from '../../lib/person-name';
import { usePortalScope } from '../../lib/portal-scope';
import { useRights } from '../../lib/rights';
import { setSponsor } from '../../lib/session';
import { AdminCreateDialog } from './AdminCreateDialog';
import { type AdminAction, adminCommand, peopleKeys, useAdminList } from './api';
import { PersonRowActions } from './PersonActions';
import { usePersonConfirm } from './person-confirm';

const SEARCH_LABELS: Record<(typeof ADMIN_SEARCH_FIELDS)[number], string> = {
  all: 'All fields',
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  title: 'Title',
  id: 'Id',
};
const SECOND_FACTOR_FILTER = [
  { value: 'all', label: 'Everyone' },
  { value: 'on', label: 'With a second factor' },
  { value: 'off', label: 'Without a second factor' },
];
const SIGN_IN_FILTER = [
  { value: 'all', label: 'Any sign-in' },
  ...SIGN_IN_METHODS.map((m) => ({ value: m, label: SIGN_IN_METHOD_LABELS[m] })),
];
const isSignInMethod = (v: string | null): v is SignInMethod => (SIGN_IN_METHODS as readonly (string | null)[]).includes(v);
const searchFields = ADMIN_SEARCH_FIELDS.map((f) => ({ value: f, label: SEARCH_LABELS[f] }));
const COLUMNS = ['name', 'email', 'title', 'group', 'status', 'mfaEnabled', 'signInMethod', 'testAccount'];
const FILTERS = ['secondFactor', ALL_PORTALS_URL_PARAM];

export const ADMIN_DIALOGS: Record<AdminAction, { title: string; message: (name: string, email: string) => string }> = {
  activate: { title: 'Account Activation Confirmation', message: (n) => `Activate the account of ${n}?` },
  resetpassword: { title: 'Password Reset Confirmation', message: (n, e) => `Send ${n} a link to choose a new password (to ${e})?` },
  'activation-email': { title: 'Resend Activation Email', message: (n, e) => `Send the activation e-mail to ${n} again (to ${e})?` },
  deactivate: {
    title: 'Account Deactivation Confirmation',
    message: (n) => `Deactivate the account of ${n}? They are signed out and cannot sign in until activated again.`,
  },
};

export function AdminListPage() {
  const scope = usePortalScope();
  const { sponsorId, sponsorCode, all } = scope;
  const list = useListState({ key: 'sponsor-admins', columns: COLUMNS, sortable: PEOPLE_SORT_FIELDS, filters: FILTERS });
  // In the address, so that the Overview's "without a second factor" figure opens this list filtered.
  const filters = useListFilters();
  const sf = filters.params.get('secondFactor');
  const secondFactor = sf === 'on' || sf === 'off' ? sf : undefined;
  const [signIn, setSignIn] = useState<SignInMethod | undefined>();
  const query = useAdminList(scope, list.offset, list.limit, list.search, { secondFactor, signIn }, list.sort);
  const [creating, setCreating] = useState(false);
  const confirmPerson = usePersonConfirm();
  const rights = useRights();

  const run = (action: AdminAction, a: SponsorAdminItem) =>
    confirmPerson(ADMIN_DIALOGS[action], a, adminCommand(action, sponsorId, a.id), [peopleKeys.admins(sponsorId)]);
  const detailPath = (a: SponsorAdminItem) => `/sponsor-admin/${a.id}/said/${a.said}`;
  // The detail page works in the chosen portal: from every portal's list, opening one chooses its portal.
  const choosePortalOf = (a: SponsorAdminItem) => {
    if (all && a.sponsorId !== sponsorId) setSponsor({ sponsorId: a.sponsorId, sponsorCode: a.sponsorCode });
  };

  const columns: ListColumn<SponsorAdminItem>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      sortKey: 'firstName',
      render: (a) => (
        <Stack gap={0}>
          <Anchor component={Link} to={detailPath(a)} onClick={() => choosePortalOf(a)} size="sm" fw={500}>
            {fullName(a)}
          </Anchor>
          {a.testAccount && (
            <Badge size="xs" variant="light" color="grape" w="fit-content">
              Test account
            </Badge>
          )}
        </Stack>
      ),
    },
    { accessor: 'email', title: 'E-mail', sortable: true },
    { accessor: 'title', title: 'Title', render: (a) => a.title || '—' },
    { accessor: 'groupName', title: 'Group', render: (a) => a.groupName || '—' },
    { accessor: 'status', title: 'Status', sortable: true, render: (a) => <StatusBadge statusId={a.statusId} status={a.status} /> },
    {
      accessor: 'mfaEnabled',
      title: 'Second factor',
      render: (a) =>
        a.mfaEnabled ? (
          <Badge color="green" variant="light">
            On
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            None
          </Badge>
        ),
    },
    {
      accessor: 'signInMethod',
      title: 'Signs in with',
      render: (a) => (
        <Badge color={a.signInMethod === 'password' ? 'gray' : 'blue'} variant="light">
          {SIGN_IN_METHOD_LABELS[a.signInMethod]}
        </Badge>
      ),
    },
  ];
  // Account actions work in the chosen portal, so every portal's list offers none.
  const actions: ListColumn<SponsorAdminItem> = {
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    render: (a) => {
      const self = a.id === rights.userId;
      return (
        <PersonRowActions
          open={{ label: 'Details and access', to: detailPath(a) }}
          name={fullName(a)}
          statusId={a.statusId}
          onRun={(action) => run(action, a)}
          activationLabel="Resend activation link"
          deactivateDisabled={self}
        />
      );
    },
  };

  return (
    <>
      <PageHeader
        title="Administrators"
        description={
          all
            ? 'The people who manage each portal, and what each of them may do. Open one to work in their portal.'
            : 'The people who manage this portal, and what each of them may do.'
        }
        actions={
          !all &&
          rights.has('hasManageAdminsAccess') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={sponsorId === 0}>
              Create Administrator
            </Button>
          )
        }
      />
      <ListToolbar
        label="Search administrators"
        fields={searchFields}
        list={list}
        disabled={!scope.shown}
        filters={
          <>
            <Select
              label="Second factor"
              data={SECOND_FACTOR_FILTER}
              value={secondFactor ?? 'all'}
              onChange={(v) => {
                filters.update({ secondFactor: v === 'on' || v === 'off' ? v : null });
              }}
              allowDeselect={false}
              disabled={!scope.shown}
              w={{ base: '100%', xs: 220 }}
            />
            <Select
              label="Signs in with"
              data={SIGN_IN_FILTER}
              value={signIn ?? 'all'}
              onChange={(v) => {
                setSignIn(isSignInMethod(v) ? v : undefined);
                list.setPage(1);
              }}
              allowDeselect={false}
              disabled={!scope.shown}
              w={{ base: '100%', xs: 200 }}
            />
            <AllPortalsSwitch scope={scope} update={filters.update} />
          </>
        }
      />
      <ListTable<SponsorAdminItem>
        label="Administrators"
        list={list}
        query={query}
        portalChosen={scope.shown}
        empty={{
          none: 'No administrators yet.',
          noMatch: 'No administrator matches this search.',
          noPortal: 'Choose a portal to see its administrators.',
        }}
        columns={all ? [portalColumn<SponsorAdminItem>((a) => a.sponsorCode), ...columns] : [...columns, actions]}
      />
      <AdminCreateDialog opened={creating} onClose={() => setCreating(false)} sponsorId={sponsorId} sponsorCode={sponsorCode} />
    </>
  );
}

export { AdminListPage as Component };
