import { useState, type FormEvent } from 'react';
import {
  ENTRY_APPROVAL_MODES,
  type EntryApprovalMode,
  type EntryApprovalRule,
} from '@clearport/contract/customs-entry';
import { TEXTS } from '@clearport/contract/texts';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useLeavePrompt } from '../../../hooks/use-leave-prompt.ts';
import { useEntryApprovalRule, useSetEntryApprovalRule } from '../api/entry-approval-rule.ts';
import fieldset from '../../../components/ui/form-fieldset.module.css';
import styles from './customs-entry-panel.module.css';

const T = WEB_TEXTS.customsEntry;
const MODE_LABELS: Record<EntryApprovalMode, string> = { none: T.ruleNone, all: T.ruleAll, above: T.ruleAbove };

type RuleFormProps = { rule: EntryApprovalRule; canChange: boolean; onSaved?: (() => void) | undefined };

/** The rule as the form holds it, to tell a change from what was saved; a threshold counts only above one. */
const ruleValues = (mode: EntryApprovalMode, threshold: string) =>
  JSON.stringify([mode, mode === 'above' ? threshold.trim() : '']);

function RuleForm({ rule, canChange, onSaved }: RuleFormProps) {
  const [mode, setMode] = useState(rule.mode);
  const [threshold, setThreshold] = useState(rule.threshold ?? '');
  const save = useSetEntryApprovalRule(onSaved);
  // The rule as last loaded or saved: leaving with another one chosen asks first.
  const [saved, setSaved] = useState(() => ruleValues(mode, threshold));
  useLeavePrompt(canChange && !save.isPending && ruleValues(mode, threshold) !== saved, TEXTS.settingsUnsavedChanges);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = ruleValues(mode, threshold);
    save.mutate(
      { mode, threshold: threshold.trim() === '' ? null : threshold.trim() },
      { onSuccess: () => setSaved(sent) },
    );
  };
  return (
    <form onSubmit={submit} className={styles.query}>
      <fieldset className={fieldset.group} disabled={!canChange}>
        <legend className={fieldset.legend}>{T.ruleIntro}</legend>
        {ENTRY_APPROVAL_MODES.map((each) => (
          <label key={each}>
            <input
              type="radio"
              name="entry-approval"
              value={each}
              checked={mode === each}
              onChange={() => setMode(each)}
            />{' '}
            {MODE_LABELS[each]}
          </label>
        ))}
        <TextField
          label={T.ruleThreshold}
          inputMode="decimal"
          value={threshold}
          disabled={mode !== 'above'}
          onChange={(event) => setThreshold(event.target.value)}
        />
      </fieldset>
      {canChange ? (
        <div className={styles.actions}>
          <Button type="submit" isPending={save.isPending}>
            {T.ruleSave}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{T.ruleReadOnly}</p>
      )}
    </form>
  );
}

/**
 * The Settings page's 7501 approval: the company's duty-threshold rule (decision 0026).
 * `onSaved` tells the page a new rule is saved.
 */
export function EntryApprovalRuleSettings({ onSaved }: { onSaved?: () => void }) {
  const query = useEntryApprovalRule();
  return (
    <Panel title={T.ruleTitle}>
      {query.isPending && (
        <p className={styles.muted} role="status">
          {T.ruleLoading}
        </p>
      )}
      {query.isError && <FormMessage tone="error">{T.ruleLoadFailed}</FormMessage>}
      {query.isSuccess && <RuleForm rule={query.data.rule} canChange={query.data.can_change} onSaved={onSaved} />}
    </Panel>
  );
}
