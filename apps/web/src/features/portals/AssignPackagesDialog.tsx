import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { BILLING_PERIOD_LABELS, formatBytes, type SponsorPackageItem } from '@vault/contract';
import { useState } from 'react';
import { FormModal } from '../../components/dialog-parts';
import { ListGrid } from '../../components/list/ListGrid';
import { errorMessage } from '../../lib/api';
import { useActivePackageMutations } from './api';
import { Money, MoneyInput, moneyError } from './money-fields';

const key = (p: SponsorPackageItem) => `p${p.id}`;

/** Assigns base packages not yet assigned to the sponsor, each with its sale price (the list price by default). */
export function AssignPackagesDialog({
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
  // The sale price typed for each package (the list price until changed), under `p<id>`.
  const form = useForm<{ prices: Record<string, string> }>({
    initialValues: { prices: {} },
    // The contract's money rule, for the packages being assigned only.
    validate: (v) => {
      const errors: Record<string, string> = {};
      for (const p of selected) {
        const e = moneyError(v.prices[key(p)] ?? p.listPrice);
        if (e) errors[`prices.${key(p)}`] = e;
      }
      return errors;
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const priceOf = (p: SponsorPackageItem) => form.values.prices[key(p)] ?? p.listPrice;

  const close = () => {
    setSelected([]);
    form.reset();
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (form.validate().hasErrors) return;
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
    <FormModal opened={opened} onClose={() => !busy && close()} title="Assign Packages" size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose the base packages {sponsorCode} should offer and their sale prices.
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <ListGrid<SponsorPackageItem>
          minHeight={160}
          records={available}
          idAccessor="id"
          fetching={loading}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (p) => `Select ${p.name}`,
            allLabel: 'Select every package',
          }}
          emptyText="Every base package is already assigned."
          label="Base packages not yet assigned"
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
                  onChange={(e) => form.setFieldValue(`prices.${key(p)}`, e.currentTarget.value)}
                  error={form.errors[`prices.${key(p)}`]}
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
    </FormModal>
  );
}
