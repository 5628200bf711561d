// The pub/sub bus every instance shares: in-process by default, Redis when REDIS_URL is set.
// Below both sessions and realtime, which each use it.

export type Unsubscribe = () => Promise<void>;

export interface Bus {
  /** Delivers to every subscriber of the channel, on any instance; resolves to how many got it. */
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<Unsubscribe>;
}
