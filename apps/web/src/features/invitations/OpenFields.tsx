import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { Invitation } from '@vault/contract';
import type { FieldGroupProps } from './invitation-form';

/** The open invitation's own fields: the shared code and how many may use it. */
export function OpenFields({ form, invitation }: FieldGroupProps & { invitation: Invitation | null }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Invite code"
        required
        {...form.getInputProps('inviteCode')}
        description="Unique within the portal"
        autoComplete="off"
      />
      <NumberInput
        label="Max uses"
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('max')}
        description={invitation ? `Used ${invitation.uses} times so far` : 'How many people may use the code'}
      />
    </SimpleGrid>
  );
}
