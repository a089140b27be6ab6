import { ContactChangeFlow } from '../components/ContactChangeFlow';
import './account.css';

export default function ChangePhonePage() {
  return <ContactChangeFlow kind="mobile" mode="change" />;
}
