import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeService } from '@portal/domain/fixtures';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import {
  clickTwiceBeforeRender,
  makeUser,
  renderWithProviders,
  signInAs,
} from '../../../test/test-utils';
import EditServicesPage from './edit-services-page';

const withFunction = (id: number, name: string, fn: string | null, photos = 0) =>
  makeService({
    id,
    name,
    value: 100 * id,
    photos_count: photos,
    benefits: { main_function: fn, benefit1: null, benefit2: null, benefit3: null },
  });

const SERVICES = [
  withFunction(1, 'Criolipólise', 'Gordura localizada', 1),
  withFunction(2, 'Enzimas', 'Gordura localizada'),
  withFunction(3, 'Peeling', 'Manchas'),
  withFunction(4, 'Botox', 'Rugas'),
];

const SAVED_PHOTOS = {
  service_id: 1,
  photos: [
    {
      id: 11,
      position: 1,
      subtitle: 'Antes',
      url: '/i/11',
    },
  ],
};

/** The catalogue and its photos on the MSW API; returns the log of the requests sent. */
function api(services = SERVICES) {
  apiData.services = services;
  server.use(
    // The screens read captions and signed links only, never the base64 list.
    http.get('/api/v1/service-photos/:id/links', ({ params }) =>
      HttpResponse.json(
        Number(params.id) === 1 ? SAVED_PHOTOS : { service_id: Number(params.id), photos: [] },
      ),
    ),
    http.get(
      '/i/11',
      () =>
        new HttpResponse(new Uint8Array([0x89, 0x50]), {
          headers: { 'content-type': 'image/png' },
        }),
    ),
  );
  return recordRequests();
}

/** PUT /service-photos/{id} answers `body` with `status`. */
function answerPhotosSave(body: JsonBodyType, status = 200) {
  server.use(http.put('/api/v1/service-photos/:id', () => HttpResponse.json(body, { status })));
}

async function renderPage(profile: 'manager' | 'professional' = 'manager') {
  signInAs(makeUser({ profile }));
  const user = userEvent.setup();
  renderWithProviders(<EditServicesPage />);
  await screen.findByRole('button', { name: /Gordura localizada/ });
  return user;
}

const groupHeader = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const card = (name: string) => {
  const element = screen.getByText(name).closest<HTMLElement>('[data-testid="procedure-card"]');
  if (!element) throw new Error(`card ${name} not found`);
  return element;
};

describe('EditServicesPage', () => {
  it('groups procedures by function with counts; a group collapses', async () => {
    api();
    const user = await renderPage();
    expect(groupHeader('Gordura localizada')).toHaveTextContent('2 Procedimentos');
    expect(groupHeader('Manchas')).toHaveTextContent('1 Procedimento');
    const crio = within(card('Criolipólise'));
    expect(crio.getByText('R$ 100,00')).toBeVisible();
    expect(crio.getByText('1/4', { exact: false })).toBeVisible();
    expect(crio.getByRole('button', { name: 'Editar Fotos de Criolipólise' })).toBeVisible();

    await user.click(groupHeader('Gordura localizada'));
    expect(groupHeader('Gordura localizada')).toHaveAttribute('aria-expanded', 'false');
    await user.click(groupHeader('Gordura localizada'));
    expect(groupHeader('Gordura localizada')).toHaveAttribute('aria-expanded', 'true');
  });

  it("searches with 'Pesquisar função' and says when nothing matches", async () => {
    api();
    const user = await renderPage();
    const search = screen.getByRole('searchbox', { name: 'Pesquisar função' });
    // The search reaches the URL (and the groups) a moment after the typing stops.
    await user.type(search, 'manch');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Gordura localizada/ })).toBe(null),
    );
    expect(groupHeader('Manchas')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('Nenhum procedimento encontrado.')).toBeVisible();
  });

  it('filters by functions with Todas, Limpar, a search and Aplicar', async () => {
    api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Função: Todas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Manchas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Rugas' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('button', { name: 'Função: Manchas, Rugas' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Gordura localizada/ })).toBe(null);

    await user.click(screen.getByRole('button', { name: 'Função: Manchas, Rugas' }));
    await user.type(screen.getByRole('textbox', { name: 'Buscar função' }), 'gord');
    expect(screen.queryByRole('checkbox', { name: 'Manchas' })).toBe(null);
    await user.click(screen.getByRole('checkbox', { name: 'Gordura localizada' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    // All three picked is the same as no filter.
    expect(screen.getByRole('button', { name: 'Função: Todas' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Função: Todas' }));
    await user.click(screen.getByRole('button', { name: 'Todas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Manchas' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('button', { name: 'Função: Gordura localizada, Rugas' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Função:/ }));
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('button', { name: 'Função: Todas' })).toBeVisible();
  });

  it('tells when the catalogue has no function at all', async () => {
    api([withFunction(9, 'Avulso', null)]);
    signInAs(makeUser({ profile: 'manager' }));
    const user = userEvent.setup();
    renderWithProviders(<EditServicesPage />);
    await screen.findByRole('button', { name: /^Sem função/ });
    await user.click(screen.getByRole('button', { name: 'Função: Todas' }));
    expect(
      screen.getByText('Nenhuma função encontrada nos serviços (benefits.main_function).'),
    ).toBeVisible();
  });

  it('edits photos: loads the saved ones, adds and removes, saves with PUT and closes', async () => {
    const requests = api();
    answerPhotosSave({
      service_id: 1,
      photos: [
        {
          id: 20,
          position: 1,
          imageBase64: 'data:image/png;base64,iVBO',
          subtitle: 'Nova',
          url: '/i/20',
        },
      ],
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Fotos de Criolipólise' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Procedimento' }));
    expect(dialog.getByRole('textbox', { name: 'Procedimento' })).toHaveAttribute('readonly');
    expect(await dialog.findByRole('textbox', { name: 'Legenda da foto 1' })).toHaveValue('Antes');
    expect(dialog.getByText('PNG, JPG até 10MB · 1/4')).toBeVisible();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'nova.png', {
      type: 'image/png',
    });
    await user.upload(dialog.getByLabelText('Adicionar fotos'), png);
    const caption = await dialog.findByRole('textbox', { name: 'Legenda da foto 2' });
    await user.type(caption, ' Nova ');
    await user.click(dialog.getByRole('button', { name: 'Remover foto 1' }));
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBe(null));
    expect(writesIn(requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/service-photos/1',
        body: {
          service_id: 1,
          photos: [{ imageBase64: 'data:image/png;base64,iVBORw==', subtitle: 'Nova' }],
        },
      },
    ]);
    expect(within(card('Criolipólise')).getByText('1/4', { exact: false })).toBeVisible();
  });

  it('skips files that are not images and stops at 4 photos', async () => {
    api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Fotos de Enzimas' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Procedimento' }));
    await dialog.findByText('Sem fotos');
    const input = dialog.getByLabelText('Adicionar fotos');
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await dialog.findByText('Arquivo não é uma imagem PNG, JPEG ou WebP.')).toBeVisible();

    const pngs = [1, 2, 3, 4, 5].map(
      (n) => new File([new Uint8Array([0x89, n])], `f${n}.png`, { type: 'image/png' }),
    );
    await user.upload(input, pngs);
    expect(await dialog.findByText('No máximo 4 fotos por procedimento.')).toBeVisible();
    expect(dialog.getAllByRole('textbox', { name: /^Legenda da foto/ })).toHaveLength(4);
    expect(dialog.getByRole('button', { name: 'Adicionar fotos' })).toBeDisabled();
  });

  it('keeps a saved photo by sending its bytes, read through its signed link, once', async () => {
    const requests = api();
    answerPhotosSave({ service_id: 1, photos: [] });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Fotos de Criolipólise' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Procedimento' }));
    await dialog.findByRole('textbox', { name: 'Legenda da foto 1' });
    expect(dialog.getByRole('img', { name: 'Antes' })).toHaveAttribute('src', '/i/11');
    clickTwiceBeforeRender(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBe(null));
    expect(await screen.findByText('Fotos salvas.')).toBeVisible();
    expect(writesIn(requests).map(({ body }) => body)).toEqual([
      { service_id: 1, photos: [{ imageBase64: 'data:image/png;base64,iVA=', subtitle: 'Antes' }] },
    ]);
    // The signed link was read once, for the one photo kept.
    expect(requests.filter(({ path }) => path === '/i/11')).toHaveLength(1);
  });

  it('shows admins and managers the price history in the details', async () => {
    api();
    const user = await renderPage('manager');
    await user.click(screen.getByRole('button', { name: 'Ver detalhes de Peeling' }));
    const detail = within(await screen.findByRole('dialog', { name: 'Peeling' }));
    expect(await detail.findByText('Histórico de preços')).toBeVisible();
  });

  it('shows the server detail when saving fails and keeps the dialog open', async () => {
    api();
    answerPhotosSave({ detail: 'Imagem maior que 10 MB.' }, 413);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Fotos de Criolipólise' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Procedimento' }));
    await dialog.findByRole('textbox', { name: 'Legenda da foto 1' });
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Imagem maior que 10 MB.')).toBeVisible();
  });

  it('lets professionals look but not edit photos; details open by button or long press', async () => {
    api();
    const user = await renderPage('professional');
    expect(screen.queryByRole('button', { name: /^Editar Fotos/ })).toBe(null);

    await user.click(screen.getByRole('button', { name: 'Ver detalhes de Peeling' }));
    const detail = within(await screen.findByRole('dialog', { name: 'Peeling' }));
    expect(await detail.findByText('Sem fotos')).toBeVisible();
    expect(detail.queryByText('Histórico de preços')).toBe(null);
    await user.click(detail.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBe(null));

    fireEvent.pointerDown(card('Botox'), { pointerType: 'touch' });
    expect(await screen.findByRole('dialog', { name: 'Botox' }, { timeout: 3500 })).toBeVisible();
  });
});
