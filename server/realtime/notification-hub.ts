/**
 * Live notifications, one LISTEN per process: the trigger of migration 0005
 * sends NOTIFY notification_events '<user_id>' whenever a member's
 * notifications change (on any instance, or straight in the database); the
 * hub calls every subscriber of that member in this process (their open
 * event streams). When the LISTEN connection is lost and reopened (the
 * database handle does that), every stream sends its state again, so what
 * was notified meanwhile is not missed. It starts on the first subscription; `closeNotificationHub`
 * ends every stream (shutdown) and the LISTEN.
 */
import type { DatabaseHandle } from "../db/client";

export const NOTIFICATION_CHANNEL = "notification_events";

type Subscriber = { onChange: () => void; onClose: () => void };

const subscribers = new Map<string, Set<Subscriber>>();
let listening: Promise<() => Promise<void>> | undefined;
let listeningOn: DatabaseHandle | undefined;

function dispatch(userId: string) {
  for (const s of subscribers.get(userId) ?? []) s.onChange();
}

/** After the LISTEN connection was lost and reopened: every stream sends its state again. */
function resendAll() {
  for (const set of subscribers.values()) for (const s of set) s.onChange();
}

/**
 * Subscribes to one member's changes; resolves once the LISTEN is in place
 * (so nothing after it is missed). Returns the unsubscribe function.
 */
export async function subscribeNotifications(
  handle: Pick<DatabaseHandle, "listen">,
  userId: string,
  subscriber: Subscriber,
): Promise<() => void> {
  if (!listening || listeningOn !== handle) {
    listeningOn = handle as DatabaseHandle;
    listening = handle.listen(NOTIFICATION_CHANNEL, dispatch, resendAll);
    listening.catch(() => {
      listening = undefined;
    });
  }
  let set = subscribers.get(userId);
  if (!set) subscribers.set(userId, (set = new Set()));
  set.add(subscriber);
  try {
    await listening;
  } catch (error) {
    set.delete(subscriber);
    throw error;
  }
  return () => {
    const current = subscribers.get(userId);
    current?.delete(subscriber);
    if (current?.size === 0) subscribers.delete(userId);
  };
}

/** How many streams are open in this process (tests, health). */
export function openStreamCount(): number {
  let n = 0;
  for (const set of subscribers.values()) n += set.size;
  return n;
}

/** Ends every open stream and the LISTEN (shutdown). */
export async function closeNotificationHub(): Promise<void> {
  for (const set of subscribers.values()) for (const s of [...set]) s.onClose();
  subscribers.clear();
  const pending = listening;
  listening = undefined;
  listeningOn = undefined;
  const unlisten = await pending?.catch(() => undefined);
  await unlisten?.().catch(() => {});
}
