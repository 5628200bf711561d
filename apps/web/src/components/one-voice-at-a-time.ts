// One voice intro plays at a time across the page: the player that starts pauses whichever was playing.
// Module state rather than a context, so players in unrelated trees (a card, a dialog) still agree.

export interface Pausable {
  pause(): void;
}

let playing: Pausable | null = null;

/** Called as a player starts: pauses the one that was playing, if it was another. */
export function claimPlayback(player: Pausable): void {
  const previous = playing;
  playing = player;
  if (previous && previous !== player) previous.pause();
}

/** Called as a player pauses, ends or unmounts; a player that no longer holds playback changes nothing. */
export function releasePlayback(player: Pausable): void {
  if (playing === player) playing = null;
}

/** The player now playing, or null (for tests). */
export function currentPlayback(): Pausable | null {
  return playing;
}
