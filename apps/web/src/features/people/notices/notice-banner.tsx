import { Badge, Box, CloseButton, Group, Image, Paper, Text, Transition } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { NOTICE_CATEGORY_LABELS, type Notice, type NoticeCategory } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import {
  createNoticeCycle,
  DEFAULT_BANNER_TIMINGS,
  type BannerTimings,
  type NoticeCycle,
} from './notice-cycle';
import { useActiveNoticesQuery } from '../../../api/people/notices';

/**
 * Badge and accent colour per category (Mantine red-9, a deep orange, violet-8, teal-9): white
 * text on each passes WCAG AA (>= 4.5:1) in both colour schemes.
 */
const CATEGORY_COLORS: Record<NoticeCategory, string> = {
  urgent: '#c92a2a',
  scarcity: '#c2410c',
  exclusive: '#6741d9',
  new_purchase: '#087f5b',
};

/** Room for a notice of a couple of lines, kept while the banner is between notices. */
const SLOT_MIN_HEIGHT = 76;

/**
 * The banner's height as this device last drew it with its first notice. While the notices load,
 * the slot keeps that room: drawn after the page, the banner pushed the whole page down (a layout
 * shift of 0.18 in a Lighthouse run of the builder). Waiting for the notices before the first
 * render instead put their request on the page's critical path (LCP 2.43 → 2.66 s on a phone).
 * A height, not personal data.
 */
const LAST_BANNER_HEIGHT_KEY = 'portal-notice-banner-height';

function lastBannerHeight(): number {
  try {
    const stored = Number(window.localStorage.getItem(LAST_BANNER_HEIGHT_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : 0;
  } catch {
    return 0;
  }
}

function rememberBannerHeight(height: number): void {
  try {
    window.localStorage.setItem(LAST_BANNER_HEIGHT_KEY, String(height));
  } catch {
    // Blocked storage: the next visit reserves no room.
  }
}

export interface NoticeBannerProps {
  notices: readonly Notice[];
  timings?: BannerTimings;
  /** Injected in tests; Math.random otherwise. */
  random?: () => number;
}

/**
 * SPEC "Rotating notice banner": one notice at a time with its category and a close control.
 * The slot keeps its height while empty so the page below does not jump at every change.
 */
export function NoticeBanner({
  notices,
  timings = DEFAULT_BANNER_TIMINGS,
  random = Math.random,
}: NoticeBannerProps) {
  const [shownIndex, setShownIndex] = useState(0);
  // The first notice is drawn with the page, without a fade: the cycle's start shows it anyway,
  // and its fade-in, started with the page, made the page's first frame one long task on a phone
  // (a forced second render before its first style and layout;
  // docs/decisions/0027-first-frame-on-the-issue-machine.md).
  const [visible, setVisible] = useState(notices.length > 0);
  const cycleRef = useRef<NoticeCycle | null>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  // Read in an effect, once the banner is committed: the layout this reads is the one its
  // frame needs anyway.
  useEffect(() => {
    const height = slotRef.current?.offsetHeight ?? 0;
    if (height > 0) rememberBannerHeight(height);
  }, []);
  const countRef = useRef(notices.length);
  const randomRef = useRef(random);
  const reduceMotion = useReducedMotion();

  // The cycle reads the current count at every step, so a refetched list does not restart it.
  useEffect(() => {
    countRef.current = notices.length;
    randomRef.current = random;
  }, [notices.length, random]);

  const { minMs: showMin, maxMs: showMax } = timings.show;
  const { minMs: gapMin, maxMs: gapMax } = timings.gap;
  useEffect(() => {
    const cycle = createNoticeCycle({
      count: () => countRef.current,
      onChange: (index) => {
        // The last notice stays rendered while it fades out.
        if (index !== null) setShownIndex(index);
        setVisible(index !== null);
      },
      timings: { show: { minMs: showMin, maxMs: showMax }, gap: { minMs: gapMin, maxMs: gapMax } },
      random: () => randomRef.current(),
    });
    cycleRef.current = cycle;
    cycle.start();
    return () => {
      cycle.stop();
      cycleRef.current = null;
    };
  }, [showMin, showMax, gapMin, gapMax]);

  const notice = notices.length > 0 ? notices[shownIndex % notices.length] : undefined;

  return (
    <Box
      ref={slotRef}
      mih={SLOT_MIN_HEIGHT}
      mb="md"
      // A polite live region announces each notice without interrupting the reader.
      role="status"
      aria-live="polite"
      aria-label="Avisos"
    >
      {notice ? (
        <Transition mounted={visible} transition="fade-down" duration={reduceMotion ? 0 : 300}>
          {(styles) => (
            <Paper
              withBorder
              radius="md"
              px="md"
              py="sm"
              shadow="xs"
              style={{
                ...styles,
                borderLeft: `4px solid ${CATEGORY_COLORS[notice.category]}`,
              }}
              // Someone reading (pointer over it, keyboard inside) keeps the notice on screen.
              onMouseEnter={() => cycleRef.current?.pause()}
              onMouseLeave={() => cycleRef.current?.resume()}
              onFocus={() => cycleRef.current?.pause()}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) cycleRef.current?.resume();
              }}
              data-testid="notice-banner"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {notice.imageUrl ? (
                  <Image
                    src={notice.imageUrl}
                    alt=""
                    w={48}
                    h={48}
                    radius="sm"
                    fit="cover"
                    visibleFrom="xs"
                  />
                ) : null}
                <Box flex={1} miw={0}>
                  <Group gap="xs" wrap="wrap" mb={2}>
                    <Badge variant="filled" color={CATEGORY_COLORS[notice.category]} size="sm">
                      {NOTICE_CATEGORY_LABELS[notice.category]}
                    </Badge>
                    <Text fw={600} size="sm">
                      {notice.title}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {notice.text}
                  </Text>
                </Box>
                <CloseButton
                  aria-label="Fechar aviso"
                  onClick={() => cycleRef.current?.dismiss()}
                />
              </Group>
            </Paper>
          )}
        </Transition>
      ) : null}
    </Box>
  );
}

/**
 * The professional layout renders this at the top of every page: active notices only. While
 * they load it keeps the room the banner last took on this device (none on a first visit); on a
 * failed load or with no active notice it renders nothing (SPEC section 7).
 */
export function NoticeBannerSlot() {
  const { data, isPending } = useActiveNoticesQuery();
  const [reservedHeight] = useState(lastBannerHeight);
  useEffect(() => {
    // No active notice now: the next visit reserves no room either.
    if (data?.length === 0) rememberBannerHeight(0);
  }, [data]);
  if (isPending && reservedHeight > 0) {
    return (
      <Box
        style={{ height: reservedHeight }}
        mb="md"
        aria-hidden
        data-testid="notice-banner-room"
      />
    );
  }
  if (!data || data.length === 0) return null;
  return <NoticeBanner notices={data} />;
}
