import { Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ActivePackage } from '@vault/contract';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { useActivePackageMutations } from './api';
import { Money, MoneyInput, moneyError } from './money-fields';

/** Changes the sale price: PUT /api/v1/packagesponsor with id, priceSale, packageSponsorId, sponsorId, SponsorCode. */
export function SalePriceDialog({ pkg, sponsorId, onClose }: { pkg: ActivePackage | null; sponsorId: number; onClose: () => void }) {
  const { reprice } = useActivePackageMutations(sponsorId);
  // The contract's money rule (at least 0, at most two decimals), as the server applies it.
  const form = useForm({ initialValues: { priceSale: pkg?.priceSale ?? '' }, validate: { priceSale: moneyError } });

  const submit = async ({ priceSale: price }: typeof form.values) => {
    if (!pkg) return;
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
      form.setFieldError('priceSale', errorMessage(err));
    }
  };

  return (
    <FormModal opened={pkg !== null} onClose={() => !reprice.isPending && onClose()} title="Change Sale Price">
      {pkg && (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {pkg.name}
              </Text>
              <Text size="sm" c="dimmed">
                List price <Money value={pkg.listPrice} currency={pkg.currency} />
              </Text>
            </Group>
            <MoneyInput label="Sale price" data-autofocus currency={pkg.currency} {...form.getInputProps('priceSale')} required />
            <FormButtons busy={reprice.isPending} onCancel={onClose} submitLabel="Save price" />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
