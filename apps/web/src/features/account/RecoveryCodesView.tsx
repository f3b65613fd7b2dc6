import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** The recovery codes, shown this once, with a download as a text file. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `Vault Admin Portal recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'vault-admin-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Save your recovery codes" role="region" aria-label="Recovery codes">
        <Text size="sm">
          Each code signs you in once if you lose your authenticator. They are shown only now: download them or write them down and keep
          them somewhere safe.
        </Text>
      </Alert>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Your recovery codes"
      >
        {codes.map((c) => (
          <li key={c}>
            <Code fz="md">{c}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          Download as text
        </Button>
        <Button onClick={onDone}>I have saved these codes</Button>
      </Group>
    </Stack>
  );
}
