import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCurrencyDollar, IconLinkOff, IconPlus, IconUsers } from '@tabler/icons-react';
import {
  type ActivePackage,
  BILLING_PERIOD_LABELS,
  formatBytes,
  formatMoney,
  PAGE_SIZE,
  type PackageHolder,
  type SponsorPackageItem,
  STATUS_NAMES,
} from '@vault/contract';
import { DataTable } from 'mantine-datatable';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { parsePage } from '../../lib/list-state';
import { useSponsor } from '../../lib/session';
import { useActivePackageMutations, useActivePackages, usePackageHolders, useSponsorCatalogue } from './api';
import { Money, MoneyInput, moneyError } from './components';

/** Active Packages (/packages): the chosen sponsor's packages with their sale prices. */
export function ActivePackagesPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const list = useActivePackages(sponsorId, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  // Specification section 4: with a sponsor chosen, the base packages are fetched too.
  const catalogue = useSponsorCatalogue(sponsorId);
  const mutations = useActivePackageMutations(sponsorId);
  const { confirm } = useConfirm();
  const [assigning, setAssigning] = useState(false);
  const [repricing, setRepricing] = useState<ActivePackage | null>(null);
  const [holdersOf, setHoldersOf] = useState<ActivePackage | null>(null);
  const available = (catalogue.data?.data ?? []).filter((p) => !p.assigned);

  const unassign = (p: ActivePackage) =>
    confirm({
      title: 'Unassign Package',
      message: `Unassign ${p.name} from ${p.SponsorCode}? New vaults can then no longer use it.`,
      command: () => mutations.unassign(p.packageSponsorId),
      onDone: () => void mutations.refresh(),
    });

  return (
    <>
      <PageHeader
        title="Active Packages"
        description={sponsorCode ? `The packages ${sponsorCode} offers its vault holders, at its sale prices.` : undefined}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)} disabled={sponsorId === 0}>
            Assign Packages
            {available.length > 0 && (
              <Badge size="xs" ml={8} color="white" variant="outline">
                {available.length}
              </Badge>
            )}
          </Button>
        }
      />
      {list.isError && (
        <Text c="red" size="sm" mb="sm" role="alert">
          {errorMessage(list.error)}
        </Text>
      )}
      <DataTable<ActivePackage>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={260}
        records={sponsorId > 0 ? (list.data?.data ?? []) : []}
        idAccessor="packageSponsorId"
        totalRecords={sponsorId > 0 ? (list.data?.total ?? 0) : 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={(n) => setParams(n > 1 ? { page: String(n) } : {})}
        fetching={sponsorId > 0 && list.isFetching}
        noRecordsText={sponsorId === 0 ? 'Choose a portal to see its packages.' : 'No packages assigned yet. Use Assign Packages.'}
        paginationText={({ from, to, totalRecords }) => (totalRecords ? `${from}–${to} of ${totalRecords}` : 'Total 0')}
        aria-label="Active Packages"
        columns={[
          {
            accessor: 'name',
            title: 'Package',
            render: (p) => (
              <Stack gap={0} maw={300}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {p.name}
                  </Text>
                  {p.retired && (
                    <Badge size="xs" color="gray">
                      Retired
                    </Badge>
                  )}
                </Group>
                {p.description && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {p.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: 'storageQuotaBytes', title: 'Storage', render: (p) => formatBytes(p.storageQuotaBytes) },
          { accessor: 'billingPeriod', title: 'Billing', render: (p) => BILLING_PERIOD_LABELS[p.billingPeriod] },
          {
            accessor: 'listPrice',
            title: 'List price',
            textAlign: 'right',
            render: (p) => (
              <Text size="sm" c="dimmed">
                <Money value={p.listPrice} currency={p.currency} />
              </Text>
            ),
          },
          {
            accessor: 'priceSale',
            title: 'Sale price',
            textAlign: 'right',
            render: (p) => <Money value={p.priceSale} currency={p.currency} />,
          },
          {
            accessor: 'vaultCount',
            title: 'Vaults',
            textAlign: 'right',
            render: (p) =>
              p.vaultCount > 0 ? (
                <Anchor component="button" size="sm" onClick={() => setHoldersOf(p)}>
                  {p.vaultCount}
                </Anchor>
              ) : (
                0
              ),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (p) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Change sale price">
                  <ActionIcon variant="subtle" aria-label={`Change the sale price of ${p.name}`} onClick={() => setRepricing(p)}>
                    <IconCurrencyDollar size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Vault holders">
                  <ActionIcon variant="subtle" color="grape" aria-label={`Vault holders of ${p.name}`} onClick={() => setHoldersOf(p)}>
                    <IconUsers size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Unassign">
                  <ActionIcon variant="subtle" color="red" aria-label={`Unassign ${p.name}`} onClick={() => unassign(p)}>
                    <IconLinkOff size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <AssignDialog
        opened={assigning}
        sponsorId={sponsorId}
        sponsorCode={sponsorCode}
        available={available}
        loading={catalogue.isPending}
        onClose={() => setAssigning(false)}
      />
      <RepriceDialog key={repricing?.packageSponsorId ?? 'none'} pkg={repricing} sponsorId={sponsorId} onClose={() => setRepricing(null)} />
      <HoldersDialog pkg={holdersOf} sponsorId={sponsorId} onClose={() => setHoldersOf(null)} />
    </>
  );
}

/** Assigns base packages not yet assigned to the sponsor, each with its sale price (the list price by default). */
function AssignDialog({
  opened,
  sponsorId,
  sponsorCode,
  available,
  loading,
  onClose,
}: {
  opened: boolean;
  sponsorId: number;
  sponsorCode: string;
  available: SponsorPackageItem[];
  loading: boolean;
  onClose: () => void;
}) {
  const { assign, refresh } = useActivePackageMutations(sponsorId);
  const [selected, setSelected] = useState<SponsorPackageItem[]>([]);
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const priceOf = (p: SponsorPackageItem) => prices[p.id] ?? p.listPrice;

  const close = () => {
    setSelected([]);
    setPrices({});
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    const bad: Record<number, string> = {};
    for (const p of selected) {
      const e = moneyError(priceOf(p));
      if (e) bad[p.id] = e;
    }
    setErrors(bad);
    if (Object.keys(bad).length > 0) return;
    setBusy(true);
    setFailure(null);
    const done: string[] = [];
    const failed: string[] = [];
    for (const p of selected) {
      try {
        await assign({ id: p.id, priceSale: priceOf(p).trim(), sponsorId, SponsorCode: sponsorCode });
        done.push(p.name);
      } catch (err) {
        failed.push(`${p.name}: ${errorMessage(err)}`);
      }
    }
    setBusy(false);
    await refresh();
    if (done.length > 0)
      notifications.show({ color: 'teal', title: 'Packages assigned', message: `${done.join(', ')} assigned to ${sponsorCode}.` });
    if (failed.length > 0) {
      setSelected(selected.filter((p) => !done.includes(p.name)));
      setFailure(failed.join(' '));
    } else close();
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && close()}
      title="Assign Packages"
      size="xl"
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose the base packages {sponsorCode} should offer and their sale prices.
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <DataTable<SponsorPackageItem>
          withTableBorder
          borderRadius="sm"
          minHeight={160}
          records={available}
          idAccessor="id"
          fetching={loading}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          noRecordsText="Every base package is already assigned."
          aria-label="Base packages not yet assigned"
          columns={[
            {
              accessor: 'name',
              title: 'Package',
              render: (p) => (
                <Text size="sm" fw={600}>
                  {p.name}
                </Text>
              ),
            },
            { accessor: 'storageQuotaBytes', title: 'Storage', render: (p) => formatBytes(p.storageQuotaBytes) },
            { accessor: 'billingPeriod', title: 'Billing', render: (p) => BILLING_PERIOD_LABELS[p.billingPeriod] },
            {
              accessor: 'listPrice',
              title: 'List price',
              textAlign: 'right',
              render: (p) => <Money value={p.listPrice} currency={p.currency} />,
            },
            {
              accessor: 'priceSale',
              title: 'Sale price',
              width: 170,
              render: (p) => (
                <MoneyInput
                  size="xs"
                  currency={p.currency}
                  aria-label={`Sale price of ${p.name}`}
                  value={priceOf(p)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setPrices((prev) => ({ ...prev, [p.id]: v }));
                    setErrors((prev) => ({ ...prev, [p.id]: '' }));
                  }}
                  error={errors[p.id] || undefined}
                />
              ),
            },
          ]}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={selected.length === 0} loading={busy}>
            Assign{selected.length > 0 ? ` ${selected.length}` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Changes the sale price: PUT /api/v1/packagesponsor with id, priceSale, packageSponsorId, sponsorId, SponsorCode. */
function RepriceDialog({ pkg, sponsorId, onClose }: { pkg: ActivePackage | null; sponsorId: number; onClose: () => void }) {
  const { reprice } = useActivePackageMutations(sponsorId);
  const [price, setPrice] = useState(pkg?.priceSale ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pkg) return;
    const problem = moneyError(price);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const saved = await reprice.mutateAsync({
        id: pkg.id,
        priceSale: price.trim(),
        packageSponsorId: pkg.packageSponsorId,
        sponsorId,
        SponsorCode: pkg.SponsorCode,
      });
      notifications.show({
        color: 'teal',
        title: 'Sale price changed',
        message: `${saved.name} now sells for ${formatMoney(saved.priceSale, saved.currency)}.`,
      });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      opened={pkg !== null}
      onClose={() => !reprice.isPending && onClose()}
      title="Change Sale Price"
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 650 } }}
    >
      {pkg && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {pkg.name}
              </Text>
              <Text size="sm" c="dimmed">
                List price <Money value={pkg.listPrice} currency={pkg.currency} />
              </Text>
            </Group>
            <MoneyInput
              label="Sale price"
              data-autofocus
              currency={pkg.currency}
              value={price}
              onChange={(e) => {
                setPrice(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              required
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={reprice.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={reprice.isPending}>
                Save price
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The vault holders of a package (GET /api/v1/vaultholders/users), paged. */
function HoldersDialog({ pkg, sponsorId, onClose }: { pkg: ActivePackage | null; sponsorId: number; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const holders = usePackageHolders(sponsorId, pkg?.id ?? 0, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Modal
      opened={pkg !== null}
      onClose={close}
      title={pkg ? `Vault Holders of ${pkg.name}` : 'Vault Holders'}
      size="xl"
      styles={{ title: { fontWeight: 650 } }}
    >
      {holders.isError && (
        <Text c="red" size="sm" mb="sm" role="alert">
          {errorMessage(holders.error)}
        </Text>
      )}
      <DataTable<PackageHolder>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={200}
        records={holders.data?.data ?? []}
        idAccessor="vaultId"
        totalRecords={holders.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        fetching={holders.isFetching}
        noRecordsText="No vault uses this package."
        paginationText={({ from, to, totalRecords }) => (totalRecords ? `${from}–${to} of ${totalRecords}` : 'Total 0')}
        aria-label="Vault holders of the package"
        columns={[
          { accessor: 'id', title: 'Id', width: 70 },
          { accessor: 'name', title: 'Name', render: (h) => `${h.firstName} ${h.lastName}` },
          { accessor: 'email', title: 'E-mail' },
          {
            accessor: 'license',
            title: 'License',
            render: (h) => (
              <Badge size="sm" variant="light" tt="capitalize">
                {h.license}
              </Badge>
            ),
          },
          { accessor: 'statusId', title: 'Status', render: (h) => STATUS_NAMES[h.statusId] ?? h.statusId },
        ]}
      />
    </Modal>
  );
}

export { ActivePackagesPage as Component };
