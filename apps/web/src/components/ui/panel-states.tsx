import { WEB_TEXTS } from '../../config/texts.ts';
import { Button } from './button.tsx';
import { FormMessage } from './form-message.tsx';
import { Panel } from './panel.tsx';
import styles from './panel.module.css';

/** A panel whose content is on its way: its title, and what it is loading, announced. */
export function LoadingPanel({ title, text }: { title: string; text: string }) {
  return (
    <Panel title={title}>
      <p className={styles.muted} role="status">
        {text}
      </p>
    </Panel>
  );
}

/** A panel whose content could not be loaded: what failed, and Try again. */
export function FailedPanel({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <Panel title={title}>
      <FormMessage tone="error">{text}</FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        {WEB_TEXTS.common.tryAgain}
      </Button>
    </Panel>
  );
}
