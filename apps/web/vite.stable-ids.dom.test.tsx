import { Checkbox, MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';

function renders(ui: React.ReactNode) {
  const phases: string[] = [];
  render(
    <MantineProvider>
      <Profiler id="under-test" onRender={(_id, phase) => phases.push(phase)}>
        {ui}
      </Profiler>
    </MantineProvider>,
  );
  return phases;
}

describe('Mantine inputs with the stable-ids build plugin', () => {
  it('mount in one render, with the id their label points at from the start', () => {
    const phases = renders(<TextInput label="Last name" />);
    expect(phases).toEqual(['mount']);
    const input = screen.getByLabelText('Last name');
    expect(input.id).toMatch(/^mantine-/);
    expect(screen.getByText('Last name').closest('label')?.htmlFor).toBe(input.id);
  });

  it('give every input its own id and keep a given one', () => {
    renders(
      <>
        <Checkbox label="First" />
        <Checkbox label="Second" />
        <TextInput label="Given" id="given-id" />
      </>,
    );
    expect(screen.getByLabelText('First').id).not.toBe(screen.getByLabelText('Second').id);
    expect(screen.getByLabelText('Given').id).toBe('given-id');
  });
});
