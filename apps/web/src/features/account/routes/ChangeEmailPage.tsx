import { ContactChangeFlow } from '../components/ContactChangeFlow';
import './account.css';

export default function ChangeEmailPage() {
  return <ContactChangeFlow kind="email" mode="change" />;
}
