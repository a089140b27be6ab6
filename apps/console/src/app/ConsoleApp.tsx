import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError } from '../shared/api/client';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (no session, no permission, bad input) is not retried; a network hiccup is, once.
      retry: (failures, error) => !(error instanceof ApiError && error.code < 500) && failures < 1,
      refetchOnWindowFocus: false,
    },
  },
});

export function ConsoleApp() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh';
  dayjs.locale(zh ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={zh ? zhCN : enUS} theme={{ token: { colorPrimary: '#4f46e5', borderRadius: 6 } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
