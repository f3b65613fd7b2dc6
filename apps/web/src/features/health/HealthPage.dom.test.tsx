import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { Component as HealthPage } from './HealthPage';

describe('/health', () => {
  it('says in words that the server and the database answer, without the raw answer', async () => {
    stubApi(() => ({ body: { status: 'ok', database: 'ok', latencyMs: 3 } }));
    renderWithPortal(<HealthPage />, { route: '/health' });
    expect(await screen.findByText('Healthy')).toBeInTheDocument();
    const checks = screen.getByRole('table', { name: 'Checks' });
    expect(within(checks).getByRole('row', { name: /Database/ })).toHaveTextContent('The database answered in 3 ms.');
    expect(within(checks).getByRole('row', { name: /Server/ })).toHaveTextContent('The server answers.');
    expect(screen.queryByText(/"status"|latencyMs/)).toBeNull();
  });

  it('says the database cannot be reached when the server answers 503', async () => {
    stubApi(() => ({ status: 503, body: { status: 'error', database: 'unreachable' } }));
    renderWithPortal(<HealthPage />, { route: '/health' });
    expect(await screen.findByText('Unhealthy')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Database/ })).toHaveTextContent('The database cannot be reached.');
    expect(screen.queryByText(/unreachable/)).toBeNull();
  });
});
