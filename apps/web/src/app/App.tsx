import { BrowserRouter } from 'react-router';
import { AppLayout } from './layout/AppLayout';

export function App() {
  return (
    <BrowserRouter>
      <AppLayout />
    </BrowserRouter>
  );
}
