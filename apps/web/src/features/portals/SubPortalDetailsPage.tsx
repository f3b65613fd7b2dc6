import { Alert, Anchor, Badge, Button, Card, Group, Loader, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowsRightLeft, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { type GroupAdvisor, type GroupVault, PAGE_SIZE, STATUS_NAMES } from '@vault/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { FormModal } from '../../components/dialog-parts';
import { type ListColumn, ListTable } from '../../components/list/ListTable';
import { StatusBadge } from '../../components/list/StatusBadge';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { useGroup, useGroupMembers, useGroupMutations, useGroups } from './api';
import { NoPermission } from './NoPermission';

type Kind = 'advisors' | 'vaults';
type Member = GroupAdvisor | GroupVault;
const NONE = '__none__';
const KIND_LABEL: Record<Kind, { one: string; many: string }> = {
  advisors: { one: 'advisor', many: 'Advisors' },
  vaults: { one: 'vault', many: 'Vaults' },
};

const personColumns = (withGroup: boolean): ListColumn<Member>[] => [
  {
    accessor: 'name',
    title: 'Name',
    render: (m) => (
      <Text size="sm" fw={500}>
        {m.firstName} {m.lastName}
      </Text>
    ),
  },
  { accessor: 'email', title: 'E-mail' },
  {
    accessor: 'statusId',
    title: 'Status',
    noWrap: true,
    render: (m) => <StatusBadge statusId={m.statusId} status={STATUS_NAMES[m.statusId] ?? String(m.statusId)} />,
  },
  ...(withGroup
    ? [
        {
          accessor: 'groupName',
          title: 'Now in',
          render: (m: Member) =>
            m.groupName ? (
              `${m.groupName} (${m.groupCode})`
            ) : (
              <Text size="sm" c="dimmed">
                No sub-portal
              </Text>
            ),
        } satisfies ListColumn<Member>,
      ]
    : []),
];

/** Sub-portal details (/advisor-portal-details/{group}): its advisors and vaults, and moving members between groups. */
export function SubPortalDetailsPage() {
  const code = useParams().group ?? '';
  const { sponsorCode } = useSponsor();
  const allowed = useRights().has('hasSubPortalManagePermission');
  const group = useGroup(sponsorCode, allowed ? code : '');

  if (!allowed) {
    return (
      <>
        <PageHeader title="Sub-Portal Details" />
        <NoPermission>Managing sub-portals needs the hasSubPortalManagePermission permission.</NoPermission>
      </>
    );
  }
  if (group.isPending) return <Loader m="xl" />;
  if (group.isError) {
    return (
      <>
        <BackLink />
        <PageHeader title="Sub-Portal Details" />
        <Alert color="red" role="alert">
          {errorMessage(group.error)}
        </Alert>
      </>
    );
  }
  const g = group.data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={g.name}
        description={
          <>
            Code <b>{g.code}</b>
            {g.parentName ? <> · under {g.parentName}</> : null} · {sponsorCode}
          </>
        }
      />
      <Tabs defaultValue="advisors" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab
            value="advisors"
            rightSection={
              <Badge size="sm" variant="light">
                {g.advisorCount}
              </Badge>
            }
          >
            Advisors
          </Tabs.Tab>
          <Tabs.Tab
            value="vaults"
            rightSection={
              <Badge size="sm" variant="light" color="grape">
                {g.vaultCount}
              </Badge>
            }
          >
            Vaults
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="advisors">
          <MembersPanel kind="advisors" sponsorCode={sponsorCode} group={g.code} groupName={g.name} />
        </Tabs.Panel>
        <Tabs.Panel value="vaults">
          <MembersPanel kind="vaults" sponsorCode={sponsorCode} group={g.code} groupName={g.name} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to="/advisor-portal" size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={14} /> Sub-Portals
    </Anchor>
  );
}

function MembersPanel({ kind, sponsorCode, group, groupName }: { kind: Kind; sponsorCode: string; group: string; groupName: string }) {
  const [page, setPage] = useState(1);
  const members = useGroupMembers(sponsorCode, group, kind, { member: true, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, search: '' });
  const groups = useGroups(sponsorCode);
  const { move, refresh } = useGroupMutations(sponsorCode);
  const { confirm } = useConfirm();
  const [selected, setSelected] = useState<Member[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const label = KIND_LABEL[kind];

  const targets = [
    { value: NONE, label: 'No sub-portal' },
    ...(groups.data?.data ?? []).filter((x) => x.code !== group).map((x) => ({ value: x.code, label: `${x.name} (${x.code})` })),
  ];
  const targetLabel = targets.find((t) => t.value === target)?.label;

  const moveSelected = () =>
    confirm({
      title: 'Move Members',
      message: `Move ${selected.length} ${selected.length === 1 ? label.one : `${label.one}s`} from ${groupName} to ${targetLabel}?`,
      command: () =>
        move.mutateAsync({
          toGroup: target === NONE ? null : target,
          [kind === 'advisors' ? 'advisorIds' : 'vaultIds']: selected.map((m) => m.id),
        }),
      onDone: () => {
        setSelected([]);
        void refresh();
      },
    });

  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label={`Move selected ${label.many.toLowerCase()} to`}
            placeholder="Move selected to…"
            data={targets}
            value={target}
            onChange={setTarget}
            w={240}
            clearable
          />
          <Button
            variant="default"
            leftSection={<IconArrowsRightLeft size={16} />}
            disabled={selected.length === 0 || !target}
            onClick={moveSelected}
          >
            Move{selected.length > 0 ? ` ${selected.length}` : ''}
          </Button>
        </Group>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
          Add {label.many.toLowerCase()}
        </Button>
      </Group>
      <ListTable<Member>
        label={`${label.many} in ${groupName}`}
        list={{ page, limit: PAGE_SIZE, setPage }}
        query={members}
        columns={personColumns(false)}
        minHeight={180}
        empty={{ none: `No ${label.many.toLowerCase()} in ${groupName} yet.` }}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (m) => `Select ${m.firstName} ${m.lastName}`,
          allLabel: `Select every ${label.one} on this page`,
        }}
      />
      <AddMembersDialog
        opened={adding}
        kind={kind}
        sponsorCode={sponsorCode}
        group={group}
        groupName={groupName}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}

/** The sponsor's advisors or vaults outside this group, to move into it. */
function AddMembersDialog({
  opened,
  kind,
  sponsorCode,
  group,
  groupName,
  onClose,
}: {
  opened: boolean;
  kind: Kind;
  sponsorCode: string;
  group: string;
  groupName: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Member[]>([]);
  const [error, setError] = useState<string | null>(null);
  const others = useGroupMembers(
    sponsorCode,
    group,
    kind,
    { member: false, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, search },
    opened,
  );
  const { move, refresh } = useGroupMutations(sponsorCode);
  const label = KIND_LABEL[kind];

  const close = () => {
    setSelected([]);
    setError(null);
    setText('');
    setSearch('');
    setPage(1);
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      await move.mutateAsync({ toGroup: group, [kind === 'advisors' ? 'advisorIds' : 'vaultIds']: selected.map((m) => m.id) });
      await refresh();
      close();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={() => !move.isPending && close()}
      title={`Add ${label.many.toLowerCase()} to ${groupName}`}
      size="xl"
    >
      <Stack gap="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(text.trim());
            setPage(1);
          }}
        >
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Search"
              placeholder="Name or e-mail contains…"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <ListTable<Member>
          label={`${label.many} outside ${groupName}`}
          list={{ page, limit: PAGE_SIZE, setPage, search: search || null }}
          query={others}
          columns={personColumns(true)}
          minHeight={200}
          empty={{ none: `Every ${label.one} of ${sponsorCode} is already in ${groupName}.`, noMatch: 'Nobody matches this search.' }}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (m) => `Select ${m.firstName} ${m.lastName}`,
            allLabel: `Select every ${label.one} on this page`,
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={move.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={selected.length === 0} loading={move.isPending}>
            Move {selected.length > 0 ? `${selected.length} ` : ''}into {groupName}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}

export { SubPortalDetailsPage as Component };
