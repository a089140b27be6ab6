import { ContactChangeFlow } from '../components/ContactChangeFlow';
import './account.css';

export default function BindPhonePage() {
  return <ContactChangeFlow kind="mobile" mode="bind" />;
}
