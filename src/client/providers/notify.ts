// The toast stack (top centre, 3000 ms; success, warning, error) used by providers outside React.
// The stack (layout/Toasts.tsx, antd's message hook inside the app's theme and direction) loads
// when the first toast is asked for; toasts asked for until it is mounted wait, then show.
import type { MessageInstance } from 'antd/es/message/interface';

export type ToastType = 'success' | 'warning' | 'error';
export const TOAST_MS = 3000;

interface Pending {
  kind: ToastType;
  text: string;
  key?: string;
}

let api: MessageInstance | null = null;
let waiting: Pending[] = [];
let wanted = false;
const wantListeners = new Set<() => void>();

function show(target: MessageInstance, { kind, text, key }: Pending): void {
  void target.open({ type: kind, content: text, duration: TOAST_MS / 1000, key });
}

export function registerToastApi(instance: MessageInstance | null): void {
  api = instance;
  if (!instance) return;
  const queued = waiting;
  waiting = [];
  for (const p of queued) show(instance, p);
}

/** Whether a toast has been asked for (the app then mounts the stack), and a way to hear of it. */
export function toastsWanted(): boolean {
  return wanted;
}
export function onToastsWanted(listener: () => void): () => void {
  wantListeners.add(listener);
  return () => {
    wantListeners.delete(listener);
  };
}

type Sink = (type: ToastType, text: string) => void;
let testSink: Sink | null = null;

/** Unit tests capture toasts instead of rendering them. */
export function setToastSink(sink: Sink | null): void {
  testSink = sink;
}

/** A toast; one with the key of a toast still shown replaces it. */
export function toast(type: string, text: string, key?: string): void {
  const kind: ToastType = type === 'error' || type === 'warning' ? type : 'success';
  if (testSink) return testSink(kind, text);
  if (api) return show(api, { kind, text, key });
  // A waiting toast with the same key is replaced, as a shown one would be.
  waiting = [...waiting.filter((p) => key === undefined || p.key !== key), { kind, text, key }];
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
}
