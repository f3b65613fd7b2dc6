import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  type MessageKind,
  type MessageLocale,
  type MessageTemplateItem,
  messageOverrideBody,
  PEOPLE_LOCALES,
} from '@vault/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { errorMessage } from '../../lib/api';
import { contractRules, serverFieldErrors } from '../../lib/form';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { usePreview, useTemplateMutations, useTemplates } from './api';
import { NoManageRight } from './NoManageRight';

const WIDTHS = { desktop: '100%', phone: '390px' } as const;

/** One message in one language: its subject and opening text, what a person receives, and a test to oneself. */
export function TextsTab() {
  const { sponsorId } = useSponsor();
  const [params, setParams] = useSearchParams();
  const kind = (MESSAGE_KINDS.includes(params.get('message') as MessageKind) ? params.get('message') : 'invitation') as MessageKind;
  const locale = (PEOPLE_LOCALES.some((l) => l.value === params.get('lang')) ? params.get('lang') : 'en') as MessageLocale;
  const choose = (key: 'message' | 'lang', value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const templates = useTemplates(sponsorId);
  const current = templates.data?.find((t) => t.kind === kind && t.locale === locale);

  if (sponsorId <= 0) return <Text c="dimmed">Choose a portal to see its messages.</Text>;
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Message"
          data={MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => choose('message', v)}
          allowDeselect={false}
          w={260}
        />
        <Select
          label="Language"
          data={PEOPLE_LOCALES.map((l) => ({ value: l.value, label: l.label }))}
          value={locale}
          onChange={(v) => choose('lang', v)}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {templates.isError && <Alert color="red">{errorMessage(templates.error)}</Alert>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {current && <TextForm key={`${kind}:${locale}`} sponsorId={sponsorId} item={current} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Preview sponsorId={sponsorId} kind={kind} locale={locale} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function TextForm({ sponsorId, item }: { sponsorId: number; item: MessageTemplateItem }) {
  const canEdit = useRights().has('hasManageMessagesAccess');
  const { save, reset, test } = useTemplateMutations(sponsorId, item.kind, item.locale);
  const { confirm } = useConfirm();
  const form = useForm({ initialValues: { subject: item.subject, intro: item.intro }, validate: contractRules(messageOverrideBody) });
  const [failure, setFailure] = useState<string | null>(null);
  // A save or a reset answers with the new text: the form shows it as the saved state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved text resets the form.
  useEffect(() => {
    form.setInitialValues({ subject: item.subject, intro: item.intro });
    form.setValues({ subject: item.subject, intro: item.intro });
  }, [item.subject, item.intro]);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: () =>
        notifications.show({ color: 'teal', title: 'Message saved', message: 'People of this language receive the new text.' }),
      onError: (err) => {
        const fields = serverFieldErrors(err, ['subject', 'intro']);
        if (fields) form.setErrors(fields);
        else setFailure(errorMessage(err));
      },
    });
  });
  const resetToDefault = () =>
    void confirm({
      title: 'Reset to Default',
      message: `Bring back the default subject and opening text of this ${MESSAGE_KIND_LABELS[item.kind].toLowerCase()} message?`,
      command: () =>
        reset.mutateAsync().then(() => ({ message: 'The default text is back.', errorMsg: null, statusType: 'success' as const })),
    });
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (r) => notifications.show({ color: 'teal', title: 'Test queued', message: r.message }),
      onError: (err) => notifications.show({ color: 'red', title: 'The test was not sent', message: errorMessage(err) }),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4">
              Subject and opening text
            </Title>
            <Badge variant="light" color={item.overridden ? 'grape' : 'gray'}>
              {item.overridden ? 'Changed for this portal' : 'Default'}
            </Badge>
          </Group>
          <TextInput label="Subject" disabled={!canEdit} {...form.getInputProps('subject')} />
          <Textarea
            label="Opening text"
            description="A blank line starts a paragraph; a paragraph holding only {link} is the button."
            autosize
            minRows={5}
            disabled={!canEdit}
            {...form.getInputProps('intro')}
          />
          <Text size="xs" c="dimmed">
            Placeholders: {item.placeholders.map((p) => `{${p}}`).join(', ')}. No HTML.
          </Text>
          {failure && <Alert color="red">{failure}</Alert>}
          {canEdit ? (
            <Group gap="sm" wrap="wrap">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
              <Button variant="default" disabled={!item.overridden} onClick={resetToDefault}>
                Reset to default
              </Button>
              <Button variant="light" loading={test.isPending} onClick={sendTest}>
                Send me a test
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

function Preview({ sponsorId, kind, locale }: { sponsorId: number; kind: MessageKind; locale: MessageLocale }) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const [part, setPart] = useState<'html' | 'text'>('html');
  const preview = usePreview(sponsorId, kind, locale);
  const language = PEOPLE_LOCALES.find((l) => l.value === locale)?.label ?? locale;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            What a person receives ({language})
          </Title>
          <Group gap="xs">
            <SegmentedControl
              aria-label="Part of the message"
              size="xs"
              value={part}
              onChange={(v) => setPart(v as 'html' | 'text')}
              data={[
                { value: 'html', label: 'HTML' },
                { value: 'text', label: 'Plain text' },
              ]}
            />
            <SegmentedControl
              aria-label="Preview width"
              size="xs"
              value={width}
              onChange={(v) => setWidth(v as keyof typeof WIDTHS)}
              data={[
                { value: 'desktop', label: 'Desktop' },
                { value: 'phone', label: 'Phone' },
              ]}
            />
          </Group>
        </Group>
        {preview.isError && <Alert color="red">{errorMessage(preview.error)}</Alert>}
        {preview.data && (
          <>
            <Text size="sm">
              <Text span fw={600}>
                Subject:{' '}
              </Text>
              {preview.data.subject}
            </Text>
            <Box w={WIDTHS[width]} maw="100%" mx="auto">
              {part === 'html' ? (
                <iframe
                  title={`Preview of the ${MESSAGE_KIND_LABELS[kind].toLowerCase()} message in ${language}`}
                  srcDoc={preview.data.html}
                  sandbox=""
                  style={{
                    width: '100%',
                    height: 560,
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 8,
                    background: '#fff',
                  }}
                />
              ) : (
                <Box
                  component="pre"
                  tabIndex={0}
                  aria-label="Plain-text part"
                  p="sm"
                  style={{
                    whiteSpace: 'pre-wrap',
                    fontSize: 13,
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 8,
                    margin: 0,
                  }}
                >
                  {preview.data.text}
                </Box>
              )}
            </Box>
            <Text size="xs" c="dimmed">
              Shown with your first name and sample values; the link only opens the sign-in page.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
