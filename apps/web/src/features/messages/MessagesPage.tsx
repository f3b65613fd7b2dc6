import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { BrandingTab } from './BrandingTab';
import { SentMessagesTab } from './SentMessagesTab';
import { TextsTab } from './TextsTab';

const TABS = ['sent', 'texts', 'branding'] as const;
type Tab = (typeof TABS)[number];

/** What people receive from the portal: the messages sent and their delivery, their texts, and their look. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'sent';
  const choose = (value: string | null) =>
    setParams(
      (prev) => {
        // Each tab keeps its own choices in the address (the list's filters, the message and language shown).
        const next = new URLSearchParams(prev);
        if (value && value !== 'sent') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap={0}>
      <PageHeader
        title="Messages"
        description="The e-mails the portal sends: their delivery, their texts in each language, and how they look."
      />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="sent">Sent messages</Tabs.Tab>
          <Tabs.Tab value="texts">Texts and preview</Tabs.Tab>
          <Tabs.Tab value="branding">Branding</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sent">
          <SentMessagesTab />
        </Tabs.Panel>
        <Tabs.Panel value="texts">
          <TextsTab />
        </Tabs.Panel>
        <Tabs.Panel value="branding">
          <BrandingTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export { MessagesPage as Component };
