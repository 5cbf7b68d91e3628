import type { DocumentTypeEntry } from '@clearport/contract/shipments';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { useSetDocumentType } from '../api/set-document-types.ts';
import { useUnsetDocumentType } from '../api/unset-document-types.ts';
import styles from './shipment-steps.module.css';

type DocumentTypesProps = {
  shipmentId: number;
  types: readonly DocumentTypeEntry[];
};

/**
 * A checkbox per document type: ticking marks it submitted, unticking unsets it, and the status
 * the server answers with replaces the shown one (spec section 4). One change at a time, so
 * each reply's status is the latest; while one is on its way the boxes stay focusable
 * (aria-disabled) but do not change.
 */
export function DocumentTypes({ shipmentId, types }: DocumentTypesProps) {
  const setMutation = useSetDocumentType(shipmentId);
  const unsetMutation = useUnsetDocumentType(shipmentId);
  const isChanging = setMutation.isPending || unsetMutation.isPending;
  const changingType = setMutation.isPending ? setMutation.variables : unsetMutation.variables;

  if (types.length === 0) return <p className={styles.muted}>{WEB_TEXTS.noDocumentTypes}</p>;

  const change = (type: string, isSubmitted: boolean) => {
    if (isChanging) return;
    if (isSubmitted) setMutation.mutate(type);
    else unsetMutation.mutate(type);
  };

  return (
    <fieldset className={styles.types}>
      <legend className={styles.legend}>{WEB_TEXTS.documentTypesLegend}</legend>
      <ul className={styles.typeList} aria-busy={isChanging || undefined}>
        {types.map((entry) => {
          const isSubmitted = isChanging && entry.type === changingType ? setMutation.isPending : entry.submitted === 1;
          return (
            <li key={entry.type}>
              <Checkbox
                label={entry.type}
                description={entry.required === 1 ? WEB_TEXTS.documentTypeRequired : undefined}
                checked={isSubmitted}
                aria-disabled={isChanging || undefined}
                onChange={(event) => change(entry.type, event.target.checked)}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
