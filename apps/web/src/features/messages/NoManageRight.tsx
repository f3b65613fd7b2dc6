import { Text } from '@mantine/core';

/** Said where the Messages screen offers changes to someone without "Manage messages". */
export function NoManageRight() {
  return (
    <Text size="sm" c="dimmed">
      Changing messages needs the “Manage messages” permission.
    </Text>
  );
}
