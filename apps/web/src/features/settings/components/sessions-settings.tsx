import type { UserSession } from '@clearport/contract/sessions';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { failureText } from '../../../lib/api-client.ts';
import { formatInstant } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';
import styles from './sessions-settings.module.css';

const T = WEB_TEXTS.sessions;

function SessionItem({ session }: { session: UserSession }) {
  const end = useEndSession();
  return (
    <li
      className={styles.session}
      aria-label={session.is_current ? `${session.device}, ${T.thisDevice}` : session.device}
    >
      <div className={styles.device}>
        <span className={styles.deviceName}>{session.device}</span>
        {session.is_current && <span className={styles.current}>{T.thisDevice}</span>}
      </div>
      <dl className={styles.details}>
        <div>
          <dt>{T.from}</dt>
          <dd>{session.ip_address || '—'}</dd>
        </div>
        <div>
          <dt>{T.started}</dt>
          <dd>{formatInstant(session.created_at)}</dd>
        </div>
        <div>
          <dt>{T.lastUsed}</dt>
          <dd>{formatInstant(session.last_used_at)}</dd>
        </div>
      </dl>
      {!session.is_current && (
        <Button
          variant="secondary"
          aria-label={T.endLabel(session.device, formatInstant(session.last_used_at))}
          isPending={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(T.ended),
              onError: (error) => toast.error(failureText(error)),
            })
          }
        >
          {T.end}
        </Button>
      )}
    </li>
  );
}

/**
 * Settings' "Your sign-ins" (ASVS 7.5.2, decision 0033), beside the spec's sections: where the user
 * is signed in, each ended on its own or all but this one at once.
 */
export function SessionsSettings() {
  const query = useSessions();
  const endOthers = useEndOtherSessions();
  const sessions = query.data?.sessions ?? [];
  const hasOthers = sessions.some((session) => !session.is_current);
  return (
    <Panel title={T.title}>
      <p className={styles.hint}>{T.intro}</p>
      {query.isError && <FormMessage tone="error">{T.loadFailed}</FormMessage>}
      {query.isSuccess && (
        <>
          <ul className={styles.list}>
            {sessions.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          {!hasOthers && <p className={styles.hint}>{T.none}</p>}
          {hasOthers && (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                isPending={endOthers.isPending}
                onClick={() =>
                  endOthers.mutate(undefined, {
                    onSuccess: () => toast.success(T.othersEnded),
                    onError: (error) => toast.error(failureText(error)),
                  })
                }
              >
                {T.endOthers}
              </Button>
            </div>
          )}
        </>
      )}
      <p className={styles.hint}>{T.passwordNote}</p>
    </Panel>
  );
}
