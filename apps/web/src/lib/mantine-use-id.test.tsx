import { useId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// vite.config.ts swaps Mantine's useId for mantine-use-id.ts in builds and in these tests.
describe("Mantine's useId, as the app builds it", () => {
  it('gives its id on the first render and draws the component once', () => {
    let renders = 0;
    function Probe({ label }: { label: string }) {
      renders += 1;
      const id = useId();
      return (
        <>
          <label htmlFor={id}>{label}</label>
          <input id={id} />
        </>
      );
    }
    render(
      <>
        <Probe label="Nome" />
        <Probe label="Telefone" />
      </>,
    );
    // Mantine's own swapped a random id in after mount: a second render of each component.
    expect(renders).toBe(2);
    const name = screen.getByRole('textbox', { name: 'Nome' });
    const phone = screen.getByRole('textbox', { name: 'Telefone' });
    expect(name.id).toMatch(/^mantine-[\w-]+$/);
    expect(phone.id).not.toBe(name.id);
  });

  it('keeps an id it is given', () => {
    function Probe() {
      return <input aria-label="Busca" id={useId('busca-cliente')} />;
    }
    render(<Probe />);
    expect(screen.getByRole('textbox', { name: 'Busca' })).toHaveAttribute('id', 'busca-cliente');
  });
});
