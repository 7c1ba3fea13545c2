import { notification } from 'antd';
import { useEffect } from 'react';
import { registerNotifier } from '../lib/notify';

/** Holds the notices inside the app's ConfigProvider and hands its instance to `notify`. */
export function NotificationHost() {
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 3 });
  useEffect(() => {
    registerNotifier(api);
    return () => registerNotifier(null);
  }, [api]);
  return holder;
}
