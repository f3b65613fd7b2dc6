import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPortal } from '../test/render';
import { LazyNotifications } from './LazyNotifications';

afterEach(() => act(() => notifications.clean()));

describe('LazyNotifications', () => {
  it('shows nothing until a notification is raised, then loads the container and shows it', async () => {
    renderWithPortal(<LazyNotifications />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      notifications.show({ title: 'Base package saved', message: 'Gold Plan' });
    });
    expect(await screen.findByText('Base package saved')).toBeInTheDocument();
    expect(screen.getByText('Gold Plan')).toBeInTheDocument();
  });
});
