import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldGroupProps } from './invitation-form';

/** The strict invitation's own fields: the one person it is addressed to. */
export function StrictFields({ form }: FieldGroupProps) {
  return (
    <>
      <TextInput label="E-mail" required {...form.getInputProps('email')} autoComplete="off" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last name" required {...form.getInputProps('lastName')} />
      </SimpleGrid>
    </>
  );
}
