import { Fieldset, Select, Stack } from '@mantine/core';
import { ADMIN_FLAGS, type AdminFlag } from '@vault/contract';
import { applyPreset, FLAG_HELP, FLAG_SECTIONS, matchingPreset, ROLE_PRESETS, sectionOf } from './admin-roles';
import { FlagGrid } from './FlagGrid';

const CUSTOM = 'Custom';

export interface AdminFlagPickerProps {
  values: Record<AdminFlag, boolean>;
  onChange: (values: Record<AdminFlag, boolean>) => void;
  /** Why a flag cannot be changed (shown as a tooltip), or undefined when it can. */
  lockedReason: (flag: AdminFlag) => string | undefined;
  disabled?: boolean;
}

/**
 * An administrator's access: a role preset that fills the flags, then every flag in words,
 * grouped by what it concerns, still editable one by one.
 */
export function AdminFlagPicker({ values, onChange, lockedReason, disabled }: AdminFlagPickerProps) {
  const locked = (f: AdminFlag) => lockedReason(f) !== undefined;
  const current = matchingPreset(values, locked)?.label ?? CUSTOM;
  return (
    <Stack gap="sm">
      <Select
        label="Role preset"
        description="Fills the access below; change single flags afterwards if needed."
        data={[...ROLE_PRESETS.map((p) => ({ value: p.label, label: `${p.label} — ${p.description}` })), CUSTOM]}
        value={current}
        allowDeselect={false}
        disabled={disabled}
        onChange={(label) => {
          const preset = ROLE_PRESETS.find((p) => p.label === label);
          if (preset) onChange(applyPreset(preset, values, locked));
        }}
      />
      {FLAG_SECTIONS.map((section) => {
        const flags = ADMIN_FLAGS.filter((f) => sectionOf(f) === section);
        if (flags.length === 0) return null;
        return (
          <Fieldset key={section} legend={section} variant="filled" p="sm">
            <FlagGrid
              flags={flags}
              values={values}
              onChange={(f, checked) => onChange({ ...values, [f]: checked })}
              lockedReason={lockedReason}
              disabled={disabled}
              verticalSpacing="sm"
              description={(f) => FLAG_HELP[f]}
            />
          </Fieldset>
        );
      })}
    </Stack>
  );
}
