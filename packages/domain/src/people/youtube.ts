/**
 * YouTube links as admins paste them: the video id is all the app needs to show a thumbnail and
 * an embedded player.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** Hosts that serve a video page or player; youtu.be is handled apart (the id is the path). */
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** Path prefixes whose next segment is the video id: /embed/{id}, /shorts/{id}, /live/{id}, /v/{id}. */
const ID_PATH_PREFIXES = new Set(['embed', 'shorts', 'live', 'v']);

function parseUrl(url: string): URL | null {
  const trimmed = url.trim();
  if (!URL.canParse(trimmed)) return null;
  const parsed = new URL(trimmed);
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
}

function validId(candidate: string | null | undefined): string | null {
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/**
 * The 11-character video id of youtube.com/watch?v=…, youtu.be/…, /embed/…, /shorts/… (and
 * /live/…, /v/…) links; null for anything else.
 */
export function extractYouTubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' || host === 'www.youtu.be') return validId(segments[0]);
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (segments[0] === 'watch') return validId(parsed.searchParams.get('v'));
  if (segments[0] && ID_PATH_PREFIXES.has(segments[0])) return validId(segments[1]);
  return null;
}

export function isYouTubeUrl(url: string | null | undefined): boolean {
  return extractYouTubeId(url) !== null;
}

/** The host's high-quality still of the video, or null when the link is not a YouTube video. */
export function youtubeThumbnailUrl(url: string | null | undefined): string | null {
  const id = extractYouTubeId(url);
  return id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : null;
}

/** The privacy-enhanced player URL (no cookies until the viewer presses play). */
export function youtubeEmbedUrl(url: string | null | undefined): string | null {
  const id = extractYouTubeId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
