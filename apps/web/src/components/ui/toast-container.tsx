import { ToastContainer as Container } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@clearport/contract/constants';

/** The portal's toast container; loaded with react-toastify when the first toast is shown. */
export function ToastContainer() {
  return <Container position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover pauseOnFocusLoss />;
}
