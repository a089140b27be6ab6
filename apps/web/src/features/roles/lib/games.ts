/** A game ID as players paste it: trimmed, inner spaces removed; empty means nothing to look up. */
export const normaliseGameId = (value: string) => value.replace(/\s+/g, '');
