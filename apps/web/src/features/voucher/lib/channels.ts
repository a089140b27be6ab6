import { CHANNELS_SHOWN_FIRST, channelsForDevice, type DevicePlatform } from '@shop/contract/channels';

export interface VisibleChannels<T> {
  /** The channels to list now. */
  shown: T[];
  /** All channels usable on this device (for preselection). */
  usable: T[];
  /** How many are behind "View More". */
  more: number;
}

/** Filters by device (Apple Pay hidden on Android, Google Pay on iOS) and shows the first 5 until View More. */
export function visibleChannels<T extends { payMethodName: string }>(
  channels: readonly T[],
  platform: DevicePlatform,
  expanded: boolean,
): VisibleChannels<T> {
  const usable = channelsForDevice([...channels], platform);
  const shown = expanded ? usable : usable.slice(0, CHANNELS_SHOWN_FIRST);
  return { shown, usable, more: usable.length - shown.length };
}

/** Keeps the chosen channel when it is still offered, else the first usable one (spec: first preselected). */
export function preselectChannel<T extends { id: number }>(usable: readonly T[], currentId: number | null): number | null {
  if (currentId != null && usable.some((channel) => channel.id === currentId)) return currentId;
  return usable[0]?.id ?? null;
}
