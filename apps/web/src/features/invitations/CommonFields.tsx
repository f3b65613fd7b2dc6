import { Checkbox, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { InvitationType } from '@vault/contract';
import { type FieldGroupProps, LANGUAGES } from './invitation-form';

export interface CommonFieldsProps extends FieldGroupProps {
  type: InvitationType;
  packageData: { value: string; label: string }[];
  packagesLoading: boolean;
  advisorData: { value: string; label: string }[];
  advisorsLoading: boolean;
}

/** The fields both invitation types have (package, expiry, language, advisors, flags), with the open type's extras in place. */
export function CommonFields({ type, values, errors, set, packageData, packagesLoading, advisorData, advisorsLoading }: CommonFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Package"
          required
          placeholder={packagesLoading ? 'Loading…' : 'Choose a package'}
          data={packageData}
          value={values.packageId}
          onChange={(v) => set('packageId', v)}
          error={errors.packageId}
          nothingFoundMessage="This portal has no active package"
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          type="datetime-local"
          label="Expires"
          required={type === 'open'}
          value={values.expireTime}
          onChange={(e) => set('expireTime', e.currentTarget.value)}
          error={errors.expireTime}
          description={type === 'strict' ? 'Optional' : undefined}
        />
      </SimpleGrid>

      {type === 'open' && (
        <TextInput
          label="Contact e-mail"
          description="Optional: where the code is sent"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          autoComplete="off"
        />
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Language"
          data={LANGUAGES}
          value={values.localize}
          onChange={(v) => set('localize', v ?? 'en')}
          allowDeselect={false}
          error={errors.localize}
        />
        <MultiSelect
          label="Sponsored trusted advisors"
          placeholder={advisorData.length ? 'Optional' : advisorsLoading ? 'Loading…' : 'None available'}
          data={advisorData}
          value={values.advisors}
          onChange={(v) => set('advisors', v)}
          error={errors.sponsoredTrustedAdvisorId}
          searchable
          clearable
        />
      </SimpleGrid>

      <Group gap="xl">
        {type === 'open' && (
          <Checkbox
            label="Default invite code"
            checked={values.defaultInviteCode}
            onChange={(e) => set('defaultInviteCode', e.currentTarget.checked)}
            error={errors.defaultInviteCode}
          />
        )}
        <Checkbox label="Test account" checked={values.testAccount} onChange={(e) => set('testAccount', e.currentTarget.checked)} />
        <Checkbox
          label="Trusted advisor invitation"
          checked={values.isTrustedAdvisor}
          onChange={(e) => set('isTrustedAdvisor', e.currentTarget.checked)}
        />
      </Group>
    </>
  );
}
