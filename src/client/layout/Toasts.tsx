// The toast stack (top centre, 3 s, at most 5): antd's message hook, inside the app's theme and
// direction. Loaded when the first toast is asked for (providers/notify.ts), so no page's first
// load carries antd's message and notification machinery for toasts it may never show.
import { useEffect } from 'react';
import { message } from 'antd';
import { registerToastApi } from '../providers/notify';

export default function Toasts() {
  const [toasts, holder] = message.useMessage({ top: 16, duration: 3, maxCount: 5 });
  useEffect(() => {
    registerToastApi(toasts);
    return () => registerToastApi(null);
  }, [toasts]);
  return holder;
}
