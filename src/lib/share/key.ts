/** Share keys carry this prefix so the server tells them from an application token without guessing. */
export const SHARE_KEY_PREFIX = 'share_';
