import { Anchor, Badge, Button, Text, Tooltip } from '@mantine/core';
import { IconCurrencyDollar, IconLinkOff, IconPlus, IconUsers } from '@tabler/icons-react';
import { type ActivePackage, BILLING_PERIOD_LABELS, formatBytes } from '@vault/contract';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { actionsColumn, ListTable } from '../../components/list/ListTable';
import { ListViews } from '../../components/list/ListViews';
import { PageHeader } from '../../components/PageHeader';
import { useListState } from '../../lib/list-state';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { AssignPackagesDialog } from './AssignPackagesDialog';
import { useActivePackageMutations, useActivePackages, useSponsorCatalogue } from './api';
import { Money } from './money-fields';
import { PackageHoldersDialog } from './PackageHoldersDialog';
import { PackageName } from './PackageName';
import { SalePriceDialog } from './SalePriceDialog';

const NO_COLUMNS: string[] = [];

/** Active Packages (/packages): the chosen sponsor's packages with their sale prices. */
export function ActivePackagesPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const paging = useListState({ key: 'active-packages', columns: NO_COLUMNS });
  const list = useActivePackages(sponsorId, paging.offset, paging.limit);
  // Specification section 4: with a sponsor chosen, the base packages are fetched too.
  const catalogue = useSponsorCatalogue(sponsorId);
  const mutations = useActivePackageMutations(sponsorId);
  const { confirm } = useConfirm();
  // Assigning packages and pricing them is the operator's business (staff only).
  const { staff: isStaff } = useRights();
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
          <>
            <ListViews views={paging.views} />
            {isStaff && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAssigning(true)} disabled={sponsorId === 0}>
                Assign Packages
                {available.length > 0 && (
                  <Badge size="xs" ml={8} color="white" variant="outline">
                    {available.length}
                  </Badge>
                )}
              </Button>
            )}
          </>
        }
      />
      <ListTable<ActivePackage>
        label="Active Packages"
        list={paging}
        query={list}
        idAccessor="packageSponsorId"
        portalChosen={sponsorId > 0}
        empty={{ none: 'No packages assigned yet. Use Assign Packages.', noPortal: 'Choose a portal to see its packages.' }}
        columns={[
          {
            accessor: 'name',
            title: 'Package',
            render: (p) => <PackageName pkg={p} maw={300} lineClamp={1} />,
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
          actionsColumn((p) => (
            <>
              {isStaff && (
                <Tooltip label="Change sale price">
                  <RowActionButton aria-label={`Change the sale price of ${p.name}`} onClick={() => setRepricing(p)}>
                    <MaskIcon icon={IconCurrencyDollar} size={18} />
                  </RowActionButton>
                </Tooltip>
              )}
              <Tooltip label="Vault holders">
                <RowActionButton color="grape" aria-label={`Vault holders of ${p.name}`} onClick={() => setHoldersOf(p)}>
                  <MaskIcon icon={IconUsers} size={18} />
                </RowActionButton>
              </Tooltip>
              {isStaff && (
                <Tooltip label="Unassign">
                  <RowActionButton color="red" aria-label={`Unassign ${p.name}`} onClick={() => unassign(p)}>
                    <MaskIcon icon={IconLinkOff} size={18} />
                  </RowActionButton>
                </Tooltip>
              )}
            </>
          )),
        ]}
      />
      <AssignPackagesDialog
        opened={assigning}
        sponsorId={sponsorId}
        sponsorCode={sponsorCode}
        available={available}
        loading={catalogue.isPending}
        onClose={() => setAssigning(false)}
      />
      <SalePriceDialog
        key={repricing?.packageSponsorId ?? 'none'}
        pkg={repricing}
        sponsorId={sponsorId}
        onClose={() => setRepricing(null)}
      />
      <PackageHoldersDialog pkg={holdersOf} sponsorId={sponsorId} onClose={() => setHoldersOf(null)} />
    </>
  );
}

export { ActivePackagesPage as Component };
