import { Checkbox, MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { stableIds } from './vite.stable-ids';

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

describe('the stable-ids plugin in the dev server', () => {
  it('hands the same replacement to the dependency optimizer, which pre-bundles Mantine with its own plugins', () => {
    const config = stableIds().config as unknown as () => {
      optimizeDeps: { rolldownOptions: { plugins: { load: (id: string) => string | null }[] } };
    };
    const [depsPlugin] = config().optimizeDeps.rolldownOptions.plugins;
    const useId = '/app/node_modules/@mantine/hooks/esm/use-id/use-id.mjs';
    expect(depsPlugin!.load(useId)).toContain("'mantine-' + reactId");
    expect(depsPlugin!.load('/app/node_modules/@mantine/hooks/esm/use-idle/use-idle.mjs')).toBeNull();
  });
});
