import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { moneyProblemMessage, parseMoney } from '@vault/contract';
import { formatMoney } from '../../lib/money';

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
