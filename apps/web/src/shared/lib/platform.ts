import type { DevicePlatform } from '@shop/contract/channels';

/** Android, iOS (including iPadOS that reports itself as a Mac with touch) or anything else. */
export function platformOf(userAgent: string, maxTouchPoints = 0): DevicePlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

export function currentPlatform(): DevicePlatform {
  if (typeof navigator === 'undefined') return 'other';
  return platformOf(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
