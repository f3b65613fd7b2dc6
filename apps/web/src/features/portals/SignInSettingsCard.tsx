import {
  ActionIcon,
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink, IconLogin2 } from '@tabler/icons-react';
import { ROLE_PRESETS, type SsoSettings, type SsoSettingsBody } from '@vault/contract';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { serverFieldErrors } from '../../lib/form';
import { ssoTestTicket, useSaveSsoSettings, useSsoSettings } from './api';

interface Values {
  protocol: 'oidc' | 'saml';
  domains: string[];
  ssoOnly: boolean;
  jit: boolean;
  jitRolePreset: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  allowIdpInitiated: boolean;
  mfaAuthnContext: string;
}

const valuesOf = (s: SsoSettings): Values => ({
  protocol: s.protocol,
  domains: s.domains,
  ssoOnly: s.ssoOnly,
  jit: s.jit,
  jitRolePreset: s.jitRolePreset ?? 'read_only',
  issuer: s.oidc?.issuer ?? '',
  clientId: s.oidc?.clientId ?? '',
  clientSecret: '',
  scopes: s.oidc?.scopes ?? [],
  metadataXml: s.saml?.metadataXml ?? '',
  entityId: s.saml?.entityId ?? '',
  ssoUrl: s.saml?.ssoUrl ?? '',
  certificate: s.saml?.certificate ?? '',
  allowIdpInitiated: s.saml?.allowIdpInitiated ?? false,
  mfaAuthnContext: s.mfaAuthnContext ?? '',
});

const orUndefined = (v: string) => (v.trim() ? v.trim() : undefined);

/** The request the form makes; the group mapping, which this form does not edit, is sent back as loaded. */
function requestOf(v: Values, loaded: SsoSettings): SsoSettingsBody {
  return {
    protocol: v.protocol,
    domains: v.domains,
    ssoOnly: v.ssoOnly,
    jit: v.jit,
    jitRolePreset: v.jitRolePreset as SsoSettingsBody['jitRolePreset'],
    groupRoleMap: loaded.groupRoleMap,
    mfaAuthnContext: orUndefined(v.mfaAuthnContext) ?? null,
    ...(v.protocol === 'oidc'
      ? { oidc: { issuer: v.issuer.trim(), clientId: v.clientId.trim(), clientSecret: orUndefined(v.clientSecret), scopes: v.scopes } }
      : {
          saml: {
            metadataXml: orUndefined(v.metadataXml),
            entityId: orUndefined(v.entityId),
            ssoUrl: orUndefined(v.ssoUrl),
            certificate: orUndefined(v.certificate),
            allowIdpInitiated: v.allowIdpInitiated,
          },
        }),
  };
}

/** A value the firm's IT copies into its identity provider. */
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${label}`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

const presets = ROLE_PRESETS.map((p) => ({ value: p.id, label: p.label }));

/** The portal page's "Sign-in" section: the identity provider, its domains and the SSO policy. */
export function SignInSettingsCard({ sponsorCode, isStaff }: { sponsorCode: string; isStaff: boolean }) {
  const settings = useSsoSettings(sponsorCode, true);
  const save = useSaveSsoSettings(sponsorCode);
  const [formError, setFormError] = useState<string | undefined>();
  const [testing, setTesting] = useState(false);
  const form = useForm<Values>({ initialValues: valuesOf(settings.data ?? ({ protocol: 'oidc', domains: [] } as never as SsoSettings)) });
  const loaded = settings.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form takes the loaded settings once each time they change
  useEffect(() => {
    if (!loaded) return;
    // The saved settings are the form's values and its "unchanged" point (Test sign-in needs them saved).
    form.setValues(valuesOf(loaded));
    form.resetDirty(valuesOf(loaded));
  }, [loaded]);

  if (settings.isPending) return null;
  if (settings.isError || !loaded)
    return (
      <Alert color="red" role="alert">
        {errorMessage(settings.error)}
      </Alert>
    );
  const v = form.values;
  const sp = loaded.serviceProvider;

  const submit = async (values: Values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(requestOf(values, loaded));
      notifications.show({ color: 'green', message: 'Sign-in settings saved.' });
    } catch (err) {
      const fields = serverFieldErrors(err, {
        domains: 'domains',
        'oidc.issuer': 'issuer',
        'oidc.clientId': 'clientId',
        'oidc.clientSecret': 'clientSecret',
        'saml.metadataXml': 'metadataXml',
        'saml.entityId': 'entityId',
        'saml.ssoUrl': 'ssoUrl',
        'saml.certificate': 'certificate',
      });
      if (fields) form.setErrors(fields);
      setFormError(errorMessage(err));
    }
  };

  const test = async () => {
    // Opened at once, within the click, so that no pop-up blocker holds it back.
    const tab = window.open('about:blank', '_blank');
    setTesting(true);
    try {
      const { url } = await ssoTestTicket(sponsorCode);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      setFormError(errorMessage(err));
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sign-in-title">
      <Group gap="xs" mb="xs">
        <IconLogin2 size={18} />
        <Title order={2} fz={18} id="sign-in-title">
          Sign-in
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Let this portal’s administrators sign in through their firm’s identity provider (single sign-on).
      </Text>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Select
            label="Protocol"
            data={[
              { value: 'oidc', label: 'OpenID Connect (Microsoft Entra ID, Okta, Google)' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('protocol')}
          />
          <TagsInput
            label="E-mail domains"
            description={
              isStaff
                ? 'Addresses of these domains sign in through this provider. Press Enter after each.'
                : 'Only the service staff may add or remove domains.'
            }
            placeholder={isStaff ? 'example.com' : undefined}
            disabled={!isStaff}
            {...form.getInputProps('domains')}
          />
          {v.protocol === 'oidc' ? (
            <>
              <TextInput
                label="Issuer URL"
                placeholder="https://login.microsoftonline.com/<tenant-id>/v2.0"
                required
                {...form.getInputProps('issuer')}
              />
              <TextInput label="Client id" required {...form.getInputProps('clientId')} />
              <PasswordInput
                label="Client secret"
                description={
                  loaded.oidc?.clientSecretSet ? 'A secret is stored. Leave empty to keep it.' : 'Kept encrypted; never shown again.'
                }
                autoComplete="new-password"
                {...form.getInputProps('clientSecret')}
              />
              <TagsInput
                label="Extra scopes"
                description="Besides openid, email and profile; e.g. groups."
                {...form.getInputProps('scopes')}
              />
              <CopyValue label="Redirect URI" value={sp.oidcRedirectUri} />
            </>
          ) : (
            <>
              <Textarea label="Identity provider metadata (XML)" autosize minRows={3} maxRows={8} {...form.getInputProps('metadataXml')} />
              <Text size="sm" c="dimmed">
                Or, without metadata:
              </Text>
              <TextInput label="Entity id" {...form.getInputProps('entityId')} />
              <TextInput label="Sign-in URL" {...form.getInputProps('ssoUrl')} />
              <Textarea label="Signing certificate" autosize minRows={2} maxRows={6} {...form.getInputProps('certificate')} />
              <TextInput
                label="Authentication context that counts as a second factor"
                placeholder="http://schemas.microsoft.com/claims/multipleauthn"
                {...form.getInputProps('mfaAuthnContext')}
              />
              <Switch
                label="Accept sign-ins the identity provider starts"
                {...form.getInputProps('allowIdpInitiated', { type: 'checkbox' })}
              />
              <CopyValue label="Service provider metadata URL" value={sp.samlMetadataUrl} />
              <CopyValue label="Entity id (audience)" value={sp.samlEntityId} />
              <CopyValue label="Assertion consumer service (ACS) URL" value={sp.samlAcsUrl} />
            </>
          )}
          <Switch
            label="Administrators sign in with SSO only"
            description="Their passwords and password reset stop working, except for break-glass accounts marked by staff."
            {...form.getInputProps('ssoOnly', { type: 'checkbox' })}
          />
          <Switch
            label="Create administrators at their first sign-in (just-in-time)"
            description="An unknown address of these domains becomes an administrator with the role below."
            {...form.getInputProps('jit', { type: 'checkbox' })}
          />
          {v.jit && (
            <Select label="Role of new administrators" data={presets} allowDeselect={false} {...form.getInputProps('jitRolePreset')} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconExternalLink size={16} />}
              onClick={test}
              loading={testing}
              disabled={!loaded.configured || form.isDirty()}
            >
              Test sign-in
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save sign-in settings
            </Button>
          </Group>
          {loaded.configured && form.isDirty() && (
            <Text size="xs" c="dimmed" ta="right">
              Save first to test the sign-in with these settings.
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
