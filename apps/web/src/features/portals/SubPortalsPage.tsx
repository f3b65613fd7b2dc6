import { Anchor, Badge, Button, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { type SponsorGroup, subPortalCreateBody, subPortalUpdateBody } from '@vault/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { actionsColumn, ListTable } from '../../components/list/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { contractRules } from '../../lib/form';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { useGroupMutations, useGroups } from './api';
import { FormDialog, saveErrors } from './FormDialog';
import { NoPermission } from './NoPermission';

/** Sub-Portals (/advisor-portal): the sponsor's groups with their counts; create, rename, delete an empty one. */
export function SubPortalsPage() {
  const { sponsorCode } = useSponsor();
  const groups = useGroups(sponsorCode);
  const allowed = useRights().has('hasSubPortalManagePermission');
  const mutations = useGroupMutations(sponsorCode);
  const { confirm } = useConfirm();
  const [editing, setEditing] = useState<SponsorGroup | 'new' | null>(null);
  const rows = groups.data?.data ?? [];
  const names = useMemo(() => new Map(rows.map((g) => [g.id, g.name])), [rows]);

  const remove = (g: SponsorGroup) =>
    confirm({
      title: 'Delete Sub-Portal',
      message: `Delete the sub-portal ${g.name} (${g.code})? Only an empty sub-portal can be deleted.`,
      command: () => mutations.remove(g.code),
      onDone: () => void mutations.refresh(),
    });

  return (
    <>
      <PageHeader
        title="Sub-Portals"
        description={sponsorCode ? `The groups of ${sponsorCode}: each gathers representatives and vaults.` : undefined}
        actions={
          allowed && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={!sponsorCode}>
              Create Sub-Portal
            </Button>
          )
        }
      />
      {!allowed && (
        <NoPermission>
          Managing sub-portals needs the hasSubPortalManagePermission permission; you can see them but not change them.
        </NoPermission>
      )}
      <ListTable<SponsorGroup>
        label="Sub-Portals"
        query={groups}
        records={rows}
        minHeight={220}
        portalChosen={Boolean(sponsorCode)}
        empty={{ none: 'No sub-portals yet.', noPortal: 'Choose a portal to see its sub-portals.' }}
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (g) =>
              allowed ? (
                <Anchor component={Link} to={`/advisor-portal-details/${encodeURIComponent(g.code)}`} size="sm" fw={500}>
                  {g.name}
                </Anchor>
              ) : (
                <Text size="sm" fw={500}>
                  {g.name}
                </Text>
              ),
          },
          {
            accessor: 'code',
            title: 'Code',
            render: (g) => (
              <Text size="sm" ff="monospace">
                {g.code}
              </Text>
            ),
          },
          {
            accessor: 'parentId',
            title: 'Parent',
            render: (g) =>
              g.parentId ? (
                (names.get(g.parentId) ?? '—')
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ),
          },
          {
            accessor: 'advisorCount',
            title: 'Advisors',
            textAlign: 'right',
            render: (g) => <Badge variant="light">{g.advisorCount ?? 0}</Badge>,
          },
          {
            accessor: 'vaultCount',
            title: 'Vaults',
            textAlign: 'right',
            render: (g) => (
              <Badge variant="light" color="grape">
                {g.vaultCount ?? 0}
              </Badge>
            ),
          },
          actionsColumn(
            (g) => (
              <>
                <Button size="compact-sm" variant="default" component={Link} to={`/advisor-portal-details/${encodeURIComponent(g.code)}`}>
                  Details
                </Button>
                <Tooltip label="Rename">
                  <RowActionButton aria-label={`Rename ${g.name}`} onClick={() => setEditing(g)}>
                    <MaskIcon icon={IconEdit} size={18} />
                  </RowActionButton>
                </Tooltip>
                <Tooltip label="Delete">
                  <RowActionButton color="red" aria-label={`Delete ${g.name}`} onClick={() => remove(g)}>
                    <MaskIcon icon={IconTrash} size={18} />
                  </RowActionButton>
                </Tooltip>
              </>
            ),
            { hidden: !allowed },
          ),
        ]}
      />
      <SubPortalDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        groups={rows}
        sponsorCode={sponsorCode}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/** The request a sub-portal's form sends (a rename sends no code). */
function subPortalRequest(v: { name: string; code: string; parentId: string | null }, withCode: boolean) {
  const parentId = v.parentId ? Number(v.parentId) : null;
  return withCode ? { name: v.name, code: v.code, parentId } : { name: v.name, parentId };
}

function SubPortalDialog({
  editing,
  groups,
  sponsorCode,
  onClose,
}: {
  editing: SponsorGroup | 'new' | null;
  groups: SponsorGroup[];
  sponsorCode: string;
  onClose: () => void;
}) {
  const isNew = editing === 'new';
  const current = editing !== null && editing !== 'new' ? editing : null;
  const { create, update } = useGroupMutations(sponsorCode);
  // The server's schema of the request: a new sub-portal names its code, a rename cannot change it.
  const form = useForm({
    initialValues: { name: current?.name ?? '', code: current?.code ?? '', parentId: current?.parentId ? String(current.parentId) : null },
    validate: (v) => contractRules(isNew ? subPortalCreateBody : subPortalUpdateBody)(subPortalRequest(v, isNew)),
  });
  const [formError, setFormError] = useState<string | undefined>();
  const pending = create.isPending || update.isPending;

  const submit = async (values: typeof form.values) => {
    setFormError(undefined);
    const { name, code } = values;
    const parentId = values.parentId ? Number(values.parentId) : null;
    try {
      const saved = isNew
        ? await create.mutateAsync({ name, code, parentId })
        : await update.mutateAsync({ code: current!.code, body: { name, parentId } });
      notifications.show({
        color: 'teal',
        title: isNew ? 'Sub-portal created' : 'Sub-portal saved',
        message: `${saved.name} (${saved.code})`,
      });
      onClose();
    } catch (err) {
      const { form: whole, ...fields } = saveErrors(err);
      form.setErrors(fields);
      setFormError(whole);
    }
  };

  const parents = groups.filter((g) => g.id !== current?.id).map((g) => ({ value: String(g.id), label: `${g.name} (${g.code})` }));
  return (
    <FormDialog
      opened={editing !== null}
      title={isNew ? 'Create Sub-Portal' : 'Rename Sub-Portal'}
      pending={pending}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      formError={formError}
      submitLabel={isNew ? 'Create' : 'Save'}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} maxLength={80} />
      <TextInput
        label="Code"
        required={isNew}
        readOnly={!isNew}
        variant={isNew ? 'default' : 'filled'}
        description={isNew ? 'Letters, digits, - or _; unique in this portal.' : 'The code cannot change.'}
        {...form.getInputProps('code')}
        onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        maxLength={30}
      />
      <Select label="Parent sub-portal" placeholder="None" data={parents} {...form.getInputProps('parentId')} clearable />
    </FormDialog>
  );
}

export { SubPortalsPage as Component };
