import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerError } from './form-modal';

describe('ServerError', () => {
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it("brings the server's refusal into view when it arrives, where the person is looking", () => {
    const scrolledInto = vi.fn<(this: Element) => void>(function (this: Element) {});
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: scrolledInto,
      configurable: true,
    });
    const { rerender } = render(
      <MantineProvider>
        <ServerError message={null} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(scrolledInto).not.toHaveBeenCalled();

    rerender(
      <MantineProvider>
        <ServerError message="Já existe um serviço com esse nome." />
      </MantineProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Já existe um serviço com esse nome.');
    expect(scrolledInto).toHaveBeenCalledTimes(1);
    expect(scrolledInto.mock.contexts[0]).toBe(alert);
  });
});
