// The toast stack (top centre, 3000 ms; success, warning, error) used by providers outside React.
// Inside the app the antd App context's message API is registered so toasts follow the theme and
// direction; before that the static API is used.
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

export type ToastType = 'success' | 'warning' | 'error';
export const TOAST_MS = 3000;

let api: MessageInstance | null = null;

export function registerToastApi(instance: MessageInstance | null): void {
  api = instance;
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
  const target = api ?? staticMessage;
  void target.open({ type: kind, content: text, duration: TOAST_MS / 1000, key });
}
