import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { failureText } from '../../../lib/api-client.ts';
import { useEndSubuserSessions } from '../api/end-subuser-sessions.ts';

const T = WEB_TEXTS.sessions;

/**
 * The Edit User screen's sign-ins (ASVS 7.4.5, decision 0033): whoever may edit the user signs
 * them out on every device at once; they can log in again.
 */
export function SubuserSessions({ userId }: { userId: number }) {
  const end = useEndSubuserSessions(userId);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  return (
    <Panel title={T.userTitle}>
      <p>{T.userIntro}</p>
      <Button
        variant="secondary"
        isPending={end.isPending}
        onClick={() =>
          end.mutate(undefined, {
            onSuccess: (reply) => setResult({ tone: 'success', text: T.userEnded(reply.ended) }),
            onError: (error) => setResult({ tone: 'error', text: failureText(error) }),
          })
        }
      >
        {T.userEnd}
      </Button>
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
    </Panel>
  );
}
