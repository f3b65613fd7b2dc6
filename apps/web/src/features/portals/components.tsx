import { Alert, Badge, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type AdminFlag, moneyProblemMessage, parseMoney } from '@vault/contract';
import { formatMoney } from '../../lib/money';
import { useSession } from '../../lib/session';

/** A package's name in a list: bold, "Retired" beside it, the description dimmed below. */
export function PackageName({
  pkg,
  maw,
  lineClamp,
}: {
  pkg: { name: string; retired: boolean; description: string | null };
  maw: number;
  lineClamp: number;
}) {
  return (
    <Stack gap={0} maw={maw}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {pkg.name}
        </Text>
        {pkg.retired && (
          <Badge size="xs" color="gray">
            Retired
          </Badge>
        )}
      </Group>
      {pkg.description && (
        <Text size="xs" c="dimmed" lineClamp={lineClamp}>
          {pkg.description}
        </Text>
      )}
    </Stack>
  );
}

/** A price as the user reads it: "$12.50" (exact; formatted from the decimal string). */
export function Money({ value, currency, strike = false }: { value: string | null; currency: string; strike?: boolean }) {
  if (value === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Text span size="sm" fw={500} td={strike ? 'line-through' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(value, currency)}
    </Text>
  );
}

/** The problem with a typed amount, or null when it is a valid price. */
export function moneyError(text: string): string | null {
  if (text.trim() === '') return 'Enter a price';
  const r = parseMoney(text);
  return 'problem' in r ? moneyProblemMessage(r.problem) : null;
}

/** A money field: the amount as typed (sent as a string, kept exact) with its currency beside it. */
export function MoneyInput({ currency, ...props }: TextInputProps & { currency: string }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection={
        <Text size="xs" c="dimmed" fw={600}>
          {currency}
        </Text>
      }
      rightSectionWidth={46}
      {...props}
    />
  );
}

export function SponsorStatusBadge({ statusId }: { statusId: number }) {
  return statusId === 1 ? (
    <Badge variant="dot" color="teal" size="sm" style={{ overflow: 'visible' }}>
      Active
    </Badge>
  ) : (
    <Badge variant="dot" color="gray" size="sm" style={{ overflow: 'visible' }}>
      Inactive
    </Badge>
  );
}

/** Staff may do everything; a sponsor administrator needs the flag. */
export function useCan(flag?: AdminFlag): { isStaff: boolean; allowed: boolean } {
  const { user } = useSession();
  const isStaff = user?.role === 'staff';
  return { isStaff, allowed: isStaff || (flag ? user?.permissions?.[flag] === true : false) };
}

export function NoPermission({ children }: { children: React.ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md">
      {children}
    </Alert>
  );
}
