import { Alert, Button, ColorInput, FileButton, Group, Image, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { LOGO_MAX_BYTES, type MessageBranding, messageBrandingBody } from '@vault/contract';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { errorMessage } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { useBranding, useBrandingMutations } from './api';
import { NoManageRight } from './NoManageRight';

const FIELDS = ['displayName', 'accentColor', 'replyTo', 'footer', 'timeZone'] as const;
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The look of the portal's messages. Staff without a chosen portal set the service's defaults,
 * which every portal's empty fields fall back to.
 */
export function BrandingTab() {
  const { sponsorId } = useSponsor();
  const { staff } = useRights();
  const branding = useBranding(sponsorId);
  if (sponsorId <= 0 && !staff) return <Text c="dimmed">Choose a portal to see its messages.</Text>;
  if (branding.isError) return <Alert color="red">{errorMessage(branding.error)}</Alert>;
  if (!branding.data) return null;
  return <BrandingForm key={sponsorId} sponsorId={sponsorId} value={branding.data} />;
}

function BrandingForm({ sponsorId, value }: { sponsorId: number; value: MessageBranding }) {
  const canEdit = useRights().has('hasManageMessagesAccess');
  const { save, uploadLogo, removeLogo } = useBrandingMutations(sponsorId);
  const { confirm } = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: Object.fromEntries(FIELDS.map((f) => [f, value[f] ?? ''])) as Record<(typeof FIELDS)[number], string>,
    validate: contractRules(messageBrandingBody),
  });
  const whose = sponsorId > 0 ? "this portal's messages" : 'every portal’s messages unless the portal sets its own';

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(Object.fromEntries(FIELDS.map((f) => [f, values[f].trim() || null])) as Parameters<typeof save.mutate>[0], {
      onSuccess: () => notifications.show({ color: 'teal', title: 'Branding saved', message: `It applies to ${whose}.` }),
      onError: (err) => {
        const fields = serverFieldErrors(err, [...FIELDS]);
        if (fields) form.setErrors(fields);
        else setFailure(errorMessage(err));
      },
    });
  });

  const upload = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    if (file.type !== 'image/png' && file.type !== 'image/svg+xml') return setFailure('Upload the logo as a PNG or SVG image.');
    if (file.size > LOGO_MAX_BYTES) return setFailure(`The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`);
    uploadLogo.mutate(
      { contentType: file.type, data: await readBase64(file) },
      {
        onSuccess: () => notifications.show({ color: 'teal', title: 'Logo saved', message: `It appears at the top of ${whose}.` }),
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {sponsorId > 0 ? 'How this portal’s messages look' : 'Service defaults for every portal’s messages'}
          </Title>
          <Text size="sm" c="dimmed">
            An empty field uses the {sponsorId > 0 ? 'service default' : 'built-in value'}.
          </Text>
          <TextInput
            label="Display name"
            description="Who the messages come from, e.g. your firm’s name"
            disabled={!canEdit}
            {...form.getInputProps('displayName')}
          />
          <ColorInput
            label="Accent colour"
            description="The button and the line above the message; white text must be readable on it"
            format="hex"
            withEyeDropper={false}
            disabled={!canEdit}
            {...form.getInputProps('accentColor')}
          />
          <TextInput label="Reply-to address" type="email" disabled={!canEdit} {...form.getInputProps('replyTo')} />
          <Textarea label="Footer" autosize minRows={2} disabled={!canEdit} {...form.getInputProps('footer')} />
          <Select
            label="Time zone of dates in messages"
            data={TIME_ZONES}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the time zone' }}
            disabled={!canEdit}
            {...form.getInputProps('timeZone')}
            value={form.values.timeZone || null}
            onChange={(v) => form.setFieldValue('timeZone', v ?? '')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Logo
            </Text>
            {value.hasLogo ? (
              <Image
                src={`/api/v1/message-logos/${sponsorId > 0 ? sponsorId : 'service'}.png`}
                alt="The current logo"
                w={160}
                fit="contain"
              />
            ) : (
              <Text size="sm" c="dimmed">
                No logo: the display name is shown instead.
              </Text>
            )}
            {canEdit && (
              <Group gap="sm">
                <FileButton onChange={(f) => void upload(f)} accept="image/png,image/svg+xml">
                  {(props) => (
                    <Button variant="default" loading={uploadLogo.isPending} {...props}>
                      {value.hasLogo ? 'Replace logo' : 'Upload logo'}
                    </Button>
                  )}
                </FileButton>
                {value.hasLogo && (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      void confirm({
                        title: 'Remove Logo',
                        message: 'Remove the logo from the messages?',
                        command: () =>
                          removeLogo
                            .mutateAsync()
                            .then(() => ({ message: 'The logo was removed.', errorMsg: null, statusType: 'success' as const })),
                      })
                    }
                  >
                    Remove logo
                  </Button>
                )}
              </Group>
            )}
            <Text size="xs" c="dimmed">
              PNG or SVG, at most {LOGO_MAX_BYTES / 1024} KB (a PNG at most 2000 × 2000 pixels). An SVG is kept as the picture drawn from
              it; scripts, links and embedded pictures are refused.
            </Text>
          </Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          {canEdit ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          ) : (
            <NoManageRight />
          )}
        </Stack>
      </form>
    </Paper>
  );
}
