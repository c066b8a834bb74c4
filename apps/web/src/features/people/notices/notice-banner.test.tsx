import { act, fireEvent, screen } from '@testing-library/react';
import { makeNotice } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server } from '../../../test/msw-server';
import { activeNoticesQueryKey } from '../../../api/people/notices';
import { renderWithProviders, settled } from '../../../test/test-utils';
import { NoticeBanner, NoticeBannerSlot } from './notice-banner';

const NOTICES = [
  makeNotice({ id: 3, title: 'Semana da Criolipólise', category: 'urgent' }),
  makeNotice({ id: 2, title: 'Últimas vagas de Ultraformer', category: 'scarcity' }),
  makeNotice({
    id: 1,
    title: 'Condição VIP',
    category: 'exclusive',
    imageUrl: 'https://x.com/a.png',
  }),
];

describe('NoticeBanner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function advance(ms: number) {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }

  it('shows the first notice at once with its category label, in a polite status region', () => {
    vi.useFakeTimers();
    renderWithProviders(<NoticeBanner notices={NOTICES} random={() => 0} />);
    const region = screen.getByRole('status', { name: 'Avisos' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Semana da Criolipólise');
    expect(region).toHaveTextContent('Urgente');
    expect(region).toHaveTextContent('20% off no pacote');
  });

  it('rotates: show time, then an empty gap, then the next notice, wrapping to the first', () => {
    vi.useFakeTimers();
    renderWithProviders(<NoticeBanner notices={NOTICES} random={() => 0} />);
    advance(4_000);
    expect(screen.queryByText('Semana da Criolipólise')).not.toBeInTheDocument();
    // The slot stays (no layout jump) while empty.
    expect(screen.getByRole('status', { name: 'Avisos' })).toBeInTheDocument();
    advance(8_000);
    expect(screen.getByText('Últimas vagas de Ultraformer')).toBeInTheDocument();
    expect(screen.getByText('Vagas Limitadas')).toBeInTheDocument();
    advance(12_000);
    expect(screen.getByText('Condição VIP')).toBeInTheDocument();
    expect(screen.getByText('Exclusivo')).toBeInTheDocument();
    advance(12_000);
    expect(screen.getByText('Semana da Criolipólise')).toBeInTheDocument();
  });

  it('the close control hides the notice and the next one comes after the gap', () => {
    vi.useFakeTimers();
    renderWithProviders(<NoticeBanner notices={NOTICES} random={() => 0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText('Semana da Criolipólise')).not.toBeInTheDocument();
    advance(7_999);
    expect(screen.queryByRole('button', { name: 'Fechar aviso' })).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByText('Últimas vagas de Ultraformer')).toBeInTheDocument();
  });

  it('keeps the notice while the pointer is over it', () => {
    vi.useFakeTimers();
    renderWithProviders(<NoticeBanner notices={NOTICES} random={() => 0} />);
    fireEvent.mouseEnter(screen.getByTestId('notice-banner'));
    advance(30_000);
    expect(screen.getByText('Semana da Criolipólise')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByTestId('notice-banner'));
    advance(4_000);
    expect(screen.queryByText('Semana da Criolipólise')).not.toBeInTheDocument();
  });

  it('stops its timers when unmounted', () => {
    vi.useFakeTimers();
    const { unmount } = renderWithProviders(<NoticeBanner notices={NOTICES} random={() => 0} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('NoticeBannerSlot', () => {
  it('loads active notices only and shows the first', async () => {
    apiData.notices = NOTICES;
    const calls = recordRequests();
    renderWithProviders(<NoticeBannerSlot />);
    expect(await screen.findByText('Semana da Criolipólise')).toBeInTheDocument();
    expect(calls.map(({ path }) => path)).toEqual(['/api/v1/notices/notices/?active=true']);
  });

  it('shows nothing when the load fails', async () => {
    server.use(
      http.get('/api/v1/notices/notices/', () =>
        HttpResponse.json({ detail: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    const calls = recordRequests();
    const { queryClient } = renderWithProviders(<NoticeBannerSlot />);
    await settled(queryClient, activeNoticesQueryKey);
    // The first answer and the one retry of a 5xx (app/query-client.ts).
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('status', { name: 'Avisos' })).not.toBeInTheDocument();
    expect(screen.queryByText(/erro/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the room the banner last took while the notices load, so the page does not move', async () => {
    window.localStorage.setItem('portal-notice-banner-height', '148');
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/v1/notices/notices/', async () => {
        await answered;
        return HttpResponse.json(apiData.notices.filter((notice) => notice.active));
      }),
    );
    apiData.notices = [makeNotice({ title: 'Semana da Criolipólise', active: true })];
    const { queryClient } = renderWithProviders(<NoticeBannerSlot />);
    const room = screen.getByTestId('notice-banner-room');
    expect(room).toHaveStyle({ height: '148px' });
    expect(room).toHaveAttribute('aria-hidden', 'true');
    answer();
    expect(await screen.findByText('Semana da Criolipólise')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-banner-room')).not.toBeInTheDocument();
    await settled(queryClient, activeNoticesQueryKey);
  });

  it('reserves nothing on a first visit, and forgets the room once there is no notice', async () => {
    const { queryClient, unmount } = renderWithProviders(<NoticeBannerSlot />);
    expect(screen.queryByTestId('notice-banner-room')).not.toBeInTheDocument();
    await settled(queryClient, activeNoticesQueryKey);
    unmount();

    window.localStorage.setItem('portal-notice-banner-height', '148');
    apiData.notices = [];
    const second = renderWithProviders(<NoticeBannerSlot />);
    await settled(second.queryClient, activeNoticesQueryKey);
    expect(window.localStorage.getItem('portal-notice-banner-height')).toBe('0');
  });

  it('shows nothing when there is no active notice', async () => {
    apiData.notices = [makeNotice({ active: false })];
    const calls = recordRequests();
    const { queryClient } = renderWithProviders(<NoticeBannerSlot />);
    await settled(queryClient, activeNoticesQueryKey);
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Avisos' })).not.toBeInTheDocument();
  });
});
