import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconMailForward, IconPlus, IconStar, IconStarFilled, IconUpload } from '@tabler/icons-react';
import { INVITATION_SEARCH_FIELDS, INVITATION_SEARCH_LABELS, INVITATION_SORT_FIELDS, type Invitation } from '@vault/contract';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { AllPortalsSwitch } from '../../components/list/AllPortalsSwitch';
import { type ListColumn, ListTable, portalColumn } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, errorMessages } from '../../lib/api';
import { dayParam, formatDateTime } from '../../lib/dates';
import { useListFilters, useListState } from '../../lib/list-state';
import { scopeKey, usePortalScope } from '../../lib/portal-scope';
import { useInvitationList, useResendInvitation, useSetDefault } from './api';
import { ImportDialog } from './ImportDialog';
import { InvitationFormDialog } from './InvitationFormDialog';

const COLUMNS = ['code', 'type', 'email', 'package', 'uses', 'expires', 'created', 'default', 'testAccount', 'status'] as const;
const DEFAULT_COLUMNS = COLUMNS.filter((c) => c !== 'created');
const COLUMN_LABELS: Record<(typeof COLUMNS)[number], string> = {
  code: 'Code',
  type: 'Type',
  email: 'E-mail',
  package: 'Package',
  uses: 'Uses',
  expires: 'Expires',
  created: 'Created',
  default: 'Default',
  testAccount: 'Test account',
  status: 'Status',
};
const STATUS_COLOR = { pending: 'blue', used: 'gray', expired: 'orange' } as const;
const searchOptions = INVITATION_SEARCH_FIELDS.map((f) => ({ value: f, label: INVITATION_SEARCH_LABELS[f] }));

/** A date in the specification's format, the time dimmed on a second line. */
function When({ value }: { value: string | null }) {
  if (!value)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const [date, ...time] = formatDateTime(value).split(' ');
  return (
    <Stack gap={0}>
      <Text size="sm">{date}</Text>
      <Text size="xs" c="dimmed">
        {time.join(' ')}
      </Text>
    </Stack>
  );
}

export function InvitationPage() {
  const scope = usePortalScope();
  const { sponsorId, sponsorCode } = scope;
  // "Created" is one click away under Columns, so that a page of 20 fits a laptop screen.
  const list = useListState({
    key: 'invitations',
    columns: COLUMNS,
    defaultColumns: DEFAULT_COLUMNS,
    sortable: INVITATION_SORT_FIELDS,
    filters: ['from', 'to'],
  });
  // The creation-day filter sits in the URL beside the list's page, search and sort.
  const filters = useListFilters();
  const expiresParam = filters.params.get('expiresBefore');
  // Set by the Overview's "expiring in the next 7 days" figure; shown below the toolbar with a way out.
  const expiresBefore = expiresParam && !Number.isNaN(Date.parse(expiresParam)) ? new Date(expiresParam).toISOString() : undefined;
  const created = {
    fromDate: dayParam(filters.params.get('from')) ?? undefined,
    toDate: dayParam(filters.params.get('to')) ?? undefined,
    expiresBefore,
  };
  const query = useInvitationList(scopeKey(scope), list.offset, list.limit, list.search, list.sort, created);
  const resend = useResendInvitation(sponsorId);
  const setDefault = useSetDefault(sponsorId);
  const { alert } = useConfirm();

  const [editing, setEditing] = useState<Invitation | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [importOpened, setImportOpened] = useState(false);
  const [resendingId, setResendingId] = useState<number | null>(null);

  const doResend = async (inv: Invitation) => {
    setResendingId(inv.id);
    let message: string | string[];
    try {
      message = (await resend.mutateAsync(inv)).message;
    } catch (err) {
      message = errorMessages(err);
    }
    // The button is disabled until the resend ends; then the outcome is shown in an alert.
    setResendingId(null);
    await alert({ title: 'Resend Invitation', message });
  };

  const makeDefault = (inv: Invitation) =>
    setDefault.mutate(
      { id: inv.id, isDefault: true },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'teal',
            title: 'Default invite code',
            message: `${saved.inviteCode} is now the default invite code.`,
          }),
        onError: (err) => void alert({ message: errorMessage(err) }),
      },
    );

  // Built on every render: the action cells close over the latest mutation state and handlers.
  const columns: ListColumn<Invitation>[] = [
    {
      accessor: 'code',
      title: 'Code',
      hidden: !list.isVisible('code'),
      render: (inv) => (
        <Text size="sm" ff="monospace" fw={500}>
          {inv.inviteCode}
        </Text>
      ),
    },
    {
      accessor: 'type',
      title: 'Type',
      hidden: !list.isVisible('type'),
      noWrap: true,
      render: (inv) => (
        <Text size="sm" c={inv.type === 'open' ? 'grape.8' : 'cyan.9'} fw={500}>
          {inv.type}
        </Text>
      ),
    },
    {
      accessor: 'email',
      title: 'E-mail',
      hidden: !list.isVisible('email'),
      sortable: true,
      cellsStyle: () => ({ overflowWrap: 'anywhere', minWidth: 170 }),
      render: (inv) =>
        inv.type === 'open' ? (
          <Stack gap={0}>
            <Text size="sm" c="dimmed" fs="italic">
              open
            </Text>
            {inv.email && (
              <Text size="xs" c="dimmed">
                {inv.email}
              </Text>
            )}
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="sm">{inv.email}</Text>
            <Text size="xs" c="dimmed">
              {[inv.firstName, inv.lastName].filter(Boolean).join(' ')}
            </Text>
          </Stack>
        ),
    },
    { accessor: 'package', title: 'Package', hidden: !list.isVisible('package'), render: (inv) => inv.packageName ?? '—' },
    {
      accessor: 'uses',
      title: 'Uses',
      hidden: !list.isVisible('uses'),
      noWrap: true,
      render: (inv) => `${inv.uses} of ${inv.max}`,
    },
    {
      accessor: 'expires',
      title: 'Expires',
      hidden: !list.isVisible('expires'),
      noWrap: true,
      render: (inv) => <When value={inv.expireTime} />,
    },
    {
      accessor: 'created',
      title: 'Created',
      hidden: !list.isVisible('created'),
      sortable: true,
      sortKey: 'createdDate',
      noWrap: true,
      render: (inv) => <When value={inv.createdDate} />,
    },
    {
      accessor: 'default',
      title: 'Default',
      hidden: !list.isVisible('default'),
      noWrap: true,
      render: (inv) =>
        inv.defaultInviteCode ? (
          <Badge
            color="yellow"
            variant="light"
            leftSection={<IconStarFilled size={12} />}
            data-testid="default-badge"
            style={{ minWidth: 'max-content' }}
          >
            Default
          </Badge>
        ) : inv.type === 'open' && inv.status === 'pending' ? (
          <Tooltip label="Make this the default invite code">
            <RowActionButton color="gray" onClick={() => makeDefault(inv)} aria-label={`Make ${inv.inviteCode} the default invite code`}>
              <MaskIcon icon={IconStar} size={16} />
            </RowActionButton>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    { accessor: 'testAccount', title: 'Test', hidden: !list.isVisible('testAccount'), render: (inv) => (inv.testAccount ? 'Yes' : 'No') },
    {
      accessor: 'status',
      title: 'Status',
      hidden: !list.isVisible('status'),
      noWrap: true,
      sortable: true,
      render: (inv) => <StatusBadge status={inv.status} color={STATUS_COLOR[inv.status]} />,
    },
    // Every portal's invitations (decision 0052): whose each is; changes are made in one portal.
    ...(scope.all ? [portalColumn<Invitation>((inv) => inv.sponsorCode)] : []),
    {
      accessor: 'actions',
      title: '',
      hidden: scope.all,
      render: (inv) => (
        <Group gap={6} justify="flex-start" wrap="nowrap">
          <Tooltip label="Edit">
            <RowActionButton
              aria-label={`Edit invitation ${inv.type === 'strict' ? inv.email : inv.inviteCode}`}
              onClick={() => {
                setEditing(inv);
                setFormOpened(true);
              }}
            >
              <IconEdit size={18} />
            </RowActionButton>
          </Tooltip>
          {inv.email && (
            <Tooltip label={inv.status === 'pending' ? 'Resend the invitation e-mail' : `Cannot resend: ${inv.status}`}>
              <ActionIcon
                variant="light"
                disabled={resendingId !== null || inv.status !== 'pending'}
                loading={resendingId === inv.id}
                onClick={() => doResend(inv)}
                aria-label={`Resend invitation to ${inv.email}`}
              >
                <IconMailForward size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Invitation"
        description={
          scope.all
            ? 'The invitations of every portal. Choose a portal to change them.'
            : 'Invite people to open a vault: one person at a time (strict) or many through a shared open code.'
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImportOpened(true)}
              disabled={sponsorId === 0 || scope.all}
            >
              Import CSV
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                setEditing(null);
                setFormOpened(true);
              }}
              disabled={sponsorId === 0 || scope.all}
            >
              Create Invitation
            </Button>
          </>
        }
      />
      <ListToolbar
        label="Search invitations"
        fields={searchOptions}
        list={list}
        disabled={!scope.shown}
        placeholder={(f) => (f === 'status' ? 'pending, used or expired' : f === 'type' ? 'strict or open' : 'Contains…')}
        filters={
          <>
            <DateRangeFilter
              label="Created"
              from={created.fromDate ?? null}
              to={created.toDate ?? null}
              onChange={(from, to) => filters.update({ from, to })}
              clearable
              w={250}
            />
            <AllPortalsSwitch scope={scope} update={filters.update} />
          </>
        }
        columns={{ all: COLUMNS, labels: COLUMN_LABELS }}
      />
      {expiresBefore && (
        <Group gap="xs" mb="sm">
          <Text size="sm">Expiring by {formatDateTime(expiresBefore)}</Text>
          <Button variant="subtle" size="compact-sm" onClick={() => filters.update({ expiresBefore: null })}>
            Show every expiry
          </Button>
        </Group>
      )}
      <ListTable<Invitation>
        label="Invitations"
        list={list}
        query={query}
        columns={columns}
        portalChosen={scope.shown}
        empty={{
          none: 'No invitations yet.',
          noMatch: 'No invitation matches this search.',
          noPortal: 'Choose a portal to see its invitations.',
        }}
        tableProps={{ fz: 'sm', horizontalSpacing: 8 }}
      />
      <InvitationFormDialog
        opened={formOpened}
        invitation={editing}
        sponsorId={sponsorId}
        sponsorCode={sponsorCode}
        onClose={() => {
          setFormOpened(false);
          setEditing(null);
        }}
      />
      <ImportDialog opened={importOpened} sponsorId={sponsorId} onClose={() => setImportOpened(false)} />
    </>
  );
}

export { InvitationPage as Component };
