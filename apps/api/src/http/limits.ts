/** Bodies above this are refused with 413 (photo uploads carry up to 4 × 10 MB in base64). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const PHOTO_BODY_LIMIT_BYTES = 60 * 1024 * 1024;
/** How long a failed sign-in counts towards throttling. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Answers smaller than this go uncompressed: below it, compressing costs more than it saves. */
export const COMPRESS_FROM_BYTES = 2048;
