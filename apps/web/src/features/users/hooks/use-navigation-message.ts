import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTimedMessage, type TimedMessage } from './use-timed-message.ts';

/** What a sub-user screen hands to the next one it opens: the message to show there. */
export type MessageState = { message?: TimedMessage };

/**
 * A timed message that starts with the one the previous screen passed in the navigation's
 * state (Subuser created after adding, the deletion after deleting). The state is cleared at
 * once, so a reload does not show it again.
 */
export function useNavigationMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as MessageState | null)?.message ?? null;
  const timed = useTimedMessage(passed);
  useEffect(() => {
    if (passed) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [passed, navigate, location.pathname, location.search]);
  return timed;
}
