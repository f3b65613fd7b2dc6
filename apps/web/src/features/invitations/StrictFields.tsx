import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldGroupProps } from './invitation-form';

/** The strict invitation's own fields: the one person it is addressed to. */
export function StrictFields({ values, errors, set }: FieldGroupProps) {
  return (
    <>
      <TextInput
        label="E-mail"
        required
        value={values.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        error={errors.email}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          required
          value={values.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          error={errors.firstName}
        />
        <TextInput
          label="Last name"
          required
          value={values.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          error={errors.lastName}
        />
      </SimpleGrid>
    </>
  );
}
