import { Alert, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SAVED_VIEW_NAME_MAX, type SavedViewItem, type SavedViewState, updateSavedViewBody } from '@vault/contract';
import { useState } from 'react';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { errorMessages } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';

interface FormValues {
  name: string;
  shared: boolean;
  isDefault: boolean;
  /** Editing: replace what the view holds with the list as it is now. */
  replace: boolean;
}

export interface SaveViewBody {
  name: string;
  shared: boolean;
  isDefault: boolean;
  state?: SavedViewState;
}

export interface SaveViewDialogProps {
  /** The view being renamed or changed; null saves the list as it is now as a new view. */
  view: SavedViewItem | null;
  /** The list's search, filters, sort and columns now. */
  current: SavedViewState;
  /** Whether this person may share views of this list (staff, or the list's flag). */
  canShare: boolean;
  onClose: () => void;
  onSave: (body: SaveViewBody) => Promise<void>;
}

const bodyOf = (v: FormValues, view: SavedViewItem | null, current: SavedViewState): SaveViewBody => ({
  name: v.name.trim(),
  shared: v.shared,
  isDefault: v.isDefault,
  ...(view === null || v.replace ? { state: current } : {}),
});

/** "Save View" (a new view of the list as it is now) and "Edit View" (rename, share, default, replace). */
export function SaveViewDialog({ view, current, canShare, onClose, onSave }: SaveViewDialogProps) {
  const form = useForm<FormValues>({
    initialValues: { name: view?.name ?? '', shared: view?.shared ?? false, isDefault: view?.isDefault ?? false, replace: false },
    // The server's own rules of the body (name length, state limits).
    validate: (v) => contractRules(updateSavedViewBody)(bodyOf(v, view, current)),
  });
  const [failure, setFailure] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (v: FormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave(bodyOf(v, view, current));
    } catch (err) {
      const onFields = serverFieldErrors(err, ['name']);
      if (onFields) form.setErrors(onFields);
      else setFailure(errorMessages(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal opened onClose={onClose} title={view ? 'Edit View' : 'Save View'}>
      {/* The dialog sits in the list's toolbar in React's tree: its submit must not reach the toolbar's search form. */}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          form.onSubmit(submit)(e);
        }}
        noValidate
      >
        <Stack gap="sm">
          {!view && (
            <Text size="sm" c="dimmed">
              Saves this list's search, filters, sort and columns under a name.
            </Text>
          )}
          <TextInput label="Name" required maxLength={SAVED_VIEW_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <Checkbox
            label="Shared with the portal's administrators"
            description={canShare ? undefined : 'Sharing views of this list needs staff or the list’s manage permission.'}
            disabled={!canShare}
            {...form.getInputProps('shared', { type: 'checkbox' })}
          />
          <Checkbox label="Set as my default view of this list" {...form.getInputProps('isDefault', { type: 'checkbox' })} />
          {view && (
            <Checkbox
              label="Replace it with the list's current search, filters, sort and columns"
              {...form.getInputProps('replace', { type: 'checkbox' })}
            />
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure.join(' ')}
            </Alert>
          )}
          <FormButtons busy={saving} onCancel={onClose} submitLabel="Save" mt="sm" />
        </Stack>
      </form>
    </FormModal>
  );
}
