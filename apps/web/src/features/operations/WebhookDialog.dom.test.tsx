import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { WebhookDialog } from './WebhooksPage';

describe('Add Webhook', { timeout: 60_000 }, () => {
  it('refuses plain http to another machine on the field, then sends every event by default', async () => {
    const onSave = vi.fn(async () => {});
    const { user } = renderWithPortal(<WebhookDialog webhook={null} onClose={() => {}} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'Endpoint URL' });
    await user.type(url, 'ftp://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(url).toHaveAccessibleDescription(/https:\/\//);
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(url);
    await user.type(url, 'https://siem.example/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ url: 'https://siem.example/in', description: '', events: ['*'], enabled: true });
  });

  it('chooses events one by one when "Every event" is unchecked', async () => {
    const onSave = vi.fn(async () => {});
    const { user } = renderWithPortal(<WebhookDialog webhook={null} onClose={() => {}} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'https://siem.example/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /Every event/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Events' }));
    await user.click(await screen.findByRole('option', { name: 'Vault created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ events: ['vault.created'] })));
  });
});
