import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BUILDER_DRAFT_STORAGE_KEY,
  CLIENT_MODE_STORAGE_KEY,
  RECEIPT_STORAGE_KEY,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp, signInAs } from '../test/test-utils';

describe('Sair', () => {
  it("forgets the last receipt, the selection in progress and the client's name", async () => {
    const ana = makeUser();
    signInAs(ana);
    window.sessionStorage.setItem(RECEIPT_STORAGE_KEY, '{"package":{"name":"Pacote 4"}}');
    window.sessionStorage.setItem(
      BUILDER_DRAFT_STORAGE_KEY,
      '{"packageId":4,"clientName":"Joana Prado"}',
    );
    window.sessionStorage.setItem(CLIENT_MODE_STORAGE_KEY, '1');
    const { router } = await renderApp('/home');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(window.sessionStorage.getItem(RECEIPT_STORAGE_KEY)).toBeNull());
    expect(window.sessionStorage.getItem(BUILDER_DRAFT_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(CLIENT_MODE_STORAGE_KEY)).toBeNull();
  });
});
