import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

// antd-mobile 5 renders its imperative APIs (Toast.show, Dialog.show) with the React 18 API by default; React 19 needs
// createRoot from react-dom/client (https://mobile.ant.design/guide/v5-for-19). preact/compat, which runs the app
// (vite.config.ts), offers both and reports React 19; createRoot is the one kept.
type Container = (Element | DocumentFragment) & { __shopRoot?: Root };
unstableSetRender((node, container: Container) => {
  const root = (container.__shopRoot ??= createRoot(container));
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__shopRoot;
  };
});
