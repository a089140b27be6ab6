import { ContactChangeFlow } from '../components/ContactChangeFlow';
import './account.css';

export default function BindEmailPage() {
  return <ContactChangeFlow kind="email" mode="bind" />;
}
