import { Checkbox, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { InvitationType } from '@vault/contract';
import { ACCESSIBLE_CALENDAR } from '../../components/DateRangeFilter';
import { PICKER_DATE_TIME_FORMAT } from '../../lib/dates';
import { type FieldGroupProps, LANGUAGES } from './invitation-form';

export interface CommonFieldsProps extends FieldGroupProps {
  type: InvitationType;
  packageData: { value: string; label: string }[];
  packagesLoading: boolean;
  advisorData: { value: string; label: string }[];
  advisorsLoading: boolean;
}

/** The time fields inside the expiry picker, named for screen readers, on the portal's 12-hour clock. */
const EXPIRY_TIME_LABELS = { format: '12h', hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', amPmInputLabel: 'am or pm' } as const;

/** The fields both invitation types have (package, expiry, language, advisors, flags), with the open type's extras in place. */
export function CommonFields({ type, form, packageData, packagesLoading, advisorData, advisorsLoading }: CommonFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Package"
          required
          placeholder={packagesLoading ? 'Loading…' : 'Choose a package'}
          data={packageData}
          {...form.getInputProps('packageId')}
          nothingFoundMessage="This portal has no active package"
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <DateTimePicker
          label="Expires"
          required={type === 'open'}
          clearable={type === 'strict'}
          placeholder={type === 'strict' ? 'No expiry' : 'Choose a date and time'}
          {...form.getInputProps('expireTime')}
          description={type === 'strict' ? 'Optional' : undefined}
          valueFormat={PICKER_DATE_TIME_FORMAT}
          popoverProps={{ withinPortal: true }}
          timePickerProps={EXPIRY_TIME_LABELS}
          submitButtonProps={{ 'aria-label': 'Done' }}
          clearButtonProps={{ 'aria-label': 'Clear expiry' }}
          {...ACCESSIBLE_CALENDAR}
        />
      </SimpleGrid>

      {type === 'open' && (
        <TextInput
          label="Contact e-mail"
          description="Optional: where the code is sent"
          {...form.getInputProps('email')}
          autoComplete="off"
        />
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Language" data={LANGUAGES} {...form.getInputProps('localize')} allowDeselect={false} />
        <MultiSelect
          label="Sponsored trusted advisors"
          placeholder={advisorData.length ? 'Optional' : advisorsLoading ? 'Loading…' : 'None available'}
          data={advisorData}
          {...form.getInputProps('advisors')}
          searchable
          clearable
        />
      </SimpleGrid>

      <Group gap="xl">
        {type === 'open' && <Checkbox label="Default invite code" {...form.getInputProps('defaultInviteCode', { type: 'checkbox' })} />}
        <Checkbox label="Test account" {...form.getInputProps('testAccount', { type: 'checkbox' })} />
        <Checkbox label="Trusted advisor invitation" {...form.getInputProps('isTrustedAdvisor', { type: 'checkbox' })} />
      </Group>
    </>
  );
}
