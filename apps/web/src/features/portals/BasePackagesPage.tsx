import { Badge, Button, Group, Menu, NumberInput, Select, SimpleGrid, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArchiveOff, IconDots, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BASE_PACKAGE_SORT_FIELDS,
  type BasePackage,
  BILLING_PERIOD_LABELS,
  BILLING_PERIODS,
  type BillingPeriod,
  basePackageBody,
  formatBytes,
  GIB,
} from '@vault/contract';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { ListTable } from '../../components/list/ListTable';
import { ListViews } from '../../components/list/ListViews';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { useListFilters, useListState } from '../../lib/list-state';
import { useRights } from '../../lib/rights';
import { useBasePackageMutations, useBasePackages } from './api';
import { FormDialog, saveErrors } from './FormDialog';
import { Money, MoneyInput, moneyError } from './money-fields';
import { PackageName } from './PackageName';

const NO_COLUMNS: string[] = [];

/** Base Packages (/basepackages): the service's catalogue; staff create, edit, retire and delete unused ones. */
export function BasePackagesPage() {
  // "Show retired" sits in the URL beside the list's page and sort.
  const { params, update } = useListFilters();
  const paging = useListState({ key: 'base-packages', columns: NO_COLUMNS, sortable: BASE_PACKAGE_SORT_FIELDS, filters: ['retired'] });
  const includeRetired = params.get('retired') === '1';
  const list = useBasePackages(paging.offset, paging.limit, includeRetired, paging.sort);
  const { staff: isStaff } = useRights();
  const { retire, remove, refresh } = useBasePackageMutations();
  const { confirm, alert } = useConfirm();
  const [editing, setEditing] = useState<BasePackage | 'new' | null>(null);

  const toggleRetired = (p: BasePackage) =>
    retire.mutate(
      { id: p.id, retired: !p.retired },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'teal',
            title: saved.retired ? 'Package retired' : 'Package restored',
            message: saved.retired ? `${saved.name} can no longer be assigned.` : `${saved.name} can be assigned again.`,
          }),
        onError: (err) => void alert({ message: errorMessage(err) }),
      },
    );

  const del = (p: BasePackage) =>
    confirm({
      title: 'Delete Base Package',
      message: `Delete ${p.name} from the catalogue? A package in use cannot be deleted; retire it instead.`,
      command: () => remove(p.id),
      onDone: () => void refresh(),
    });

  return (
    <>
      <PageHeader
        title="Base Packages"
        description="The catalogue every portal's active packages come from."
        actions={
          <>
            <Switch
              label="Show retired"
              checked={includeRetired}
              onChange={(e) => update({ retired: e.currentTarget.checked ? '1' : null })}
            />
            <ListViews views={paging.views} />
            {isStaff && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Create Base Package
              </Button>
            )}
          </>
        }
      />
      <ListTable<BasePackage>
        label="Base Packages"
        list={paging}
        query={list}
        records={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        empty={{ none: 'No base packages yet.' }}
        tableProps={{ rowStyle: (p) => (p.retired ? { opacity: 0.6 } : undefined) }}
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            sortable: true,
            render: (p) => <PackageName pkg={p} maw={320} lineClamp={2} />,
          },
          { accessor: 'storageQuotaBytes', title: 'Storage', sortable: true, render: (p) => formatBytes(p.storageQuotaBytes) },
          {
            accessor: 'listPrice',
            title: 'List price',
            sortable: true,
            textAlign: 'right',
            render: (p) => <Money value={p.listPrice} currency={p.currency} />,
          },
          { accessor: 'billingPeriod', title: 'Billing', sortable: true, render: (p) => BILLING_PERIOD_LABELS[p.billingPeriod] },
          {
            accessor: 'features',
            title: 'Features',
            render: (p) =>
              p.features.length ? (
                <Group gap={4} maw={300}>
                  {p.features.map((f) => (
                    <Badge key={f} size="xs" variant="outline" color="gray" tt="none">
                      {f}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ),
          },
          { accessor: 'portalCount', title: 'Portals', textAlign: 'right', sortable: true },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            hidden: !isStaff,
            render: (p) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <RowActionButton aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                  <MaskIcon icon={IconEdit} size={18} />
                </RowActionButton>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <RowActionButton color="gray" aria-label={`More actions for ${p.name}`}>
                      <MaskIcon icon={IconDots} size={18} />
                    </RowActionButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={p.retired ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                      onClick={() => toggleRetired(p)}
                    >
                      {p.retired ? 'Restore' : 'Retire'}
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => del(p)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />
      <BasePackageDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

type PackageValues = {
  name: string;
  description: string;
  quotaGb: number | string;
  listPrice: string;
  currency: string;
  billingPeriod: BillingPeriod;
  features: string[];
};

/** The request a base package's form sends. */
const packageRequest = (v: PackageValues) => ({
  name: v.name,
  description: v.description,
  storageQuotaBytes: Math.round(Number(v.quotaGb) * GIB),
  listPrice: v.listPrice.trim(),
  currency: v.currency.trim().toUpperCase(),
  billingPeriod: v.billingPeriod,
  features: v.features,
});
/** The form's name of a request field: the quota is typed in GB. */
const packageField = (field: string) => (field === 'storageQuotaBytes' ? 'quotaGb' : field);

function BasePackageDialog({ editing, onClose }: { editing: BasePackage | 'new' | null; onClose: () => void }) {
  const current = editing !== null && editing !== 'new' ? editing : null;
  const { save } = useBasePackageMutations();
  const form = useForm<PackageValues>({
    initialValues: {
      name: current?.name ?? '',
      description: current?.description ?? '',
      quotaGb: current ? current.storageQuotaBytes / GIB : 10,
      listPrice: current?.listPrice ?? '',
      currency: current?.currency ?? 'USD',
      billingPeriod: current?.billingPeriod ?? 'monthly',
      features: current?.features ?? [],
    },
    // The catalogue's own schema on the request the values make, plus the two fields typed as text.
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = basePackageBody.safeParse(packageRequest(values));
      if (!parsed.success) for (const i of parsed.error.issues) errors[packageField(String(i.path[0] ?? 'form'))] ??= i.message;
      const price = moneyError(values.listPrice);
      if (price) errors.listPrice = price;
      if (values.quotaGb === '' || !Number.isFinite(Number(values.quotaGb))) errors.quotaGb = 'Enter the storage quota in GB';
      return errors;
    },
  });
  const [formError, setFormError] = useState<string | undefined>();

  const submit = async (values: PackageValues) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, body: packageRequest(values) });
      notifications.show({ color: 'teal', title: current ? 'Base package saved' : 'Base package created', message: saved.name });
      onClose();
    } catch (err) {
      const { form: whole, ...fields } = saveErrors(err);
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [packageField(k), v])));
      setFormError(whole);
    }
  };

  return (
    <FormDialog
      opened={editing !== null}
      title={current ? `Edit ${current.name}` : 'Create Base Package'}
      size="lg"
      pending={save.isPending}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      formError={formError}
      submitLabel={current ? 'Save' : 'Create'}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} maxLength={80} />
      <Textarea label="Description" {...form.getInputProps('description')} autosize minRows={2} maxRows={5} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Storage quota" suffix=" GB" min={0} decimalScale={2} {...form.getInputProps('quotaGb')} required />
        <Select
          label="Billing period"
          data={BILLING_PERIODS.map((p) => ({ value: p, label: BILLING_PERIOD_LABELS[p] }))}
          {...form.getInputProps('billingPeriod')}
          allowDeselect={false}
        />
        <MoneyInput label="List price" required currency={form.values.currency.toUpperCase()} {...form.getInputProps('listPrice')} />
        <TextInput
          label="Currency"
          {...form.getInputProps('currency')}
          onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
          maxLength={3}
        />
      </SimpleGrid>
      <TagsInput label="Features" description="Type a feature and press Enter." {...form.getInputProps('features')} clearable />
    </FormDialog>
  );
}

export { BasePackagesPage as Component };
