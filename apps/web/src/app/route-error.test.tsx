import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/test-utils';

// A page that fails while rendering, as a page whose code a new release removed does.
vi.mock('/src/features/people/auth/forgot-password-page.tsx', () => ({
  default: function BrokenPage(): never {
    throw new Error('Failed to fetch dynamically imported module');
  },
}));

describe('route error screen', () => {
  it('replaces a page that fails to render, and goes away on the next navigation', async () => {
    // React reports the caught error on the console; the screen is what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = await renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeInTheDocument();

    await act(() => router.navigate('/login'));
    expect(
      await screen.findByRole('heading', { name: 'Bem-vindo(a) de volta' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Algo deu errado' })).not.toBeInTheDocument();
  });
});
