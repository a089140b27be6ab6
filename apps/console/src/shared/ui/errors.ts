import { App } from 'antd';
import { ApiError } from '../api/client';

/** Shows a failed call's message (the server's, in the console's language) as a toast. */
export function useShowError() {
  const { message } = App.useApp();
  return (error: unknown) => {
    void message.error(error instanceof ApiError || error instanceof Error ? error.message : String(error));
  };
}
