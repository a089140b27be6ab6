import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '../../shared/lib/navigation';

/** Hands the router's navigate to non-React modules (API client, payment widget). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(undefined);
  }, [navigate]);
  return null;
}
