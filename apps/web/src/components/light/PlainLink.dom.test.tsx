import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { PlainLink } from './PlainLink';

function Screens() {
  return (
    <Routes>
      <Route path="/" element={<PlainLink to="/vaultdetails/7">Open vault 7</PlainLink>} />
      <Route path="/vaultdetails/7" element={<h1>Vault 7</h1>} />
    </Routes>
  );
}

describe('PlainLink', () => {
  it('is a link to its address and opens it in the portal on a click', async () => {
    const { user } = renderWithPortal(<Screens />);
    const link = screen.getByRole('link', { name: 'Open vault 7' });
    expect(link).toHaveAttribute('href', '/vaultdetails/7');
    await user.click(link);
    expect(screen.getByRole('heading', { name: 'Vault 7' })).toBeInTheDocument();
  });

  it('leaves a click with Ctrl or the middle button to the browser (a new tab)', () => {
    renderWithPortal(<Screens />);
    const link = screen.getByRole('link', { name: 'Open vault 7' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Vault 7' })).toBeNull();
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByRole('heading', { name: 'Vault 7' })).toBeInTheDocument();
  });
});
