import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useListState } from '../../lib/list-state';
import { NO_SPONSOR, setSponsor } from '../../lib/session';
import { type SeenRequest, stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { ConfirmProvider } from '../confirm-context';
import { ListToolbar } from './ListToolbar';

const COLUMNS = ['id', 'email', 'status'] as const;

/** A list of the kit as a page has it: state in the URL, the toolbar above, and the URL shown to the test. */
function Harness() {
  const list = useListState({ key: 'vault-holders', columns: COLUMNS, sortable: ['email'], filters: ['status'] });
  const { search } = useLocation();
  return (
    <ConfirmProvider>
      <ListToolbar label="Search holders" fields={[{ value: 'email', label: 'E-mail' }]} list={list} />
      <output data-testid="url">{search}</output>
    </ConfirmProvider>
  );
}

const view = (over: object) => ({
  id: 7,
  list: 'vault-holders',
  name: 'Smiths',
  shared: false,
  state: { search: { fieldName: 'email', fieldValue: 'smith' }, filters: { status: 'open' }, sort: { sortBy: 'email', sortDir: 'desc' } },
  isDefault: false,
  mine: true,
  canChange: true,
  ownerName: 'Ann Admin',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

let saved: ReturnType<typeof view>[] = [];
let seen: SeenRequest[] = [];

beforeEach(() => {
  localStorage.clear();
  saved = [];
  setSponsor({ sponsorId: 3, sponsorCode: 'ACME' });
  seen = stubApi((req) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && path === '/api/v1/saved-views') return { body: { data: saved, total: saved.length } };
    if (req.method === 'POST' && path === '/api/v1/saved-views') return { status: 201, body: view({ id: 8, ...(req.body as object) }) };
    if (req.method === 'DELETE') return { body: { message: 'The view was deleted.', errorMsg: null, statusType: 'success' } };
    return { body: view({}) };
  });
});
afterEach(() => setSponsor(NO_SPONSOR));

const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');
const openMenu = async (user: ReturnType<typeof renderWithPortal>['user']) => {
  // The stand-in button is replaced by the menu's once its code is in.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Views' })).toBeEnabled(), { timeout: 20_000 });
  await user.click(screen.getByRole('button', { name: 'Views' }));
  return screen.findByRole('menu');
};

describe('the Views menu of a list', { timeout: 60_000 }, () => {
  it("saves the list's search, filters, sort and columns under a name, as the default", async () => {
    const { user } = renderWithPortal(<Harness />, { route: '/?field=email&q=smith&status=open&sort=email&dir=desc' });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: /Save current view/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save View' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Smiths');
    // No sharing flag in this session: the choice is there, but closed.
    expect(within(dialog).getByRole('checkbox', { name: /Shared with the portal/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /my default/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    const post = seen.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/v1/saved-views?sponsorId=3&list=vault-holders');
    expect(post.body).toEqual({
      name: 'Smiths',
      shared: false,
      isDefault: true,
      state: {
        search: { fieldName: 'email', fieldValue: 'smith' },
        filters: { status: 'open' },
        sort: { sortBy: 'email', sortDir: 'desc' },
        columns: ['id', 'email', 'status'],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save View' })).toBeNull());
    // The toolbar's own search did not run on the dialog's submit.
    expect(url().get('q')).toBe('smith');
  });

  it('opens a view from the menu: its state replaces the list’s in the URL', async () => {
    saved = [view({})];
    const { user } = renderWithPortal(<Harness />, { route: '/?page=3&status=dismissed' });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: /Smiths/ }));
    await waitFor(() => expect(url().get('q')).toBe('smith'));
    expect(Object.fromEntries(url())).toEqual({ field: 'email', q: 'smith', status: 'open', sort: 'email', dir: 'desc' });
  });

  it('opens the view the address names, and says so when it is gone', async () => {
    saved = [view({})];
    const first = renderWithPortal(<Harness />, { route: '/?savedView=7' });
    await waitFor(() => expect(url().get('q')).toBe('smith'));
    expect(url().get('savedView')).toBeNull();
    first.unmount();

    renderWithPortal(<Harness />, { route: '/?savedView=99' });
    expect(await screen.findByText(/saved view was not found/)).toBeInTheDocument();
    expect(url().get('savedView')).toBeNull();
  });

  it("applies the person's default view when the list opens with nothing in its address, and only then", async () => {
    saved = [view({ isDefault: true })];
    const empty = renderWithPortal(<Harness />, { route: '/' });
    await waitFor(() => expect(url().get('q')).toBe('smith'));
    empty.unmount();

    renderWithPortal(<Harness />, { route: '/?field=email&q=jones' });
    await screen.findByRole('button', { name: 'Views' });
    await waitFor(() => expect(seen.some((r) => r.url.startsWith('/api/v1/saved-views'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(url().get('q')).toBe('jones');
  });

  it('renames, makes default and deletes (after confirming) from "Manage views"', async () => {
    saved = [view({})];
    const { user } = renderWithPortal(<Harness />, { route: '/' });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: /Manage views/ }));
    const manage = await screen.findByRole('dialog', { name: 'Saved Views' });
    await user.click(within(manage).getByRole('button', { name: 'Set as default: Smiths' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ isDefault: true }));

    await user.click(within(manage).getByRole('button', { name: 'Edit Smiths' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit View' });
    const name = within(edit).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Smith family');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(seen.filter((r) => r.method === 'PUT')[1]).toMatchObject({
      url: '/api/v1/saved-views/7?sponsorId=3',
      body: { name: 'Smith family' },
    });
    // Without "Replace", the view keeps what it holds.
    expect(seen.filter((r) => r.method === 'PUT')[1]!.body).not.toHaveProperty('state');

    await user.click(within(await screen.findByRole('dialog', { name: 'Saved Views' })).getByRole('button', { name: 'Delete Smiths' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete View' });
    expect(seen.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'DELETE')?.url).toBe('/api/v1/saved-views/7?sponsorId=3'));
  });
});
